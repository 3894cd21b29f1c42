// A loader's fuzz target: the loader walks a DXBC container's header and
// part offsets, and shaderprobe's container mutator makes the inputs.
#include <cstdint>
#include <cstring>

#include <shaderprobe/fuzzing.h>

namespace {

uint32_t u32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

// The loader under test: every part's header must lie inside the file.
int load(const uint8_t* data, size_t size) {
  if (size < 32 || std::memcmp(data, "DXBC", 4) != 0) return -1;
  const uint32_t parts = u32(data + 28);
  if (parts > (size - 32) / 4) return -1;
  for (uint32_t i = 0; i < parts; ++i) {
    const uint32_t offset = u32(data + 32 + 4 * i);
    if (offset > size || size - offset < 8) return -1;
  }
  return 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  load(data, size);
  return 0;
}

SP_FUZZ_USE_MUTATOR("dxcontainer")
