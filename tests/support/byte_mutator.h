// Stands in for LLVMFuzzerMutate in the structure-aware mutators' tests:
// flips one byte and counts its calls, so a test can tell the byte
// mutator's turns from structural mutations.
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sp::test {

inline size_t g_byte_mutations = 0;

inline size_t flip_one_byte(uint8_t* data, size_t size, size_t) {
  ++g_byte_mutations;
  if (size > 0) data[size / 2] ^= 0xFF;
  return size;
}

// A structure-aware mutator (`mutate`, with mutate_bitstream's signature)
// run once for each seed in [0, runs) on inputs[seed % inputs.size()], with
// room for `growth` times the input and 256 bytes; `visit(output, input)`
// sees the output of each structural mutation (the byte mutator's turns
// are skipped). Returns how many there were.
template <typename Mutate, typename Visit>
size_t structural_mutations(const std::vector<std::vector<uint8_t>>& inputs, unsigned runs, size_t growth,
                            Mutate mutate, Visit visit) {
  size_t structural = 0;
  for (unsigned seed = 0; seed < runs; ++seed) {
    const std::vector<uint8_t>& input = inputs[seed % inputs.size()];
    std::vector<uint8_t> out = input;
    out.resize(input.size() * growth + 256);
    const size_t calls = g_byte_mutations;
    const size_t n = mutate(out.data(), input.size(), out.size(), seed, flip_one_byte);
    EXPECT_LE(n, out.size());
    if (g_byte_mutations != calls) continue;
    ++structural;
    out.resize(n);
    EXPECT_NE(out, input);
    visit(out, input);
  }
  return structural;
}

// `mutate` on an input its reader rejects: each of 50 calls is the byte
// mutator's turn.
template <typename Mutate>
void expect_only_byte_mutations(std::vector<uint8_t> input, Mutate mutate) {
  for (unsigned seed = 0; seed < 50; ++seed) {
    const size_t calls = g_byte_mutations;
    EXPECT_EQ(mutate(input.data(), input.size(), input.size(), seed, flip_one_byte), input.size());
    EXPECT_EQ(g_byte_mutations, calls + 1);
  }
}

}  // namespace sp::test
