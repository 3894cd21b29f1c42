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
#include "dxcontainer/writer.h"
#include "support/byte_mutator.h"
#include "support/containers.h"
#include "support/dxcontainer_content_mutation.h"
#include "support/model_part.h"

namespace sp::fuzz {
namespace {

using test::flip_one_byte;
using test::g_byte_mutations;

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
  test::expect_only_byte_mutations({'D', 'X', 'B', 'X', 1, 2, 3, 4}, mutate_container);
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

// A container whose PSV0 and RTS0 parts the content mutations can change.
std::vector<uint8_t> decoded_sample() {
  dxc::Container c;
  dxc::Psv psv;
  psv.version = 2;
  psv.info.shader_stage = 1;  // vertex
  psv.layout_stage = 1;
  psv.resources.resize(2);
  dxc::RootSignature rs;
  rs.version = 2;
  rs.parameters.resize(1);
  c.parts.push_back(model_part("PSV0", Box<dxc::Psv>(psv)));
  c.parts.push_back(model_part("RTS0", Box<dxc::RootSignature>(rs)));
  return dxc::write_container(c);
}

TEST(DxContainerMutator, ContentMutationsChangeVersionsAndCountsConsistently) {
  const std::vector<uint8_t> input = decoded_sample();
  std::set<uint32_t> psv_versions, rts_versions;
  std::set<size_t> resource_counts;
  size_t accepted = 0;
  for (unsigned seed = 0; seed < 3000; ++seed) {
    std::vector<uint8_t> buf = input;
    buf.resize(input.size() * 4);
    const size_t before = g_byte_mutations;
    const size_t n = mutate_container(buf.data(), input.size(), buf.size(), seed, flip_one_byte);
    if (g_byte_mutations != before) continue;
    buf.resize(n);
    const dxc::ParseResult r = dxc::parse_container(buf);
    if (!r.ok()) continue;
    ++accepted;
    for (const Diagnostic& w : r.warnings) EXPECT_NE(w.code, Code::digest_mismatch);
    if (const dxc::Part* p = r.container->find(make_fourcc('P', 'S', 'V', '0'))) {
      if (const auto* psv = dxc::content_if<dxc::Psv>(*p)) {
        psv_versions.insert(psv->version);
        resource_counts.insert(psv->resources.size());
      }
    }
    if (const dxc::Part* p = r.container->find(make_fourcc('R', 'T', 'S', '0')))
      if (const auto* rs = dxc::content_if<dxc::RootSignature>(*p)) rts_versions.insert(rs->version);
  }
  // The changes are made in the model and written by the writer, so most
  // results parse, with versions and counts the byte mutator rarely makes.
  EXPECT_GT(accepted, 300u);
  EXPECT_EQ(psv_versions, (std::set<uint32_t>{0, 1, 2, 3}));
  EXPECT_EQ(rts_versions, (std::set<uint32_t>{1, 2, 3}));
  EXPECT_TRUE(resource_counts.count(1) && resource_counts.count(3));
}

TEST(DxContainerMutator, FreshDecodedPartsParseToTheirKind) {
  std::set<uint32_t> kinds;
  for (unsigned seed = 0; seed < 300; ++seed) {
    SCOPED_TRACE(seed);
    Random r(seed);
    dxc::Container c;
    c.parts.push_back(fresh_decoded_part(r));
    const std::vector<uint8_t> bytes = dxc::write_container(c);
    const dxc::ParseResult back = dxc::parse_container(bytes);
    ASSERT_TRUE(back.ok()) << back.error->to_string();
    const dxc::Part& p = back.container->parts.at(0);
    EXPECT_FALSE(std::holds_alternative<dxc::RawPart>(p.content)) << fourcc_text(p.fourcc);
    kinds.insert(p.fourcc);
  }
  EXPECT_EQ(kinds.size(), 14u);  // PSV0 RTS0 ISG1 OSG1 ISGN OSGN OSG5 SRCI RDAT DXIL HASH SFI0 ILDN VERS
}

}  // namespace
}  // namespace sp::fuzz
