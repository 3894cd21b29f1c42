// Stands in for LLVMFuzzerMutate in the structure-aware mutators' tests:
// flips one byte and counts its calls, so a test can tell the byte
// mutator's turns from structural mutations.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sp::test {

inline size_t g_byte_mutations = 0;

inline size_t flip_one_byte(uint8_t* data, size_t size, size_t) {
  ++g_byte_mutations;
  if (size > 0) data[size / 2] ^= 0xFF;
  return size;
}

}  // namespace sp::test
