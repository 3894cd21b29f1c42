#include "d3d9/opcodes.h"

namespace sp::d3d9 {
namespace {

constexpr OpcodeInfo kTable[] = {
#define SP_D3D9_OPCODE(value, id, name, shape, texture, arithmetic) {Opcode::id, name, shape, texture, arithmetic},
#include "d3d9/opcodes.def"
#undef SP_D3D9_OPCODE
};

}  // namespace

const OpcodeInfo* opcode_info(uint32_t value) {
  for (const OpcodeInfo& info : kTable)
    if (static_cast<uint32_t>(info.opcode) == value) return &info;
  return nullptr;
}

std::span<const OpcodeInfo> all_opcodes() { return kTable; }

Layout layout_of(const OpcodeInfo& info, bool sm3, bool predicated) {
  Layout out;
  auto add = [&](Item item) { out.items[out.size++] = item; };
  // An instruction without a destination carries its predicate first.
  if (predicated && info.shape.find('d') == std::string_view::npos) add(Item::predicate);
  for (const char letter : info.shape) {
    switch (letter) {
      case 'd':
        add(Item::destination);
        if (predicated) add(Item::predicate);
        break;
      case 'S':
        if (!sm3) add(Item::source);
        break;
      case 's':
        add(Item::source);
        break;
      default:  // 'u', 'w'
        add(Item::word);
        break;
    }
  }
  return out;
}

}  // namespace sp::d3d9
