// The tokenized program of an SHDR (SM4) or SHEX (SM5) chunk: a version
// token, a length in DWORDs, then instructions (the DDK's
// d3d11TokenizedProgramFormat.hpp; docs/formats/fxc.md). The model keeps
// every token bit, so write_program() re-encodes a decoded program
// byte for byte and printers can show values no table knows as numbers.
//
// The storage is flat, as in LLVM's MCInst pools or simdjson's tape: the
// Program owns one array of instructions, one of operands, one of the
// (rare) relative-address operands and one of DWORDs, and an instruction
// or operand holds ranges into them. Decoding a program is then a few
// allocations, not several per instruction, and walking it touches memory
// in order. The pools only grow, so an editor (the builder, the fuzzers'
// mutator, the conformance generator) can add, drop or reorder
// instructions, or give one instruction new parts, and every other
// instruction's ranges stay valid.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
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

// `count` entries of one of a Program's pools, from `first`.
struct Range {
  uint32_t first = 0;
  uint32_t count = 0;
  [[nodiscard]] bool empty() const { return count == 0; }
  // Keeps the first `n` entries (all when there are fewer).
  void truncate(size_t n) {
    if (n < count) count = static_cast<uint32_t>(n);
  }
};

// D3D10_SB_OPERAND_INDEX_REPRESENTATION.
enum class IndexRep : uint8_t { imm32 = 0, imm64 = 1, relative = 2, imm32_relative = 3, imm64_relative = 4 };

// One dimension's index: an immediate, a relative operand, or both
// (cb0[r1.x + 4]). `relative` counts in the instruction's nested operands
// (Program::nested), so moving them moves no index.
struct OperandIndex {
  uint64_t imm = 0;
  int32_t relative = -1;
  IndexRep rep = IndexRep::imm32;
  [[nodiscard]] bool has_imm() const { return rep != IndexRep::relative; }
  [[nodiscard]] bool has_relative() const { return rep >= IndexRep::relative; }
};

// An operand token with what follows it. The token's fields:
//   [1:0] component count (0: none, 1: one, 2: four, 3: N)
//   [3:2] selection mode (mask, swizzle, select-1), [11:4] its bits
//   [19:12] operand type, [21:20] index dimension, [30:22] index
//   representations (3 bits each), [31] extended.
// Only the first index_dimension() entries of `index` mean anything.
struct Operand {
  uint32_t token = 0;
  Range extended;    // extended operand tokens, raw (bit 31 chains), in Program::word_pool
  Range immediates;  // immediate32 values, or immediate64 values as lo/hi pairs, in Program::word_pool
  OperandIndex index[3];

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
  // IMMEDIATE64: 2 or 8 split in lo/hi pairs).
  [[nodiscard]] uint32_t immediate_words() const {
    const uint32_t count = num_components_field() == 2 ? 4 : num_components_field() == 1 ? 1 : 0;
    if (type() == kImmediate32) return count;
    if (type() == kImmediate64) return 2 * count;
    return 0;
  }
};

// What an operand's D3D10_SB_EXTENDED_OPERAND_MODIFIER token says (all 0
// when it has none): Program::modifier.
struct OperandModifier {
  uint32_t token = 0;
  [[nodiscard]] uint32_t modifier() const { return (token >> 6) & 0xFF; }  // 0 none, 1 neg, 2 abs, 3 abs+neg
  [[nodiscard]] uint32_t min_precision() const { return (token >> 14) & 7; }  // D3D11_SB_OPERAND_MIN_PRECISION
  [[nodiscard]] bool non_uniform() const { return ((token >> 17) & 1) != 0; }
};

// One instruction. What follows the opcode token (and its extended
// tokens) is, per the opcode's shape (opcodes.def), operands and raw
// words interleaved (dcl_resource: operand, then its return-type word);
// the model keeps each kind in order, and the shape says how they
// interleave.
struct Instruction {
  uint32_t offset = 0;         // of the opcode token, in bytes from the chunk start
  uint32_t token = 0;          // OpcodeToken0
  uint32_t custom_length = 0;  // custom data: the length word (DWORDs incl. token and length)
  Range extended;              // extended opcode tokens, raw, in Program::word_pool
  Range operands;              // in Program::operand_pool
  Range nested;                // relative-address operands, by OperandIndex::relative, in Program::nested_pool
  Range words;                 // non-operand DWORDs in order (counts, strides, spaces, custom data), in Program::word_pool
  // The one DWORD fxc may write after a resource access's operands, which
  // its length counts and no operand takes (docs/formats/fxc.md, "A DWORD
  // after the operands"); kept for the round trip, never listed.
  std::optional<uint32_t> trailing_word;

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
// D3D11_SB_CUSTOMDATA_SHADER_MESSAGE: a debug layer message (HLSL's printf
// and errorf). Its words: message id, format style, the string's length
// in characters, the operand count, the operands' length in DWORDs, the
// operands (decoded into the operand pool as well), then the string,
// NUL-terminated and padded to a DWORD.
inline constexpr uint32_t kCustomDataShaderMessage = 4;
inline constexpr uint32_t kShaderMessageHeaderWords = 5;
inline constexpr uint32_t kShaderMessageError = 0x00200103;  // D3D11_SB_SHADER_MESSAGE_ID_ERROR

struct Program {
  Version version;
  uint32_t length = 0;  // the length token, in DWORDs (incl. version and length)
  std::vector<Instruction> instructions;
  // What the instructions' and operands' ranges index.
  std::vector<Operand> operand_pool;
  std::vector<Operand> nested_pool;
  std::vector<uint32_t> word_pool;
  // Bytes after `length` DWORDs (padding a writer added); kept for the
  // round trip, and warned about.
  Bytes trailing;

