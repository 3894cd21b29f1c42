// The reflection checked against the SPIR-V it describes, as warnings a
// profile may promote: each slot's entry point has the slot's execution
// model, the vertex inputs and fragment outputs are the vert and frag
// stages' Input and Output locations, stage masks name present stages.
#include <gtest/gtest.h>

#include "conformance/vbc/builders.h"
#include "vbc/support.h"

namespace sp::vbc {
namespace {

using test::parse;

TEST(VbcCrossChecks, AStageInAnotherStagesSlotHasNoEntryPointOfItsModel) {
  // basic.frag in the vert slot, with records matching its Input
  // variables: only the entry point is wrong.
  Shader s = build::shader({.vert = build::spirv("basic.frag"), .frag = build::spirv("basic.frag")});
  s.vertex_inputs = {build::input(0, BaseType::float_, 2), build::input(1)};
  s.fragment_outputs = {build::output(0)};
  const std::vector<uint8_t> file = write_shader(s);
  const ParseResult r = parse(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), std::vector<Code>{Code::entry_point_mismatch});
  EXPECT_EQ(r.warnings[0].path, "stages.vert");
  EXPECT_EQ(r.warnings[0].offset, r.shader->stage(Stage::vert).file_offset);
  EXPECT_EQ(r.warnings[0].message, "the vert slot's SPIR-V has no Vertex entry point (it has Fragment \"main\")");
}

TEST(VbcCrossChecks, SwappedTessellationStagesAreBothReported) {
  Shader s = build::sample("all_stages");
  std::swap(s.stage(Stage::tesc).code, s.stage(Stage::tese).code);
  const ParseResult r = parse(write_shader(s));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), (std::vector<Code>{Code::entry_point_mismatch, Code::entry_point_mismatch}));
  EXPECT_EQ(r.warnings[0].path, "stages.tesc");
  EXPECT_EQ(r.warnings[1].path, "stages.tese");
}

TEST(VbcCrossChecks, VertexInputsThatAreNotTheVertexStagesInputs) {
  Shader s = build::sample("basic");
  s.vertex_inputs.push_back(build::input(3));
  Sections at;
  const ParseResult r = parse(write_shader(s, {}, &at));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), std::vector<Code>{Code::vertex_input_mismatch});
  EXPECT_EQ(r.warnings[0].path, "vertex_inputs");
  EXPECT_EQ(r.warnings[0].offset, at.vertex_inputs);
  EXPECT_EQ(r.warnings[0].message,
            "the records give locations {0, 1, 2, 3}, the vertex stage's Input variables {0, 1, 2}");
}

TEST(VbcCrossChecks, FragmentOutputsThatAreNotTheFragmentStagesOutputs) {
  Shader s = build::sample("max_outputs");
  s.fragment_outputs.pop_back();
  Sections at;
  const ParseResult r = parse(write_shader(s, {}, &at));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), std::vector<Code>{Code::fragment_output_mismatch});
  EXPECT_EQ(r.warnings[0].path, "fragment_outputs");
  EXPECT_EQ(r.warnings[0].offset, at.fragment_outputs);
}

// A matrix input takes four locations; the record and the variable name
// the first, and agree.
TEST(VbcCrossChecks, AMatrixInputIsRecordedAtItsFirstLocation) {
  const ParseResult r = parse(build::bytes(build::sample("matrix_inputs")));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_EQ(r.shader->stage(Stage::vert).module.input_locations, (std::vector<uint32_t>{0, 4, 5, 6}));
}

TEST(VbcCrossChecks, StageMasksNamingAbsentStages) {
  Shader s = build::sample("basic");
  s.bindings[1].stage_mask = stage_bit(Stage::vert) | stage_bit(Stage::tesc);
  s.uniform->stage_mask = 0x0040 | stage_bit(Stage::frag);
  Sections at;
  const ParseResult r = parse(write_shader(s, {}, &at));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), (std::vector<Code>{Code::stage_mask_mismatch, Code::stage_mask_mismatch}));
  EXPECT_EQ(r.warnings[0].path, "bindings[1].stage_mask");
  EXPECT_EQ(r.warnings[0].offset, at.bindings + 4 + 8 + 2);
  EXPECT_EQ(r.warnings[0].message, "stage mask vert|tesc names tesc, which the file has no SPIR-V for");
  EXPECT_EQ(r.warnings[1].path, "uniform.stage_mask");
  EXPECT_EQ(r.warnings[1].offset, at.uniform + 2);
  EXPECT_EQ(r.warnings[1].message, "stage mask frag|0x0040 names 0x0040, which the file has no SPIR-V for");
}

// The same check reads the older uniform layout's mask where it is.
TEST(VbcCrossChecks, TheOlderLayoutsUniformMaskIsAfterItsU32Size) {
  Shader s = build::sample("basic");
  s.uniform_layout = UniformLayout::old_u32;
  s.uniform->stage_mask = stage_bit(Stage::geom);
  Sections at;
  const ParseResult r = parse(write_shader(s, {}, &at));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), (std::vector<Code>{Code::old_uniform_layout, Code::stage_mask_mismatch}));
  EXPECT_EQ(r.warnings[1].offset, at.uniform + 4);
}

}  // namespace
}  // namespace sp::vbc
