// DXIL::ShaderKind (the DXIL program header's kind, PSV0's stage) as an
// enum, from the rows enums.def names them by.
#pragma once

#include <algorithm>
#include <cstdint>

namespace sp::dxc {

enum ShaderKind : uint16_t {
#define SP_ENUM(family, value, name)
#define SP_SHADER_KIND(value, name) k##name = value,
#include "dxcontainer/enums.def"
#undef SP_ENUM
};

// The highest shader kind / PSV stage with a name.
inline constexpr uint16_t kMaxShaderKind = std::max({
#define SP_ENUM(family, value, name)
#define SP_SHADER_KIND(value, name) uint16_t{value},
#include "dxcontainer/enums.def"
#undef SP_ENUM
});

}  // namespace sp::dxc
