// A record whose operands are characters, one per operand (IDENTIFICATION's
// STRING, MODULE_CODE_TRIPLE, METADATA_NAME ...), as the text it holds:
// each operand's low byte, as LLVM's readers take it.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace sp::bitcode {

inline std::string record_chars(std::span<const uint64_t> ops) {
  std::string s;
  s.reserve(ops.size());
  for (uint64_t c : ops) s += static_cast<char>(c);
  return s;
}

}  // namespace sp::bitcode
