// The fuzzing kit's C API (fuzzers/kit, shaderprobe/fuzzing.h) as a user
// links it: every format with a mutator, over every seed of its committed
// corpus, gives the same output for the same input and seed, writes
// nothing past max_size (each buffer is allocated at exactly its size, so
// ASan sees a write past it) and stays sanitizer-clean over chains of
// mutations; an unknown format changes nothing.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

#include "shaderprobe/fuzzing.h"

namespace {

struct KitFormat {
  std::string format;
  std::string corpus;
};

// gtest names a parameter by this in the test's name and messages.
void PrintTo(const KitFormat& kit, std::ostream* os) { *os << kit.format; }

// The table the kit is built from, with each format's corpus.
std::vector<KitFormat> kit_formats() {
  return {
#define SP_FUZZ_KIT_MUTATOR(format, corpus, mutate) {format, corpus},
#define SP_FUZZ_KIT_CROSS_OVER(format, corpus, mutate, cross_over) {format, corpus},
#include "fuzz_kit.inc"
#undef SP_FUZZ_KIT_MUTATOR
#undef SP_FUZZ_KIT_CROSS_OVER
  };
}

std::vector<std::vector<uint8_t>> seeds(const std::string& corpus) {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::filesystem::path(SP_SOURCE_DIR) / "corpus" / corpus))
    if (entry.is_regular_file()) paths.push_back(entry.path());
  std::sort(paths.begin(), paths.end());
  std::vector<std::vector<uint8_t>> out;
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    out.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  return out;
}

// One mutation into a buffer of exactly max_size bytes.
std::vector<uint8_t> mutated(const std::string& format, const std::vector<uint8_t>& input, size_t max_size,
                             unsigned seed) {
  std::vector<uint8_t> buffer(max_size);
  std::copy(input.begin(), input.end(), buffer.begin());
  const size_t size = sp_fuzz_mutate(format.c_str(), buffer.data(), input.size(), max_size, seed);
  EXPECT_LE(size, max_size) << format << " seed " << seed;
  buffer.resize(std::min(size, max_size));
  return buffer;
}

TEST(FuzzingKit, ListsEveryFormatOfTheTableAndNothingElse) {
  const auto table = kit_formats();
  ASSERT_FALSE(table.empty());
  for (size_t i = 0; i < table.size(); ++i) {
    ASSERT_NE(sp_fuzz_format(i), nullptr);
    EXPECT_EQ(table[i].format, sp_fuzz_format(i));
    EXPECT_EQ(sp_fuzz_has_mutator(sp_fuzz_format(i)), 1);
  }
  EXPECT_EQ(sp_fuzz_format(table.size()), nullptr);
  EXPECT_EQ(sp_fuzz_has_mutator("dxcontainer"), 1);
  EXPECT_EQ(sp_fuzz_has_mutator(nullptr), 0);
}

TEST(FuzzingKit, AFormatWithoutAMutatorChangesNothing) {
  // d3d9 is a registered format whose whole-file target has no mutator.
  for (const char* format : {"no-such-format", "d3d9", "", static_cast<const char*>(nullptr)}) {
    std::vector<uint8_t> data = {'D', 'X', 'B', 'C', 1, 2, 3};
    const auto before = data;
    EXPECT_EQ(sp_fuzz_mutate(format, data.data(), data.size(), data.size(), 1), 0u);
    EXPECT_EQ(sp_fuzz_mutate_with(format, data.data(), data.size(), data.size(), 1, nullptr), 0u);
    std::vector<uint8_t> out(16, 0xAA);
    EXPECT_EQ(sp_fuzz_cross_over(format, data.data(), data.size(), data.data(), data.size(), out.data(), out.size(), 1),
              0u);
    EXPECT_EQ(data, before);
    EXPECT_EQ(out, std::vector<uint8_t>(16, 0xAA));
  }
  EXPECT_DEATH(sp_fuzz_require("no-such-format"),
               "no mutator for format 'no-such-format'; the formats are: dxcontainer");
}

