// What an operand's extended tokens say.
#include "fxc/program.h"

namespace sp::fxc {

OperandModifier Program::modifier(const Operand& o) const {
  // D3D10_SB_EXTENDED_OPERAND_MODIFIER: the extended token that carries
  // modifiers, min precision and non-uniform.
  constexpr uint32_t kExtendedModifier = 1;
  for (uint32_t t : extended(o))
    if ((t & 0x3F) == kExtendedModifier) return {t};
  return {};
}

}  // namespace sp::fxc
