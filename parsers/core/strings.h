// Small text helpers shared by parsers and printers.
#pragma once

#include <cstdint>
#include <string>

namespace sp {

// printf into a std::string (GCC 12 has no std::format).
[[nodiscard]] std::string strprintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// A four-character code as text; bytes that are not printable ASCII are
// shown as \xNN so a hostile fourcc cannot inject control characters.
[[nodiscard]] std::string fourcc_text(uint32_t fourcc);

constexpr uint32_t make_fourcc(char a, char b, char c, char d) {
  return static_cast<uint32_t>(static_cast<uint8_t>(a)) |
         static_cast<uint32_t>(static_cast<uint8_t>(b)) << 8 |
         static_cast<uint32_t>(static_cast<uint8_t>(c)) << 16 |
         static_cast<uint32_t>(static_cast<uint8_t>(d)) << 24;
}

}  // namespace sp
