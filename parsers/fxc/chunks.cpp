#include "fxc/chunks.h"

#include <algorithm>

#include "fxc/checks.h"

namespace sp::fxc {

const ChunkKind* chunk_kind(std::string_view tag) {
  const auto it =
      std::find_if(std::begin(kChunkKinds), std::end(kChunkKinds), [&](const ChunkKind& k) { return k.tag == tag; });
  return it != std::end(kChunkKinds) ? &*it : nullptr;
}

bool parse_chunk(const ChunkKind& kind, const ChunkScope& s, Chunk& out) {
  out.tag = kind.tag;
  if (!kind.parse(s, out.model)) return false;
  if (const auto* program = std::get_if<Program>(&out.model)) check_program(*program, s);
  return true;
}

}  // namespace sp::fxc
