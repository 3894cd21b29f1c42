// STAT: fxc's statistics about the program it wrote (what
// ID3D11ShaderReflection::GetDesc returns), a flat array of DWORDs: 29
// in SM4 files, 37 in SM5 files, 28 from early SM4 compilers (Wine's
// d3dcompiler reads all three). stat_fields.def names them in order.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "fxc/chunk.h"

namespace sp::fxc {

struct Stat {
#define SP_STAT_FIELD(name) uint32_t name = 0;
#include "fxc/stat_fields.def"
#undef SP_STAT_FIELD
  // The fields the chunk holds, in stat_fields.def's order (fields past
  // it read as 0 and are not written back).
  uint32_t fields_present = 0;
  // Bytes after the last field: the rest of a chunk longer than 37
  // DWORDs, or the part DWORD of one whose size is not a multiple of 4.
  Bytes extra;
};

struct StatField {
  std::string_view name;
  uint32_t Stat::*member;
};

// Every field, in the chunk's order.
inline constexpr StatField kStatFields[] = {
#define SP_STAT_FIELD(name) {#name, &Stat::name},
#include "fxc/stat_fields.def"
#undef SP_STAT_FIELD
};

// The chunk sizes in DWORDs the compilers write: early SM4, SM4, SM5.
inline constexpr std::array<uint32_t, 3> kStatLayouts = {28, 29, 37};
static_assert(std::size(kStatFields) == kStatLayouts.back());

// STAT. A size none of kStatLayouts has is a warning (stat_size_unknown):
// the fields present are decoded, the rest kept in `extra`.
bool parse_stat(const ChunkScope& s, Stat& out);
std::vector<uint8_t> write_stat(const Stat& stat);

}  // namespace sp::fxc
