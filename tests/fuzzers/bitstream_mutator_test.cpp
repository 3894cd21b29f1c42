// The bitstream tree and the structure-aware mutator of fuzz_bitstream and
// fuzz_bitcode: the tree reads back what the writer wrote, structural
// mutations come out as streams the reader mostly accepts and that differ
// in the ways the mutator promises (blocks, abbrevs, operand kinds), and
// inputs the reader rejects go to the byte mutator.
#include "support/bitstream_mutator.h"

#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "bitcode/module.h"
#include "bitstream/walk.h"
#include "conformance/bitcode/metadata_cases.h"
#include "support/bitstream_model.h"
#include "support/bitstream_seeds.h"
#include "support/byte_mutator.h"

namespace sp::fuzz {
namespace {

std::optional<BsStream> tree_of(const std::vector<uint8_t>& bytes) {
  const Limits limits;
  Context ctx(limits, bytes.size());
  return read_stream(bytes, ctx);
}

std::optional<bitstream::WalkStats> walk(const std::vector<uint8_t>& bytes) {
  const Limits limits;
  Context ctx(limits, bytes.size());
  return bitstream::walk_file(bytes, ctx);
}

TEST(BitstreamModel, EverySeedReadsBackFromTheWriterUnchanged) {
  for (const auto& [name, bytes] : bitstream_seeds()) {
    SCOPED_TRACE(name);
    const auto tree = tree_of(bytes);
    ASSERT_TRUE(tree);
    const auto written = write_stream(*tree);
    ASSERT_TRUE(written);
    // The seeds are the writer's own output, so even the bytes agree.
    EXPECT_EQ(*written, bytes);
    const auto again = tree_of(*written);
    ASSERT_TRUE(again);
    EXPECT_EQ(tree_difference(*tree, *again), "");
  }
}

TEST(BitstreamModel, ARecordThatNoLongerFitsItsAbbrevIsWrittenUnabbreviated) {
  const auto seeds = bitstream_seeds();
  auto tree = tree_of(seeds.at(1).second);  // operand_kinds
  ASSERT_TRUE(tree);
  // items[0] defines [literal 1, literal 7, fixed 1]; items[8] is its record.
  BsRecord& rec = tree->blocks.at(0).items.at(8).record;
  ASSERT_EQ(rec.abbrev_id, 4u);
  rec.ops[0] = 8;  // no longer the literal 7
  const auto written = write_stream(*tree);
  ASSERT_TRUE(written);
  const auto back = tree_of(*written);
  ASSERT_TRUE(back);
  const BsRecord& read = back->blocks.at(0).items.at(8).record;
  EXPECT_EQ(read.abbrev_id, bitstream::kUnabbrevRecord);
  EXPECT_EQ(read.ops, (std::vector<uint64_t>{8, 1}));
}

TEST(BitstreamMutator, StructuralMutationsMostlyGiveStreamsTheReaderAccepts) {
  std::vector<std::vector<uint8_t>> seeds;
  for (auto& [name, bytes] : bitstream_seeds()) seeds.push_back(std::move(bytes));
  std::set<uint64_t> block_counts, abbrev_counts, depths;
  size_t accepted = 0;
  const size_t structural =
      test::structural_mutations(seeds, 3000, 4, mutate_bitstream, [&](const std::vector<uint8_t>& out, const auto&) {
        const auto stats = walk(out);
        if (!stats) return;
        ++accepted;
        block_counts.insert(stats->blocks);
        abbrev_counts.insert(stats->abbrevs);
        depths.insert(stats->max_depth);
      });
  // Two mutations in three are structural (some fall back when the edit
  // changed nothing the writer can express).
  EXPECT_GT(structural, 1500u);
  EXPECT_LT(structural, 2100u);
  // Edits made in the tree mostly keep the stream readable, and they
  // change block counts, nesting and abbreviations.
  EXPECT_GT(accepted, structural / 2);
  EXPECT_GT(block_counts.size(), 8u);
  EXPECT_GT(abbrev_counts.size(), 8u);
  EXPECT_GT(depths.size(), 5u);
}

// From a module with every kind of metadata, structural edits reach the
// IR layer's metadata checks: references past the last or of the wrong
// kind, records out of order (each path names the metadata or its block).
TEST(BitstreamMutator, MetadataEditsReachTheMetadataChecks) {
  const std::vector<std::vector<uint8_t>> seeds = {bitcode::build::module_file(bitcode::build::with_metadata())};
  std::set<std::string> codes;
  size_t metadata_errors = 0;
  (void)test::structural_mutations(seeds, 3000, 4, mutate_bitstream, [&](const std::vector<uint8_t>& out, const auto&) {
    const bitcode::ParseResult r = bitcode::parse_bitcode(out);
    if (r.ok()) return;
    const std::string& path = r.error->path;
    if (path.find("metadata") == std::string::npos && path.find("METADATA") == std::string::npos) return;
    ++metadata_errors;
    codes.insert(std::string(code_name(r.error->code)));
  });
  EXPECT_GT(metadata_errors, 100u);
  for (const char* code : {"invalid_reference", "invalid_record"}) EXPECT_TRUE(codes.contains(code)) << code;
}

TEST(BitstreamMutator, InputsTheReaderRejectsGoToTheByteMutator) {
  test::expect_only_byte_mutations({'B', 'C', 0xC0, 0xDE, 0xFF, 0xFF, 0xFF, 0xFF}, mutate_bitstream);
}

}  // namespace
}  // namespace sp::fuzz
