#include "fxc/opcodes.h"

#include <algorithm>

namespace sp::fxc {
namespace {

constexpr uint8_t count_operands(std::string_view shape) {
  return static_cast<uint8_t>(std::count(shape.begin(), shape.end(), 'o'));
}

constexpr std::array<OpcodeInfo, kOpcodeValues> make_table() {
  std::array<OpcodeInfo, kOpcodeValues> t{};
#define SP_OPCODE(value, id, name, shape, kind) \
  t[value] = OpcodeInfo{OpKind::kind, count_operands(shape), Opcode::id, shape, name};
#include "fxc/opcodes.def"
#undef SP_OPCODE
  return t;
}

// The reader keeps an instruction's raw words as one run of the program's
// word pool, which operands' extended tokens and immediates share: no
// shape may put an operand between two of its words.
constexpr bool words_in_one_run(std::string_view shape) {
  const size_t first = shape.find_first_of("wsnh");
  return first == std::string_view::npos ||
         shape.substr(first, shape.find_last_of("wsnh") - first).find('o') == std::string_view::npos;
}
static_assert(std::ranges::all_of(make_table(), [](const OpcodeInfo& i) { return words_in_one_run(i.shape); }));

}  // namespace

// The one table every lookup reads, built at compile time.
constinit const std::array<OpcodeInfo, kOpcodeValues> detail::kOpcodeTable = make_table();

}  // namespace sp::fxc
