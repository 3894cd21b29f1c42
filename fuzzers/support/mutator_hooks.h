// libFuzzer's structure-aware hooks of a fuzz target. sp_fuzzer()
// (fuzzers/CMakeLists.txt) writes them into a source of the target's own
// from its MUTATOR and CROSS_OVER, so a target names its mutator once:
// SP_FUZZ_MUTATOR_HOOK(mutate) defines LLVMFuzzerCustomMutator calling
// sp::fuzz::mutate with LLVMFuzzerMutate as the byte mutator, and
// SP_FUZZ_CROSS_OVER_HOOK(cross_over) LLVMFuzzerCustomCrossOver. Each
// declares the function it calls as a MutatorFn or CrossOverFn
// (support/dxcontainer_mutator.h). Only where libFuzzer links them
// (SP_FUZZ_LIBFUZZER); elsewhere they define nothing.
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"  // MutatorFn, CrossOverFn

#if defined(SP_FUZZ_LIBFUZZER)
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

#define SP_FUZZ_MUTATOR_HOOK(mutate)                                                                           \
  namespace sp::fuzz {                                                                                         \
  MutatorFn mutate;                                                                                            \
  }                                                                                                            \
  extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) { \
    return sp::fuzz::mutate(data, size, max_size, seed, LLVMFuzzerMutate);                                     \
  }
#define SP_FUZZ_CROSS_OVER_HOOK(cross_over)                                                                      \
  namespace sp::fuzz {                                                                                           \
  CrossOverFn cross_over;                                                                                        \
  }                                                                                                              \
  extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2,         \
                                              size_t size2, uint8_t* out, size_t max_out_size, unsigned int seed) { \
    return sp::fuzz::cross_over(data1, size1, data2, size2, out, max_out_size, seed);                           \
  }
#else
#define SP_FUZZ_MUTATOR_HOOK(mutate)
#define SP_FUZZ_CROSS_OVER_HOOK(cross_over)
#endif
