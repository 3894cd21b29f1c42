// libFuzzer's two structure-aware hooks for a target whose mutator and
// crossover have the shapes of mutate_container and cross_over_containers
// (support/dxcontainer_mutator.h): `SP_FUZZ_MUTATOR_HOOKS(mutate, cross)`
// at namespace scope defines LLVMFuzzerCustomMutator and
// LLVMFuzzerCustomCrossOver calling them, the byte mutator being
// LLVMFuzzerMutate. Only where libFuzzer links them (SP_FUZZ_LIBFUZZER),
// and not in an A/B baseline built without its mutator
// (SP_FUZZ_NO_CUSTOM_MUTATOR); elsewhere it defines nothing.
#pragma once

#include <cstddef>
#include <cstdint>

#if defined(SP_FUZZ_LIBFUZZER) && !defined(SP_FUZZ_NO_CUSTOM_MUTATOR)
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

#define SP_FUZZ_MUTATOR_HOOKS(mutate, cross_over)                                                                    \
  extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {     \
    return mutate(data, size, max_size, seed, LLVMFuzzerMutate);                                                   \
  }                                                                                                                \
  extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2,           \
                                              size_t size2, uint8_t* out, size_t max_out_size, unsigned int seed) { \
    return cross_over(data1, size1, data2, size2, out, max_out_size, seed);                                        \
  }
#else
#define SP_FUZZ_MUTATOR_HOOKS(mutate, cross_over)
#endif
