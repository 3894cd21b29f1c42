// The opcode table (opcodes.def) as an enum, a lookup, and the layout of
// the tokens that follow an instruction token, which the reader, the writer
// and the listing walk alike.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace sp::d3d9 {

enum class Opcode : uint16_t {
#define SP_D3D9_OPCODE(value, id, name, shape, texture, arithmetic) id = value,
#include "d3d9/opcodes.def"
#undef SP_D3D9_OPCODE
};

struct OpcodeInfo {
  Opcode opcode;
  std::string_view name;   // fxc's spelling, without modifiers or comparison
  std::string_view shape;  // opcodes.def's shape letters
  uint8_t texture_slots;
  uint8_t arithmetic_slots;
};

// The table row of a 16-bit opcode value, or null for a value shader
// models 2 and 3 do not define.
[[nodiscard]] const OpcodeInfo* opcode_info(uint32_t value);
// Every row, in opcode order.
[[nodiscard]] std::span<const OpcodeInfo> all_opcodes();

// What one token after the instruction token is.
enum class Item : uint8_t { word, destination, predicate, source };

// The tokens after an instruction token, in file order (parameters count
// once: a relative-address token goes with its parameter).
struct Layout {
  std::array<Item, 8> items{};
  uint8_t size = 0;
  [[nodiscard]] const Item* begin() const { return items.data(); }
  [[nodiscard]] const Item* end() const { return items.data() + size; }
};

// `sm3`: shader model 3 or later (sincos has no constants there);
// `predicated`: bit 28 of the instruction token.
[[nodiscard]] Layout layout_of(const OpcodeInfo& info, bool sm3, bool predicated);

}  // namespace sp::d3d9
