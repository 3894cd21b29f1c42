// The structural reader of one stage's SPIR-V (the SPIR-V specification,
// 2.3 "Physical Layout of a SPIR-V Module and Instruction"): the five-word
// header, then instructions whose first word holds their word count (high
// 16 bits) and opcode (low 16 bits). It checks what a reader must trust to
// walk the module at all, so that every malformed payload is rejected
// whether or not SPIRV-Tools is built in:
//
//   - at least 5 words; magic 0x07230203 as a little-endian word (the VBC
//     file holds the words in the writer's byte order, and VSL writes only
//     x86_64 files); a version word 0x00010m00 with m 0 to 6;
//   - every instruction's word count at least 1 and inside the module.
//
// Along the way it collects what the reflection cross-checks and the dumps
// need: entry points, the Location of Input and Output variables, and an
// upper bound of the work SPIRV-Tools' friendly-name mapper (which both its
// disassembler and its validator's error messages run) would do on the
// module: that mapper is quadratic in repeated names (spirv-dis takes 133 s
// on a 240 KB module of 20,000 `OpName %x "a"`) and in nested type names.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::vbc {

inline constexpr uint32_t kSpirvMagic = 0x07230203;
inline constexpr size_t kSpirvHeaderWords = 5;

struct EntryPoint {
  uint32_t execution_model = 0;
  uint32_t id = 0;
  FileString name;  // empty when its literal has no NUL inside the instruction
};

struct SpirvModule {
  uint32_t version = 0;  // header word 1: 0x00010300 is SPIR-V 1.3
  uint32_t generator = 0;
  uint32_t bound = 0;
  uint32_t schema = 0;
  uint32_t instructions = 0;
  std::vector<EntryPoint> entry_points;
  // Locations decorated on variables of the Input and Output storage
  // classes, sorted, each once.
  std::vector<uint32_t> input_locations;
  std::vector<uint32_t> output_locations;
  // An upper bound of the bytes SPIRV-Tools' friendly-name mapper builds
  // and the disassembly prints for this module (see above); 0 when not
  // asked for.
  uint64_t name_work = 0;
};

// "1.3" for 0x00010300.
[[nodiscard]] std::string spirv_version_text(uint32_t version);

// Reads `code` (whole words: the VBC header sizes stages in words) whose
// first byte is at `base` in the file; diagnostics name `at`.words[i].
// `name_work`: whether to shadow SPIRV-Tools' name mapper (the module is
// going to SPIRV-Tools); it is most of the walk's cost.
bool read_spirv(Bytes code, uint64_t base, const FieldPath& at, Context& ctx, SpirvModule& out, bool name_work);

// The word at which instruction `index` (0-based) starts in a module
// read_spirv() accepted, or 0 (the header) when there is no such
// instruction.
[[nodiscard]] size_t instruction_word(Bytes code, size_t index);

}  // namespace sp::vbc
