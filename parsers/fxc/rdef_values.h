// The values of rdef_values.def as enums, and their names in fxc's
// listing.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/value_names.h"

namespace sp::fxc {

// Unscoped, in a namespace each: they are the words of RDEF's records
// (RdefConstantBuffer::type, RdefBinding::type and ::dimension).
namespace cbuffer_type {
enum CbufferType : uint32_t {
#define SP_CBUFFER_TYPE(value, id, name) id = value,
#include "fxc/rdef_values.def"
};
}  // namespace cbuffer_type

namespace input_type {
enum InputType : uint32_t {
#define SP_INPUT_TYPE(value, id, name) id = value,
#include "fxc/rdef_values.def"
};
}  // namespace input_type

namespace srv_dimension {
enum SrvDimension : uint32_t {
#define SP_SRV_DIMENSION(value, id, name) id = value,
#include "fxc/rdef_values.def"
};
}  // namespace srv_dimension

// fxc's names, indexed by value.
inline constexpr auto kCbufferTypeNames = names_by_value({
#define SP_CBUFFER_TYPE(value, id, name) ValueName{value, name},
#include "fxc/rdef_values.def"
});
inline constexpr auto kInputTypeNames = names_by_value({
#define SP_INPUT_TYPE(value, id, name) ValueName{value, name},
#include "fxc/rdef_values.def"
});
inline constexpr auto kSrvDimensionNames = names_by_value({
#define SP_SRV_DIMENSION(value, id, name) ValueName{value, name},
#include "fxc/rdef_values.def"
});

}  // namespace sp::fxc
