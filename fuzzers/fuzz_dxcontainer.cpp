// The whole DirectX container: header, part table, every part parser, and
// three properties:
//  - the same output at two alignments of the input, and from a Parser
//    reused across inputs as from parse_container;
//  - write(parse(x)) parses to the same model, and writing is a fixed point.
// (The printers have their own target, fuzz_dump.)
//
// Under libFuzzer it mutates structurally (support/dxcontainer_mutator.h).
// fuzz_dxcontainer_bytes is the same target without the custom mutator
// (SP_FUZZ_NO_CUSTOM_MUTATOR), to measure what it is worth against plain
// byte mutation from the same seeds.
#include "support/dxcontainer_checks.h"
#include "support/dxcontainer_mutator.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::dxc::ParseResult r = sp::fuzz::parse_and_cross_check(input);
  if (!r.ok()) return 0;
  sp::fuzz::check_round_trip(*r.container);
  return 0;
}

#if defined(SP_FUZZ_LIBFUZZER) && !defined(SP_FUZZ_NO_CUSTOM_MUTATOR)
extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size, unsigned int seed) {
  return sp::fuzz::mutate_container(data, size, max_size, seed, LLVMFuzzerMutate);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size, unsigned int seed) {
  return sp::fuzz::cross_over_containers(data1, size1, data2, size2, out, max_out_size, seed);
}
#endif
