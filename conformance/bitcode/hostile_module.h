// An LLVM IR module whose every text is hostile (conformance/hostile_text.h):
// the producer, the module's triple, data layout, inline asm, section,
// dependent library, GC and source file names, a struct's name, string
// attributes, three metadata strings, a global's STRTAB name, and
// BLOCKINFO's name of an application block and of its record. For the
// bitcode suite's y_text_not_printable cases and
// tests/bitcode/printed_text_test.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sp::bitcode::build {

// The texts are conform::hostile_text(k), k + 1, ... in the order above
// (the triple is text k + 7, the global's name k + 14).
[[nodiscard]] std::vector<uint8_t> hostile_module(size_t k);

}  // namespace sp::bitcode::build
