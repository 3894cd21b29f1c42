// The kit's mutators as an AFL++ custom mutator library
// (AFL_CUSTOM_MUTATOR_LIBRARY=.../libshaderprobe_afl_mutator.so), the
// format named by SHADERPROBE_FUZZ_FORMAT. AFL++ hands its custom mutator
// no byte mutator, so the format's mutator gets the kit's own
// (sp_fuzz_mutate_with with none picks it: afl-fuzz links no libFuzzer).
// AFL++ offers another queue entry with every call (add_buf); one call in
// four that has one puts the two through the format's crossover.
//
// afl_custom_fuzz_count gives each queue entry the format reads a fixed
// number of these mutations, and an entry it cannot read none: on such an
// entry the format's mutator can only fall back to the kit's byte
// mutator, which AFL++'s own havoc stage, run after it on every entry,
// does better. Left to itself AFL++ spends most of the custom stage on
// the small broken entries its queue fills with.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "shaderprobe/fuzzing.h"
#include "support/random.h"

namespace {

// Custom mutations per readable queue entry: about AFL++'s own havoc
// stage on an entry of average score.
constexpr uint32_t kMutationsPerReadableEntry = 256;

struct State {
  std::string format;
  const sp::formats::Format* reader;  // the registry's, for afl_custom_fuzz_count
  sp::fuzz::Random seeds;
  std::vector<uint8_t> out;
};

}  // namespace

extern "C" {

// AFL++'s afl_state_t is opaque here. Without a format with a mutator the
// library refuses to start (a null state), naming the formats.
void* afl_custom_init(void* /*afl*/, unsigned int seed) {
  const char* format = std::getenv("SHADERPROBE_FUZZ_FORMAT");
  if (sp_fuzz_has_mutator(format) == 0) {
    std::fprintf(stderr, "libshaderprobe_afl_mutator: SHADERPROBE_FUZZ_FORMAT names no format with a mutator (%s); "
                 "the formats are:", format != nullptr ? format : "unset");
    for (size_t i = 0; sp_fuzz_format(i) != nullptr; ++i) std::fprintf(stderr, " %s", sp_fuzz_format(i));
    std::fprintf(stderr, "\n");
    return nullptr;
  }
  return new State{format, sp::formats::find(format), sp::fuzz::Random(seed), {}};
}

size_t afl_custom_fuzz(void* data, uint8_t* buf, size_t buf_size, uint8_t** out_buf, uint8_t* add_buf,
                       size_t add_buf_size, size_t max_size) {
  auto& state = *static_cast<State*>(data);
  const auto seed = static_cast<unsigned>(state.seeds.below(0x100000000ull));
  state.out.resize(std::max<size_t>(max_size, 1));
  uint8_t* out = state.out.data();
  *out_buf = out;
  if (add_buf != nullptr && seed % 4 == 0) {
    const size_t size = sp_fuzz_cross_over(state.format.c_str(), buf, buf_size, add_buf, add_buf_size, out, max_size,
                                           seed);
    if (size != 0) return size;
  }
  const size_t size = std::min(buf_size, max_size);
  if (size != 0) std::memcpy(out, buf, size);
  return sp_fuzz_mutate_with(state.format.c_str(), out, size, max_size, seed, nullptr);
}

uint32_t afl_custom_fuzz_count(void* data, const uint8_t* buf, size_t buf_size) {
  const auto& state = *static_cast<const State*>(data);
  const bool reads = state.reader != nullptr && sp::formats::read(*state.reader, sp::Bytes(buf, buf_size)).ok();
  return reads ? kMutationsPerReadableEntry : 0;
}

void afl_custom_deinit(void* data) { delete static_cast<State*>(data); }

}  // extern "C"
