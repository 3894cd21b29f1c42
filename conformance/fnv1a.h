// FNV-1a, 64 bits: a digest of bytes fed in pieces, for telling inputs and
// observations apart where no adversary picks them (a hit is always
// checked against the bytes themselves where it matters).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace sp::conform {

class Fnv1a {
 public:
  void add(std::string_view piece) {
    for (const char c : piece) add_byte(static_cast<uint8_t>(c));
  }
  void add(std::span<const uint8_t> piece) {
    for (const uint8_t b : piece) add_byte(b);
  }
  [[nodiscard]] uint64_t value() const { return h_; }

 private:
  void add_byte(uint8_t b) { h_ = (h_ ^ b) * 0x100000001b3; }
  uint64_t h_ = 0xcbf29ce484222325;
};

}  // namespace sp::conform
