// Names indexed by value, from the rows of a .def table: how a listing
// finds the name of a value its table defines.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sp {

struct ValueName {
  uint32_t value;
  std::string_view name;
};

// The names of `rows`, indexed by value. The rows must hold each value of
// 0 .. N-1 once (in any order): a table with a gap or a repeat fails to
// compile, so the index is always the value.
template <size_t N>
consteval std::array<std::string_view, N> names_by_value(const ValueName (&rows)[N]) {
  std::array<std::string_view, N> out{};
  std::array<bool, N> seen{};
  for (const ValueName& row : rows) {
    if (row.value >= N || seen[row.value]) throw "names_by_value: the rows are not the values 0 .. N-1";
    seen[row.value] = true;
    out[row.value] = row.name;
  }
  return out;
}

}  // namespace sp