TEST(FuzzingKit, TheByteMutatorIsDeterministicAndStaysWithinMaxSize) {
  for (unsigned seed = 0; seed < 2000; ++seed) {
    const size_t size = seed % 9;
    const size_t max_size = size + seed % 3;
    std::vector<uint8_t> a(max_size, 0x11), b(max_size, 0x11);
    const size_t na = sp_fuzz_mutate_bytes(a.data(), size, max_size, seed);
    const size_t nb = sp_fuzz_mutate_bytes(b.data(), size, max_size, seed);
    ASSERT_LE(na, max_size);
    ASSERT_EQ(na, nb);
    ASSERT_EQ(a, b);
  }
}

class FuzzingKitFormat : public testing::TestWithParam<KitFormat> {};

// Each seed goes through a chain of mutations, each into a buffer of
// exactly max_size (from the seed's size to twice it, and never less than
// 64 bytes, so growing edits have room), each done twice; the chain's last
// output is crossed with the next seed.
TEST_P(FuzzingKitFormat, EverySeedMutatesDeterministicallyWithinMaxSize) {
  constexpr unsigned kChain = 4;
  const KitFormat& kit = GetParam();
  const auto inputs = seeds(kit.corpus);
  ASSERT_FALSE(inputs.empty()) << kit.corpus;
  size_t changed = 0;
  for (size_t i = 0; i < inputs.size(); ++i) {
    std::vector<uint8_t> current = inputs[i];
    for (unsigned step = 0; step < kChain; ++step) {
      const auto seed = static_cast<unsigned>(i * kChain + step);
      const size_t max_size = std::max<size_t>(64, current.size() + current.size() * (seed % 5) / 4);
      const auto a = mutated(kit.format, current, max_size, seed);
      const auto b = mutated(kit.format, current, max_size, seed);
      ASSERT_EQ(a, b) << kit.format << ": seed file " << i << " step " << step << " is not deterministic";
      changed += a != current ? 1 : 0;
      current = a;
    }
    const auto& other = inputs[(i + 1) % inputs.size()];
    const size_t max_out = std::max(current.size(), other.size()) + 64;
    std::vector<uint8_t> x(max_out), y(max_out);
    const auto seed = static_cast<unsigned>(i);
    const size_t nx = sp_fuzz_cross_over(kit.format.c_str(), current.data(), current.size(), other.data(), other.size(),
                                         x.data(), max_out, seed);
    const size_t ny = sp_fuzz_cross_over(kit.format.c_str(), current.data(), current.size(), other.data(), other.size(),
                                         y.data(), max_out, seed);
    ASSERT_LE(nx, max_out);
    ASSERT_EQ(nx, ny);
    ASSERT_EQ(x, y);
  }
  // Mutating is changing: most steps give another input.
  EXPECT_GT(changed, inputs.size() * kChain / 2) << kit.format;
}

// With a byte mutator that changes nothing, what changes a seed is the
// format's own mutator: the kit calls it, and hands it the caller's byte
// mutator.
TEST_P(FuzzingKitFormat, TheFormatsMutatorEditsWhatTheByteMutatorLeaves) {
  const KitFormat& kit = GetParam();
  size_t byte_calls = 0;
  static size_t* calls = nullptr;
  calls = &byte_calls;
  const sp_fuzz_byte_mutator unchanged = [](uint8_t*, size_t size, size_t) {
    ++*calls;
    return size;
  };
  size_t changed = 0, tried = 0;
  for (const auto& seed_file : seeds(kit.corpus)) {
    if (tried == 200) break;
    for (unsigned seed = 0; seed < 4; ++seed, ++tried) {
      const size_t max_size = seed_file.size() * 2 + 64;
      std::vector<uint8_t> buffer(max_size);
      std::copy(seed_file.begin(), seed_file.end(), buffer.begin());
      const size_t size =
          sp_fuzz_mutate_with(kit.format.c_str(), buffer.data(), seed_file.size(), max_size, seed, unchanged);
      buffer.resize(size);
      changed += buffer != seed_file ? 1 : 0;
    }
  }
  EXPECT_GT(changed, tried / 10) << kit.format;
  EXPECT_GT(byte_calls, 0u) << kit.format;
}

INSTANTIATE_TEST_SUITE_P(Formats, FuzzingKitFormat, testing::ValuesIn(kit_formats()),
                         [](const testing::TestParamInfo<KitFormat>& info) { return info.param.format; });

}  // namespace
