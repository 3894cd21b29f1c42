// A small LLVM IR module written with the bitstream writer, for the IR
// layer's tests: each field may be changed before it is written.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sp::test {

[[nodiscard]] std::vector<uint64_t> chars(std::string_view s);

// A version-2 module: types [i32, ptr, i32 (ptr)], one attribute group
// (nounwind, align(16), "key" and `more_attributes`, each as the group
// record encodes it: kind, attribute, value) and one list of it, a global
// "answer" and a function "main", names in STRTAB.
struct Spec {
  std::vector<uint64_t> global = {0, 6, 0, 1, 0, 3, 0, 0};  // [strtab 0+6, type 0, ...]
  std::vector<uint64_t> function = {6, 4, 2, 0, 0, 0, 1, 0, 0, 0};
  std::vector<uint64_t> attr_list = {1};
  std::vector<uint64_t> more_attributes;
  std::vector<std::vector<uint64_t>> types = {{7, 32}, {25, 0}, {21, 0, 0, 1}};  // (code, ops...)
  std::string strtab = "answermain";
};

[[nodiscard]] std::vector<uint8_t> module_file(const Spec& s);

}  // namespace sp::test
