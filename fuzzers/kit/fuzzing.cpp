// The kit's C API (include/shaderprobe/fuzzing.h) over the mutators of
// fuzzers/support, found through the fuzz target table: fuzz_kit.inc
// lists each format's whole-file target's MUTATOR and CROSS_OVER
// (kit/CMakeLists.txt writes it from the sp_fuzzer() declarations).
#include "shaderprobe/fuzzing.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>

#include "byte_mutator.h"
#include "support/dxcontainer_mutator.h"  // ByteMutator, MutatorFn, CrossOverFn
#include "support/random.h"

// Resolved to libFuzzer's when the process links libFuzzer, else null.
extern "C" __attribute__((weak)) size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace sp::fuzz {

// The table names the functions, declared here with the one shape of
// every mutator and crossover: a definition of another fails to link.
#define SP_FUZZ_KIT_MUTATOR(format, corpus, mutate) MutatorFn mutate;
#define SP_FUZZ_KIT_CROSS_OVER(format, corpus, mutate, cross_over) \
  SP_FUZZ_KIT_MUTATOR(format, corpus, mutate)                      \
  CrossOverFn cross_over;
#include "fuzz_kit.inc"
#undef SP_FUZZ_KIT_MUTATOR
#undef SP_FUZZ_KIT_CROSS_OVER

namespace kit {
namespace {

struct Mutator {
  const char* format;
  MutatorFn* mutate;
  CrossOverFn* cross_over;  // null: the byte splice
};

constexpr Mutator kMutators[] = {
#define SP_FUZZ_KIT_MUTATOR(format, corpus, mutate) {format, mutate, nullptr},
#define SP_FUZZ_KIT_CROSS_OVER(format, corpus, mutate, cross_over) {format, mutate, cross_over},
#include "fuzz_kit.inc"
#undef SP_FUZZ_KIT_MUTATOR
#undef SP_FUZZ_KIT_CROSS_OVER
};

const Mutator* find(const char* format) {
  if (format == nullptr) return nullptr;
  for (const Mutator& m : kMutators)
    if (std::strcmp(m.format, format) == 0) return &m;
  return nullptr;
}

// The mutators draw from std::minstd_rand, whose first draw is the seed
// times a constant: from the small, consecutive seeds a harness of one's
// own passes (libFuzzer's are random), every mutator would make the same
// first choice. The kit hands them the seed mixed (murmur3's finalizer),
// still one output for one seed.
unsigned spread(unsigned seed) {
  uint32_t h = seed;
  h ^= h >> 16;
  h *= 0x85EBCA6Bu;
  h ^= h >> 13;
  h *= 0xC2B2AE35u;
  h ^= h >> 16;
  return h;
}

// The first input's head and the second's tail, cut at places drawn from
// the seed: what libFuzzer's own crossover does for bytes.
size_t splice(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out, size_t max_out,
              unsigned seed) {
  Random pick(seed);
  const size_t head = std::min(pick.below(size1 + 1), max_out);
  const size_t from = pick.below(size2 + 1);
  const size_t tail = std::min(size2 - from, max_out - head);
  if (head + tail == 0) return 0;
  if (head != 0) std::memcpy(out, data1, head);
  if (tail != 0) std::memcpy(out + head, data2 + from, tail);
  return head + tail;
}

}  // namespace
}  // namespace kit
}  // namespace sp::fuzz

using sp::fuzz::kit::find;
using sp::fuzz::kit::spread;

extern "C" {

const char* sp_fuzz_format(size_t index) {
  const std::span mutators(sp::fuzz::kit::kMutators);
  return index < mutators.size() ? mutators[index].format : nullptr;
}

int sp_fuzz_has_mutator(const char* format) { return find(format) != nullptr ? 1 : 0; }

void sp_fuzz_require(const char* format) {
  if (find(format) != nullptr) return;
  std::fprintf(stderr, "shaderprobe fuzzing kit: no mutator for format '%s'; the formats are:",
               format != nullptr ? format : "(null)");
  for (size_t i = 0; sp_fuzz_format(i) != nullptr; ++i) std::fprintf(stderr, " %s", sp_fuzz_format(i));
  std::fprintf(stderr, "\n");
  std::abort();
}

size_t sp_fuzz_mutate_with(const char* format, uint8_t* data, size_t size, size_t max_size, unsigned seed,
                           sp_fuzz_byte_mutator bytes) {
  const auto* m = find(format);
  if (m == nullptr) return 0;
  if (bytes == nullptr) bytes = LLVMFuzzerMutate != nullptr ? LLVMFuzzerMutate : sp::fuzz::kit::mutate_bytes;
  // The kit's byte mutator draws from the thread's state: starting it from
  // the seed makes the whole mutation a function of the seed.
  if (bytes == sp::fuzz::kit::mutate_bytes) sp::fuzz::kit::seed_bytes(spread(~seed));
  return m->mutate(data, std::min(size, max_size), max_size, spread(seed), bytes);
}

size_t sp_fuzz_mutate(const char* format, uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  return sp_fuzz_mutate_with(format, data, size, max_size, seed, nullptr);
}

size_t sp_fuzz_cross_over(const char* format, const uint8_t* data1, size_t size1, const uint8_t* data2,
                          size_t size2, uint8_t* out, size_t max_out, unsigned seed) {
  const auto* m = find(format);
  if (m == nullptr) return 0;
  const auto cross_over = m->cross_over != nullptr ? m->cross_over : sp::fuzz::kit::splice;
  return cross_over(data1, size1, data2, size2, out, max_out, spread(seed));
}

size_t sp_fuzz_mutate_bytes(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  sp::fuzz::kit::seed_bytes(spread(seed));
  return sp::fuzz::kit::mutate_bytes(data, size, max_size);
}

}  // extern "C"
