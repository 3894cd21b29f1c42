#include "fxc/opcodes.h"

#include <array>

namespace sp::fxc {
namespace {

// Indexed by the 11-bit opcode value; empty rows are values no shader
// model defines.
constexpr size_t kValues = 0x800;

constexpr std::array<OpcodeInfo, kValues> make_table() {
  std::array<OpcodeInfo, kValues> t{};
#define SP_OPCODE(value, id, name, shape, kind) t[value] = OpcodeInfo{Opcode::id, name, shape, OpKind::kind};
#include "fxc/opcodes.def"
#undef SP_OPCODE
  return t;
}

constexpr std::array<OpcodeInfo, kValues> kTable = make_table();

}  // namespace

const OpcodeInfo* opcode_info(uint32_t value) {
  if (value >= kValues || kTable[value].name.empty()) return nullptr;
  return &kTable[value];
}

}  // namespace sp::fxc
