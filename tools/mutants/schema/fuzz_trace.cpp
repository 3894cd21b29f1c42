// Scratch build of scripts/mutants --random only (hook.cmake): each fuzz
// target's LLVMFuzzerTestOneInput is renamed sp_mutant_TestOneInput, and
// this one calls it and records which sites the input reached, labelled
// by the input's 64-bit FNV-1a hash (spmutants/oracles.py computes the
// same of each file).
#include <cstddef>
#include <cstdint>
#include <cstdio>

#include "sp_mutant.h"

#undef LLVMFuzzerTestOneInput
extern "C" int sp_mutant_TestOneInput(const uint8_t* data, size_t size);

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp_mutant::end_unit("init");  // what ran before the first input: LLVMFuzzerInitialize, static constructors
  const int r = sp_mutant_TestOneInput(data, size);
  uint64_t h = 0xcbf29ce484222325ull;
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 0x100000001b3ull;
  char label[20];
  std::snprintf(label, sizeof(label), "%016llx", static_cast<unsigned long long>(h));
  sp_mutant::end_unit(label);
  return r;
}
