// The kit's byte mutator, for engines that bring none (AFL++ calls a
// custom mutator with no byte mutator to hand it, and a test or a
// harness outside libFuzzer has none either). It has libFuzzer's
// LLVMFuzzerMutate shape, which takes no seed, so its random state is the
// calling thread's, set from the seed of the API call it serves.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sp::fuzz::kit {

// Starts the calling thread's byte mutator afresh from `seed`.
void seed_bytes(unsigned seed);

// One or two byte-level edits of data[0, size) within max_size; returns
// the new size.
size_t mutate_bytes(uint8_t* data, size_t size, size_t max_size);

}  // namespace sp::fuzz::kit
