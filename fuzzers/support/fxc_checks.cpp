#include "support/fxc_checks.h"

#include <algorithm>
#include <string>
#include <vector>

#include "fxc/describe.h"
#include "support/alignment_checks.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {
namespace {

struct Decoded {
  std::optional<fxc::Chunk> chunk;
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
};

Decoded decode(const fxc::ChunkKind& kind, Bytes data, const Limits& limits) {
  Context ctx(limits, data.size());
  const FieldPath root = FieldPath::root();
  Decoded d;
  fxc::Chunk chunk;
  const bool ok = fxc::parse_chunk(kind, fxc::ChunkScope{data, 0, root, ctx}, chunk);
  check(ok != ctx.failed(), "the decoder's return value disagrees with its Context",
        ctx.error() ? ctx.error()->to_string() : "returned false without an error");
  d.error = ctx.take_error();
  d.warnings = ctx.take_warnings();
  if (ok) d.chunk = std::move(chunk);
  return d;
}

void check_error_shape(const Diagnostic& d, Bytes data) {
  check(d.code != Code::internal_error, "the decoder reports an internal error", d.to_string());
  check(d.unit == OffsetUnit::byte && d.offset <= data.size(), "the error's offset is outside the chunk",
        d.to_string());
  check(!d.path.empty() || d.code == Code::truncated, "an error inside the chunk has no path", d.to_string());
}

void check_reencodes(const fxc::ChunkKind& kind, const fxc::Chunk& chunk, Bytes data, const char* which) {
  const std::vector<uint8_t> written = kind.write(chunk.model);
  if (std::equal(written.begin(), written.end(), data.begin(), data.end())) return;
  const auto at = std::mismatch(written.begin(), written.end(), data.begin(), data.end()).first - written.begin();
  invariant_broken(std::string("write(decode(x)) is not x ") + which,
                   "first difference at byte " + std::to_string(at) + ": " +
                       std::to_string(written.size()) + " bytes written, " + std::to_string(data.size()) + " read");
}

}  // namespace

std::optional<fxc::Chunk> decode_chunk_checked(const fxc::ChunkKind& kind, Bytes data, const Limits& limits) {
  Decoded a = decode(kind, data, limits);
  std::vector<uint8_t> storage;
  const Bytes moved = misaligned_copy(data, storage);
  const Decoded b = decode(kind, moved, limits);
  check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  if (a.error) check_error_shape(*a.error, data);
  if (!a.chunk) return std::nullopt;
  check_reencodes(kind, *a.chunk, data, "");
  check_reencodes(kind, *b.chunk, moved, "at another alignment");
  check(!fxc::describe(*a.chunk).empty(), "describe gave nothing");
  return std::move(a.chunk);
}

}  // namespace sp::fuzz
