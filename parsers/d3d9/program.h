// A Direct3D 9 shader (SM2.0 to SM3.0): a version token, comment blocks and
// instructions in any order, and the end token (d3d9types.h: D3DSIO_*,
// D3DSP_*, D3DVS_*; docs/formats/d3d9.md). The model keeps every token, so
// write_program() re-encodes a decoded program byte for byte, and the
// printers can show values no table names as numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "d3d9/constant_table.h"
#include "d3d9/debug_info.h"
#include "d3d9/opcodes.h"

namespace sp::d3d9 {

inline constexpr uint32_t kEndToken = 0x0000FFFF;

// The version token: D3DPS_VERSION / D3DVS_VERSION.
struct Version {
  uint32_t token = 0;
  [[nodiscard]] bool pixel() const { return (token >> 16) == 0xFFFF; }
  [[nodiscard]] bool vertex() const { return (token >> 16) == 0xFFFE; }
  [[nodiscard]] uint32_t major() const { return (token >> 8) & 0xFF; }
  [[nodiscard]] uint32_t minor() const { return token & 0xFF; }
  [[nodiscard]] bool sm3() const { return major() >= 3; }
};

// "ps_3_0", "vs_2_x" (minor 1), "vs_3_sw" (minor 0xFF).
[[nodiscard]] std::string version_name(const Version& v);

// D3DSHADER_PARAM_REGISTER_TYPE values the reader and the printers treat apart.
enum RegisterType : uint32_t {
  kTemp = 0,
  kInput = 1,
  kConst = 2,
  kAddrOrTexture = 3,  // a0 in a vertex shader, t# in a pixel shader
  kRastOut = 4,
  kAttrOut = 5,
  kTexCrdOut = 6,  // oT# before vs_3_0, o# from it on
  kConstInt = 7,
  kColorOut = 8,
  kDepthOut = 9,
  kSampler = 10,
  kConst2 = 11,
  kConst3 = 12,
  kConst4 = 13,
  kConstBool = 14,
  kLoop = 15,
  kTempFloat16 = 16,
  kMiscType = 17,
  kLabel = 18,
  kPredicate = 19,
};

// A parameter token (D3DSP_*) with its relative-address token, which
// follows it when bit 13 is set (shader model 2 on).
//   [10:0] register number, [12:11] register type bits 3..4, [13] relative,
//   destination: [19:16] write mask, [23:20] result modifier, [27:24] shift;
//   source: [23:16] swizzle, [27:24] source modifier;
//   [30:28] register type bits 0..2, [31] always 1.
struct Parameter {
  uint32_t token = 0;
  uint32_t relative = 0;  // the relative-address token, when is_relative()

  [[nodiscard]] uint32_t number() const { return token & 0x7FF; }
  [[nodiscard]] uint32_t type() const { return ((token >> 28) & 7) | ((token >> 8) & 0x18); }
  [[nodiscard]] bool is_relative() const { return ((token >> 13) & 1) != 0; }
  [[nodiscard]] uint32_t write_mask() const { return (token >> 16) & 0xF; }
  [[nodiscard]] uint32_t result_modifier() const { return (token >> 20) & 0xF; }
  [[nodiscard]] uint32_t shift() const { return (token >> 24) & 0xF; }
  [[nodiscard]] uint32_t swizzle() const { return (token >> 16) & 0xFF; }
  [[nodiscard]] uint32_t source_modifier() const { return (token >> 24) & 0xF; }
};

// The source swizzle .xyzw, each component read from itself.
inline constexpr uint32_t kIdentitySwizzle = 0xE4;

// An instruction token ([15:0] opcode, [23:16] controls: a comparison or
// texld's project / bias, [27:24] length in tokens, [28] predicated,
// [30] co-issue) and what follows it, in the order its layout (opcodes.h)
// gives: `params` the parameters, `words` the raw DWORDs (dcl's usage
// token, def's values).
struct Instruction {
  uint64_t offset = 0;  // of the instruction token, in the file
  uint32_t token = 0;
  std::vector<Parameter> params;
  std::vector<uint32_t> words;

  [[nodiscard]] uint32_t opcode_value() const { return token & 0xFFFF; }
  [[nodiscard]] Opcode opcode() const { return static_cast<Opcode>(opcode_value()); }
  [[nodiscard]] uint32_t controls() const { return (token >> 16) & 0xFF; }
  [[nodiscard]] uint32_t length() const { return (token >> 24) & 0xF; }
  [[nodiscard]] bool predicated() const { return ((token >> 28) & 1) != 0; }
};

// A comment block (opcode 0xFFFE, its length in DWORDs in bits 16..30):
// the constant table, or anything a compiler keeps there.
struct Comment {
  uint64_t offset = 0;  // of the comment token, in the file
  uint32_t token = 0;
  Bytes data;           // the block's DWORDs
  size_t position = 0;  // instructions before it
};

struct Program {
  Version version;
  std::vector<Instruction> instructions;
  std::vector<Comment> comments;
  // The first comment that is a constant table ("CTAB"), decoded.
  std::optional<ConstantTable> constants;
  // The first comment that is debug information ("DBUG"), decoded.
  std::optional<DebugInfo> debug;
  uint64_t end_offset = 0;  // of the end token, in the file
  // Bytes after the end token: kept for the round trip, and warned about.
  Bytes trailing;
};

// The roles of an instruction's parameters (its layout's items).
struct Operands {
  const Parameter* destination = nullptr;
  const Parameter* predicate = nullptr;
  std::vector<const Parameter*> sources;
};
[[nodiscard]] Operands operands_of(const Instruction& in, const OpcodeInfo& info, const Version& version);

// A whole file. `out` is valid only when this returns true; its views
// point into `file`.
bool parse_program(Bytes file, uint64_t base, Context& ctx, Program& out);
// The same, its diagnostics' paths under `at` (a Level9 part's "program").
bool parse_program(Bytes file, uint64_t base, const FieldPath& at, Context& ctx, Program& out);
[[nodiscard]] std::vector<uint8_t> write_program(const Program& program);

}  // namespace sp::d3d9
