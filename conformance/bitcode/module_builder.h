// A small LLVM IR module written with the bitstream writer, for the IR
// layer's tests and the bitcode suite's cases: each field may be changed
// before it is written, metadata and a function body included.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sp::bitcode::build {

[[nodiscard]] std::vector<uint64_t> chars(std::string_view s);

// Records as (code, operands...).
using Records = std::vector<std::vector<uint64_t>>;

// A version-2 module: types [i32, ptr, i32 (ptr)], one attribute group
// (nounwind, align(16), "key" and `more_attributes`, each as the group
// record encodes it: kind, attribute, value) and one list of it, a global
// "answer" and a function "main", names in STRTAB, then a CONSTANTS_BLOCK
// (by default i32 -5 and i32 INT64_MIN): module values 0 and 1 are the
// globals, 2 on the constants.
struct ModuleSpec {
  std::vector<uint64_t> global = {0, 6, 0, 1, 0, 3, 0, 0};  // [strtab 0+6, type 0, ...]
  std::vector<uint64_t> function = {6, 4, 2, 0, 0, 0, 1, 0, 0, 0};
  std::vector<uint64_t> attr_list = {1};
  std::vector<uint64_t> more_attributes;
  Records types = {{7, 32}, {25, 0}, {21, 0, 0, 1}};
  std::string strtab = "answermain";
  // SETTYPE i32, INTEGER -5 and INTEGER "-0" (signed VBR: INT64_MIN).
  Records constants = {{1, 0}, {4, 11}, {4, 1}};
  // A module-level METADATA_BLOCK (when not empty), after the constants;
  // a METADATA_STRINGS record of `metadata_strings` first when not empty.
  std::vector<std::string> metadata_strings;
  // The record's count and characters' offset, when not the true ones.
  std::optional<uint64_t> metadata_strings_count, metadata_strings_offset;
  Records metadata;
  Records metadata_kinds;  // a METADATA_KIND_BLOCK (when not empty)
  // A FUNCTION_BLOCK (when any of these is not empty): DECLAREBLOCKS 1,
  // the instruction records, a METADATA_BLOCK and a METADATA_ATTACHMENT
  // block.
  Records instructions;
  Records function_metadata;
  Records attachments;
};

[[nodiscard]] std::vector<uint8_t> module_file(const ModuleSpec& s);

}  // namespace sp::bitcode::build
