// The loader's fuzz target. Built twice (CMakeLists.txt): with
// shaderprobe's SHBIN mutator, and with libFuzzer's byte mutator
// alone (LOADER_BYTES_ONLY), to compare how soon each finds the bug.
#include <vector>

#include <shaderprobe/fuzzing.h>

#include "loader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<loader::Shader> shaders;
  loader::load_shaders(data, size, shaders);
  return 0;
}

#ifndef LOADER_BYTES_ONLY
SP_FUZZ_USE_MUTATOR("shbin")
#endif
