// The seeds and the structure-aware mutator of fuzz_shbin: structural
// mutations mostly give files the reader accepts, with other code sizes,
// descriptors, DVLEs, table entries and both layouts; one in four has an
// offset, count or size set wrong on purpose, which the reader's bound
// checks report; nothing is written past max_size, however little room
// there is; inputs the reader rejects go to the byte mutator. The seed
// inputs of both targets are what the targets read.
#include "support/shbin_mutator.h"

#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "conformance/shbin/samples.h"
#include "shbin/pica.h"
#include "support/byte_mutator.h"
#include "support/shbin_checks.h"

namespace sp::fuzz {
namespace {

struct Read {
  std::optional<shbin::Shbin> model;
  std::optional<Diagnostic> error;
};

Read read(const std::vector<uint8_t>& bytes) {
  const Limits limits;  // Context keeps a reference
  Context ctx(limits, bytes.size());
  shbin::Shbin s;
  Read r;
  if (shbin::parse_shbin(bytes, 0, ctx, s)) r.model = std::move(s);
  r.error = ctx.take_error();
  return r;
}

std::vector<std::vector<uint8_t>> seed_files() {
  std::vector<std::vector<uint8_t>> out;
  for (const shbin::build::Sample& s : shbin::build::samples()) out.push_back(shbin::write_shbin(s.shbin));
  return out;
}

TEST(ShbinSeeds, EverySeedPassesTheTargetsChecksAndTogetherTheyHoldEveryFormat) {
  std::set<shbin::pica::Format> formats;
  for (const std::vector<uint8_t>& file : seed_files()) {
    const std::optional<shbin::Shbin> s = read_shbin_checked(file);
    ASSERT_TRUE(s.has_value());
    for (uint32_t w : s->dvlp.code) formats.insert(shbin::pica::decode(w).format);
    // Its DVLE as fuzz_shbin_dvle reads it: the same DVLE in the frame.
    const std::optional<std::vector<uint8_t>> dvle = dvle_input(file);
    if (s->dvles.empty()) continue;
    ASSERT_TRUE(dvle.has_value());
    const std::vector<uint8_t> framed = framed_dvle((*dvle)[0], Bytes(*dvle).subspan(1));
    const std::optional<shbin::Shbin> alone = read_shbin_checked(framed);
    ASSERT_TRUE(alone.has_value());
    ASSERT_FALSE(alone->dvles.empty());
    shbin::Dvle d = alone->dvles[0];
    d.offset = s->dvles[s->dvle_of[0]].offset;
    EXPECT_EQ(d, s->dvles[s->dvle_of[0]]);
  }
  EXPECT_EQ(formats.size(), 10u);  // 0, 1, 1i, 1u, 1c, 2, 3, 4, 5, 5i
}

// What a structural mutation changed, counted over the accepted outputs.
struct Changes {
  size_t code = 0, descriptors = 0, dvles = 0, entries = 0, headers = 0, layout = 0;
};

void count_changes(const shbin::Shbin& was, const shbin::Shbin& now, Changes& c) {
  c.code += now.dvlp.code != was.dvlp.code ? 1u : 0u;
  c.descriptors += now.dvlp.descriptors != was.dvlp.descriptors ? 1u : 0u;
  c.dvles += now.dvle_offsets.size() != was.dvle_offsets.size() ? 1u : 0u;
  c.layout += now.dvlp.header_size != was.dvlp.header_size ? 1u : 0u;
  if (now.dvles.size() != was.dvles.size()) return;
  bool entries = false, headers = false;
  for (size_t k = 0; k < now.dvles.size(); ++k) {
    const shbin::Dvle& a = was.dvles[k];
    const shbin::Dvle& b = now.dvles[k];
    entries |= a.constants != b.constants || a.labels != b.labels || a.outmaps != b.outmaps || a.uniforms != b.uniforms;
    headers |= a.version != b.version || a.type != b.type || a.flags != b.flags || a.main != b.main ||
               a.endmain != b.endmain || a.output_mask != b.output_mask || a.geometry_mode != b.geometry_mode;
  }
  c.entries += entries ? 1u : 0u;
  c.headers += headers ? 1u : 0u;
}

TEST(ShbinMutator, StructuralMutationsMostlyGiveFilesTheReaderAccepts) {
  Changes changes;
  std::map<Code, size_t> errors;
  size_t accepted = 0;
  const auto visit = [&](const std::vector<uint8_t>& out, const std::vector<uint8_t>& input) {
    const Read after = read(out);
    if (!after.model) {
      ++errors[after.error->code];
      return;
    }
    ++accepted;
    count_changes(*read(input).model, *after.model, changes);
  };
  const size_t structural = test::structural_mutations(seed_files(), 3000, 2, mutate_shbin, visit);
  // Two mutations in three are structural.
  EXPECT_GT(structural, 1700u);
  EXPECT_LT(structural, 2300u);
  // Edits in the model keep the file readable (1,595 of 1,930 here), and
  // change what the reader sees: code, descriptors, DVLEs and offset
  // table entries, table entries, header fields, the layout.
  EXPECT_GT(accepted, structural * 3 / 4);
  EXPECT_GT(changes.code, 400u);
  EXPECT_GT(changes.descriptors, 200u);
  EXPECT_GT(changes.dvles, 200u);
  EXPECT_GT(changes.entries, 150u);
  EXPECT_GT(changes.headers, 200u);
  EXPECT_GT(changes.layout, 200u);
  // One in four gets an offset, count or size set wrong, and the reader's
  // bound checks report it.
  EXPECT_GT(errors[Code::count_too_large], 60u);
  EXPECT_GT(errors[Code::offset_out_of_bounds], 50u);
  EXPECT_GT(errors[Code::truncated] + errors[Code::bad_magic], 80u);
  EXPECT_GT(errors[Code::unterminated_string], 8u);
}

// write_shbin allocates the model's file size: with no room to grow, every
// output still fits.
TEST(ShbinMutator, NothingIsWrittenPastMaxSize) {
  const std::vector<std::vector<uint8_t>> seeds = seed_files();
  for (unsigned seed = 0; seed < 2000; ++seed) {
    std::vector<uint8_t> file = seeds[seed % seeds.size()];
    const size_t size = file.size();
    EXPECT_LE(mutate_shbin(file.data(), size, size, seed, test::flip_one_byte), size);
  }
}

TEST(ShbinMutator, InputsTheReaderRejectsGoToTheByteMutator) {
  test::expect_only_byte_mutations({'D', 'V', 'L', 'B', 0xFF, 0xFF, 0xFF, 0xFF}, mutate_shbin);
}

}  // namespace
}  // namespace sp::fuzz
