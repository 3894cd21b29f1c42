#include "bitcode/dxil_names.h"

#include <string_view>

namespace sp::bitcode::dxil {
namespace {

struct Entry {
  Enum e;
  uint32_t value;
  std::string_view name;
};

constexpr Entry kNames[] = {
#define SP_DXIL_ENUM(e, value, name) {Enum::e, value, name},
#include "bitcode/dxil_enums.def"
#undef SP_DXIL_ENUM
};

}  // namespace

std::string enum_text(Enum e, uint32_t value) {
  for (const Entry& n : kNames)
    if (n.e == e && n.value == value) return std::string(n.name);
  return std::to_string(value);
}

}  // namespace sp::bitcode::dxil
