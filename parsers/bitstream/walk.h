// Walks a whole bitcode file (bare or wrapped) through the reader without
// keeping anything: what `check` does for bitcode, and the baseline the
// benchmark compares with LLVM's BitstreamCursor.
#pragma once

#include <cstdint>
#include <optional>

#include "bitstream/reader.h"
#include "bitstream/wrapper.h"
#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::bitstream {

struct WalkStats {
  uint32_t magic = 0;
  bool wrapped = false;
  uint64_t top_level_blocks = 0;
  uint64_t blocks = 0;
  uint64_t records = 0;
  uint64_t abbrevs = 0;
  uint64_t max_depth = 0;
};

// `base_byte` is the offset of file[0] in the input, for error offsets;
// `magic`, when given, is the only magic accepted (bad_magic otherwise).
std::optional<WalkStats> walk_file(Bytes file, Context& ctx, uint64_t base_byte = 0,
                                   std::optional<uint32_t> magic = std::nullopt, BlockNamer namer = nullptr);

}  // namespace sp::bitstream
