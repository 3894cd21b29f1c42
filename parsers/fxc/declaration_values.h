// The values of declaration_values.def as the builder's vocabulary, and
// their names in fxc's listing.
#pragma once

#include <cstdint>
#include <string_view>

#include "core/value_names.h"

namespace sp::fxc {

// Unscoped, in a namespace each: they are words of an instruction
// (a declaration's system value, its controls), written as such.
namespace system_value {
enum SystemValue : uint32_t {
#define SP_SYSTEM_VALUE(value, id, name) id = value,
#include "fxc/declaration_values.def"
};
}  // namespace system_value
using system_value::SystemValue;

namespace interpolation {
enum Interpolation : uint32_t {
#define SP_INTERPOLATION(value, id, name) id = value,
#include "fxc/declaration_values.def"
};
}  // namespace interpolation
using interpolation::Interpolation;

enum class ReturnType : uint8_t {
#define SP_RETURN_TYPE(value, id, name) id = value,
#include "fxc/declaration_values.def"
};

// fxc's names, indexed by value.
inline constexpr auto kSystemValueNames = names_by_value({
#define SP_SYSTEM_VALUE(value, id, name) ValueName{value, name},
#include "fxc/declaration_values.def"
});
inline constexpr auto kInterpolationNames = names_by_value({
#define SP_INTERPOLATION(value, id, name) ValueName{value, name},
#include "fxc/declaration_values.def"
});
// No return type has the value 0: its entry is empty.
inline constexpr auto kReturnTypeNames = names_by_value({
    ValueName{0, ""},
#define SP_RETURN_TYPE(value, id, name) ValueName{value, name},
#include "fxc/declaration_values.def"
});

}  // namespace sp::fxc
