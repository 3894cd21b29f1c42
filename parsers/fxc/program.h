// The tokenized program of an SHDR (SM4) or SHEX (SM5) chunk: a version
// token, a length in DWORDs, then instructions (the DDK's
// d3d11TokenizedProgramFormat.hpp; docs/formats/fxc.md). The model keeps
// every token bit, so write_program() re-encodes a decoded program
// byte for byte and printers can show values no table knows as numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "fxc/chunk.h"
#include "fxc/opcodes.h"

namespace sp::fxc {

// D3D10_SB_TOKENIZED_PROGRAM_TYPE (bits 16..31 of the version token).
enum class ProgramType : uint16_t { pixel = 0, vertex = 1, geometry = 2, hull = 3, domain = 4, compute = 5 };

struct Version {
  uint32_t token = 0;
  [[nodiscard]] uint32_t minor() const { return token & 0xF; }
  [[nodiscard]] uint32_t major() const { return (token >> 4) & 0xF; }
  [[nodiscard]] uint32_t type() const { return token >> 16; }
  // SM5.1 adds register spaces (and a 3-D index on resource operands).
  [[nodiscard]] bool sm51() const { return major() > 5 || (major() == 5 && minor() >= 1); }
};

// D3D10_SB_OPERAND_TYPE values the reader, the listing and the checks
// treat apart.
enum OperandType : uint32_t {
  kTemp = 0,
  kInput = 1,
  kIndexableTemp = 3,
  kImmediate32 = 4,
  kImmediate64 = 5,
  kSampler = 6,
  kResource = 7,
  kConstantBuffer = 8,
  kImmediateConstantBuffer = 9,
  kInputControlPoint = 25,
  kOutputControlPoint = 26,
  kThis = 29,
  kUav = 30,
};

// D3D10_SB_OPERAND_INDEX_REPRESENTATION.
enum class IndexRep : uint8_t { imm32 = 0, imm64 = 1, relative = 2, imm32_relative = 3, imm64_relative = 4 };

struct Operand;

// One dimension's index: an immediate, a relative operand, or both
// (cb0[r1.x + 4]). `relative` points into Instruction::nested.
struct OperandIndex {
  IndexRep rep = IndexRep::imm32;
  uint64_t imm = 0;
  int32_t relative = -1;
  [[nodiscard]] bool has_imm() const { return rep != IndexRep::relative; }
  [[nodiscard]] bool has_relative() const { return rep >= IndexRep::relative; }
};

// An operand token with what follows it. The token's fields:
//   [1:0] component count (0: none, 1: one, 2: four, 3: N)
//   [3:2] selection mode (mask, swizzle, select-1), [11:4] its bits
//   [19:12] operand type, [21:20] index dimension, [30:22] index
//   representations (3 bits each), [31] extended.
struct Operand {
  uint32_t token = 0;
  std::vector<uint32_t> extended;  // extended operand tokens, raw (bit 31 chains)
  OperandIndex index[3];
  uint32_t imm[8] = {};  // immediate32 values, or immediate64 values as lo/hi pairs

  [[nodiscard]] uint32_t num_components_field() const { return token & 3; }
  [[nodiscard]] uint32_t selection_mode() const { return (token >> 2) & 3; }
  [[nodiscard]] uint32_t mask() const { return (token >> 4) & 0xF; }
  [[nodiscard]] uint32_t swizzle() const { return (token >> 4) & 0xFF; }
  [[nodiscard]] uint32_t select1() const { return (token >> 4) & 3; }
  [[nodiscard]] uint32_t type() const { return (token >> 12) & 0xFF; }
  [[nodiscard]] uint32_t index_dimension() const { return (token >> 20) & 3; }
  [[nodiscard]] IndexRep index_rep(uint32_t dim) const { return static_cast<IndexRep>((token >> (22 + 3 * dim)) & 7); }
  [[nodiscard]] bool is_extended() const { return (token >> 31) != 0; }
  // The immediate words that follow the token (IMMEDIATE32: 1 or 4,
  // IMMEDIATE64: 2 or 8 split in lo/hi pairs over imm).
  [[nodiscard]] uint32_t immediate_words() const;

  // From the first extended token of type 1 (modifier), if any.
  [[nodiscard]] uint32_t modifier() const;        // 0 none, 1 neg, 2 abs, 3 abs+neg
  [[nodiscard]] uint32_t min_precision() const;   // D3D11_SB_OPERAND_MIN_PRECISION
  [[nodiscard]] bool non_uniform() const;
};

// One instruction. `items` is the order of what follows the opcode token
// (and its extended tokens), per the opcode's shape (opcodes.def):
// operands and raw words interleave (dcl_resource: operand, then its
// return-type word).
struct Instruction {
  uint32_t offset = 0;  // of the opcode token, in bytes from the chunk start
  uint32_t token = 0;   // OpcodeToken0
  std::vector<uint32_t> extended;  // extended opcode tokens, raw
  std::vector<Operand> operands;
  std::vector<Operand> nested;     // relative-address operands, by OperandIndex::relative
  std::vector<uint32_t> words;     // non-operand DWORDs in order (counts, strides, spaces, custom data)
  uint32_t custom_length = 0;      // custom data: the length word (DWORDs incl. token and length)

  [[nodiscard]] Opcode opcode() const { return static_cast<Opcode>(token & 0x7FF); }
  [[nodiscard]] uint32_t controls() const { return (token >> 11) & 0x1FFF; }
  [[nodiscard]] uint32_t length_field() const { return (token >> 24) & 0x7F; }
  [[nodiscard]] bool is_extended() const { return (token >> 31) != 0; }
  [[nodiscard]] bool is_custom_data() const { return opcode() == Opcode::customdata; }
  // Custom data: D3D10_SB_CUSTOMDATA_CLASS (bits 11..31).
  [[nodiscard]] uint32_t custom_class() const { return token >> 11; }
};

// D3D10_SB_CUSTOMDATA_DCL_IMMEDIATE_CONSTANT_BUFFER: the custom data class
// that declares icb[] (the others are comments, debug info, messages).
inline constexpr uint32_t kCustomDataImmediateConstantBuffer = 3;

struct Program {
  Version version;
  uint32_t length = 0;  // the length token, in DWORDs (incl. version and length)
  std::vector<Instruction> instructions;
  // Bytes after `length` DWORDs (padding a writer added); kept for the
  // round trip, and warned about.
  Bytes trailing;
};

// SHDR / SHEX. `out` is valid only when this returns true.
bool parse_program(const ChunkScope& s, Program& out);
std::vector<uint8_t> write_program(const Program& program);

}  // namespace sp::fxc
