// The fuzzers' source of random choices: a seeded generator (libFuzzer
// passes the seed to custom mutators, so a mutation can be replayed) and the
// few ways of drawing from it that the mutators use.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <random>

namespace sp::fuzz {

class Random {
 public:
  explicit Random(unsigned seed) : rng_(seed) {}

  // Uniform in [0, n); 0 when n is 0.
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(rng_() % n); }

  // A value that sits on a boundary parsers check (small counts, strides,
  // sizes, sign and width limits), or a small one.
  uint32_t interesting() {
    static constexpr std::array<uint32_t, 16> kValues = {0,    1,      2,          3,          4,          8,
                                                         16,   24,     32,         0x7F,       0xFF,       0x100,
                                                         0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};
    return below(2) == 0 ? kValues[below(kValues.size())] : static_cast<uint32_t>(below(16));
  }

 private:
  std::minstd_rand rng_;
};

}  // namespace sp::fuzz
