// LLVMFuzzerCustomMutator for every target that reads a bitstream
// (fuzz_bitstream, fuzz_bitcode, fuzz_bitstream_llvm): added to their
// sources in CMakeLists.txt, so the hook is written once.
#include "support/bitstream_mutator.h"

#if defined(SP_FUZZ_LIBFUZZER) && !defined(SP_FUZZ_NO_CUSTOM_MUTATOR)
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  return sp::fuzz::mutate_bitstream(data, size, max_size, seed, LLVMFuzzerMutate);
}
#endif
