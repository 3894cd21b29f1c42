// What an operand token's extended tokens and immediates say.
#include "fxc/program.h"

namespace sp::fxc {
namespace {

// D3D10_SB_EXTENDED_OPERAND_MODIFIER: the extended token that carries
// modifiers, min precision and non-uniform.
constexpr uint32_t kExtendedModifier = 1;

std::optional<uint32_t> modifier_token(const Operand& o) {
  for (uint32_t t : o.extended)
    if ((t & 0x3F) == kExtendedModifier) return t;
  return std::nullopt;
}

}  // namespace

uint32_t Operand::immediate_words() const {
  const uint32_t count = num_components_field() == 2 ? 4 : num_components_field() == 1 ? 1 : 0;
  if (type() == kImmediate32) return count;
  if (type() == kImmediate64) return 2 * count;
  return 0;
}

uint32_t Operand::modifier() const { return (modifier_token(*this).value_or(0) >> 6) & 0xFF; }
uint32_t Operand::min_precision() const { return (modifier_token(*this).value_or(0) >> 14) & 7; }
bool Operand::non_uniform() const { return ((modifier_token(*this).value_or(0) >> 17) & 1) != 0; }

}  // namespace sp::fxc
