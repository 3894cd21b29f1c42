// The opcode table (opcodes.def) as an enum and a lookup, and the operand
// types (operand_types.def) the opcodes' rules name.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace sp::fxc {

enum class Opcode : uint16_t {
#define SP_OPCODE(value, id, name, shape, kind) id = value,
#include "fxc/opcodes.def"
#undef SP_OPCODE
};

// opcodes.def's kind column.
enum class OpKind : char { f = 'f', i = 'i', u = 'u', b = 'b', d = 'd', x = 'x', c = 'c', t = 't', a = 'a' };

// What the reader and the checks look at for every instruction comes
// first, in one cache line with the row's start.
struct OpcodeInfo {
  OpKind kind;
  uint8_t operand_count;   // the shape's 'o' letters
  Opcode opcode;
  std::string_view shape;  // opcodes.def's shape letters
  std::string_view name;   // fxc's spelling, without modifiers
};

// The 11-bit opcode values.
inline constexpr uint32_t kOpcodeValues = 0x800;

namespace detail {
// Indexed by the opcode value; rows of no kind are values no shader
// model defines.
extern const std::array<OpcodeInfo, kOpcodeValues> kOpcodeTable;
}  // namespace detail

// The table row of an opcode value, or null for a value no shader model
// defines. Inline: the reader and the checks look up every instruction.
[[nodiscard]] inline const OpcodeInfo* opcode_info(uint32_t value) {
  if (value >= kOpcodeValues || detail::kOpcodeTable[value].kind == OpKind{}) return nullptr;
  return &detail::kOpcodeTable[value];
}

// D3D10_SB_OPERAND_TYPE (operand_types.def), as the reader, the listing
// and the checks name the types they treat apart.
enum OperandType : uint32_t {
#define SP_OPERAND_TYPE(value, constant, reg, name) constant = value,
#include "fxc/operand_types.def"
#undef SP_OPERAND_TYPE
};

// The register kind a binding declaration declares (dcl_uav_structured a
// u#, dcl_constantbuffer a cb#), which its operand must name; nothing for
// other opcodes. The reader checks it (inline: every declaration asks),
// the builder writes it.
[[nodiscard]] constexpr std::optional<OperandType> declared_register(Opcode op) {
  switch (op) {
    case Opcode::dcl_resource:
    case Opcode::dcl_resource_raw:
    case Opcode::dcl_resource_structured:
      return kResource;
    case Opcode::dcl_uav_typed:
    case Opcode::dcl_uav_raw:
    case Opcode::dcl_uav_structured:
      return kUav;
    case Opcode::dcl_sampler:
      return kSampler;
    case Opcode::dcl_constant_buffer:
      return kConstantBuffer;
    case Opcode::dcl_tgsm_raw:
    case Opcode::dcl_tgsm_structured:
      return kThreadGroupSharedMemory;
    default:
      return std::nullopt;
  }
}

}  // namespace sp::fxc
