// The structure-aware mutator of fuzz_dxcontainer: its structural changes
// keep the container layer valid (offsets, sizes, signed digest), they do
// change the part list, inputs it cannot parse go to the byte mutator, and
// the crossover splices in a part of the second input.
#include "support/dxcontainer_mutator.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "support/containers.h"

namespace sp::fuzz {
namespace {

// Stands in for LLVMFuzzerMutate: flips one byte and counts its calls, so a
// test can tell byte mutations from structural ones.
size_t g_byte_mutations = 0;
size_t flip_one_byte(uint8_t* data, size_t size, size_t) {
  ++g_byte_mutations;
  if (size > 0) data[size / 2] ^= 0xFF;
  return size;
}

std::vector<uint8_t> sample() {
  return test::container_of({{"SFI0", {1, 0, 0, 0, 0, 0, 0, 0}},
                             {"PRIV", {1, 2, 3, 4, 5, 6, 7}},
                             {"HASH", std::vector<uint8_t>(20, 7)},
                             {"STAT", std::vector<uint8_t>(16, 0)}});
}

bool container_level(const Diagnostic& d) { return d.path.rfind("parts[", 0) != 0 || d.code == Code::part_out_of_bounds; }

TEST(DxContainerMutator, StructuralMutationsKeepTheContainerLayerValid) {
  const std::vector<uint8_t> input = sample();
  std::set<size_t> part_counts;
  std::set<uint32_t> first_kinds;
  size_t structural = 0;
  for (unsigned seed = 0; seed < 2000; ++seed) {
    SCOPED_TRACE(seed);
    std::vector<uint8_t> buf = input;
    const size_t max_size = input.size() * 4;
    buf.resize(max_size);
    const size_t before = g_byte_mutations;
    const size_t n = mutate_container(buf.data(), input.size(), max_size, seed, flip_one_byte);
    ASSERT_LE(n, max_size);
    if (g_byte_mutations != before) continue;  // the byte mutator's turn
    ++structural;
    buf.resize(n);
    const dxc::ParseResult r = dxc::parse_container(buf);
    if (!r.ok()) {
      EXPECT_FALSE(container_level(*r.error)) << r.error->to_string();
      continue;
    }
    for (const Diagnostic& w : r.warnings) {
      EXPECT_NE(w.code, Code::digest_mismatch);
      EXPECT_NE(w.code, Code::gap_between_parts);
      EXPECT_NE(w.code, Code::file_size_mismatch);
    }
    part_counts.insert(r.container->parts.size());
    if (!r.container->parts.empty()) first_kinds.insert(r.container->parts[0].fourcc);
  }
  // One mutation in six is structural; they add, drop and rename parts.
  EXPECT_GT(structural, 250u);
  EXPECT_LT(structural, 450u);
  EXPECT_TRUE(part_counts.count(3) && part_counts.count(4) && part_counts.count(5));
  EXPECT_GT(first_kinds.size(), 3u);
}

TEST(DxContainerMutator, InputsThatDoNotParseGoToTheByteMutator) {
  std::vector<uint8_t> buf = {'D', 'X', 'B', 'X', 1, 2, 3, 4};
  for (unsigned seed = 0; seed < 50; ++seed) {
    const size_t before = g_byte_mutations;
    EXPECT_EQ(mutate_container(buf.data(), buf.size(), buf.size(), seed, flip_one_byte), buf.size());
    EXPECT_EQ(g_byte_mutations, before + 1);
  }
}

TEST(DxContainerMutator, CrossOverSplicesInAPartOfTheSecondInput) {
  const std::vector<uint8_t> first = sample();
  const std::vector<uint8_t> second = test::container_of({{"ILDN", {0, 0, 1, 0, 'a', 0, 0, 0}}});
  size_t with_ildn = 0;
  for (unsigned seed = 0; seed < 100; ++seed) {
    std::vector<uint8_t> out(4096);
    const size_t n = cross_over_containers(first.data(), first.size(), second.data(), second.size(), out.data(),
                                           out.size(), seed);
    ASSERT_GT(n, 0u);
    out.resize(n);
    const dxc::ParseResult r = dxc::parse_container(out);
    ASSERT_TRUE(r.ok()) << r.error->to_string();
    if (r.container->find(make_fourcc('I', 'L', 'D', 'N')) != nullptr) ++with_ildn;
  }
  EXPECT_EQ(with_ildn, 100u);
  // Nothing to splice from an input that does not parse.
  std::vector<uint8_t> out(4096);
  EXPECT_EQ(cross_over_containers(first.data(), first.size(), first.data(), 3, out.data(), out.size(), 1), 0u);
}

}  // namespace
}  // namespace sp::fuzz