  // An instruction's and an operand's parts. A range past its pool (an
  // editor's mistake) reads as empty.
  [[nodiscard]] std::span<const Operand> operands(const Instruction& in) const { return slice(operand_pool, in.operands); }
  [[nodiscard]] std::span<Operand> operands(const Instruction& in) { return slice(operand_pool, in.operands); }
  [[nodiscard]] std::span<const Operand> nested(const Instruction& in) const { return slice(nested_pool, in.nested); }
  [[nodiscard]] std::span<Operand> nested(const Instruction& in) { return slice(nested_pool, in.nested); }
  [[nodiscard]] std::span<const uint32_t> words(const Instruction& in) const { return slice(word_pool, in.words); }
  [[nodiscard]] std::span<uint32_t> words(const Instruction& in) { return slice(word_pool, in.words); }
  [[nodiscard]] std::span<const uint32_t> extended(const Instruction& in) const { return slice(word_pool, in.extended); }
  [[nodiscard]] std::span<uint32_t> extended(const Instruction& in) { return slice(word_pool, in.extended); }
  [[nodiscard]] std::span<const uint32_t> extended(const Operand& o) const { return slice(word_pool, o.extended); }
  [[nodiscard]] std::span<uint32_t> extended(const Operand& o) { return slice(word_pool, o.extended); }
  [[nodiscard]] std::span<const uint32_t> immediates(const Operand& o) const { return slice(word_pool, o.immediates); }
  [[nodiscard]] std::span<uint32_t> immediates(const Operand& o) { return slice(word_pool, o.immediates); }

  // The nested operand a relative index of an operand of `in` names; null
  // when the index is not relative or names none.
  [[nodiscard]] const Operand* relative(const Instruction& in, const OperandIndex& ix) const {
    if (!ix.has_relative() || ix.relative < 0) return nullptr;
    const std::span<const Operand> list = nested(in);
    return static_cast<size_t>(ix.relative) < list.size() ? &list[static_cast<size_t>(ix.relative)] : nullptr;
  }
  // The operand's first D3D10_SB_EXTENDED_OPERAND_MODIFIER token.
  [[nodiscard]] OperandModifier modifier(const Operand& o) const;

  // --- Editing (builders, mutators, tests) ----------------------------------
  // Each gives the instruction or operand new entries at the end of a
  // pool; what they had before stays in the pool, unreferenced. The
  // values may come from the pools themselves.
  void set_operands(Instruction& in, std::span<const Operand> operands);
  void set_nested(Instruction& in, std::span<const Operand> nested);
  void set_words(Instruction& in, std::span<const uint32_t> words);
  void set_extended(Instruction& in, std::span<const uint32_t> tokens);
  void set_extended(Operand& o, std::span<const uint32_t> tokens);
  void set_immediates(Operand& o, std::span<const uint32_t> values);
  // One more operand, nested operand, word or extended token at the end
  // of the instruction's: appended in place when the instruction's range
  // ends the pool, else its range moves to the end first.
  void add_operand(Instruction& in, const Operand& o);
  void add_nested(Instruction& in, const Operand& o);
  void add_word(Instruction& in, uint32_t word);
  void add_extended(Instruction& in, uint32_t token);
  void add_extended(Operand& o, uint32_t token);
  // Copies with parts of their own, so that editing the copy leaves the
  // original as it was.
  [[nodiscard]] Operand copy(const Operand& o);
  [[nodiscard]] Instruction copy(const Instruction& in);

 private:
  template <typename T>
  [[nodiscard]] static std::span<T> slice(std::vector<T>& pool, Range r) {
    if (r.first > pool.size() || r.count > pool.size() - r.first) return {};
    return std::span<T>(pool).subspan(r.first, r.count);
  }
  template <typename T>
  [[nodiscard]] static std::span<const T> slice(const std::vector<T>& pool, Range r) {
    if (r.first > pool.size() || r.count > pool.size() - r.first) return {};
    return std::span<const T>(pool).subspan(r.first, r.count);
  }
};

// SHDR / SHEX. `out` is valid only when this returns true.
bool parse_program(const ChunkScope& s, Program& out);
std::vector<uint8_t> write_program(const Program& program);
// The DWORDs write_program() writes for one instruction of `program`
// (builders and mutators set lengths from it).
[[nodiscard]] size_t encoded_words(const Program& program, const Instruction& in);

}  // namespace sp::fxc
