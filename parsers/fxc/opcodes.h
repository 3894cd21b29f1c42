// The opcode table (opcodes.def) as an enum and a lookup.
#pragma once

#include <cstdint>
#include <string_view>

namespace sp::fxc {

enum class Opcode : uint16_t {
#define SP_OPCODE(value, id, name, shape, kind) id = value,
#include "fxc/opcodes.def"
#undef SP_OPCODE
};

// opcodes.def's kind column.
enum class OpKind : char { f = 'f', i = 'i', u = 'u', b = 'b', d = 'd', x = 'x', c = 'c', t = 't', a = 'a' };

struct OpcodeInfo {
  Opcode opcode;
  std::string_view name;   // fxc's spelling, without modifiers
  std::string_view shape;  // opcodes.def's shape letters
  OpKind kind;
};

// The table row of an 11-bit opcode value, or null for a value no shader
// model defines.
[[nodiscard]] const OpcodeInfo* opcode_info(uint32_t value);

}  // namespace sp::fxc
