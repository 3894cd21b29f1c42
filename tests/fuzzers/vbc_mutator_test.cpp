// The structure-aware mutator of fuzz_vbc: structural mutations mostly give
// files the structural reader accepts, with other record counts, other
// stages in other slots, both uniform layouts and each cross-check's
// warning; the limits and the counts set wrong on purpose end in their
// errors; the crossover moves stages and tables between files; inputs the
// reader rejects go to the byte mutator.
#include "support/vbc_mutator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <vector>

#include "conformance/vbc/builders.h"
#include "support/byte_mutator.h"
#include "vbc/shader.h"

namespace sp::fuzz {
namespace {

vbc::ParseResult read(const std::vector<uint8_t>& bytes) {
  return vbc::parse_shader(bytes, Limits{}, 0, {.validate_spirv = false});
}

std::vector<std::vector<uint8_t>> sample_bytes() {
  std::vector<std::vector<uint8_t>> out;
  for (const vbc::build::Sample& s : vbc::build::valid_samples()) out.push_back(vbc::build::bytes(s.shader));
  return out;
}

TEST(VbcMutator, StructuralMutationsMostlyGiveFilesTheReaderAccepts) {
  std::set<size_t> bindings, members, subpasses, inputs;
  std::set<uint16_t> masks;
  std::map<Code, size_t> errors, warnings;
  size_t accepted = 0, old_layout = 0, stages_changed = 0;
  const auto visit = [&](const std::vector<uint8_t>& out, const std::vector<uint8_t>& input) {
    const vbc::ParseResult after = read(out);
    for (const Diagnostic& w : after.warnings) ++warnings[w.code];
    if (!after.ok()) {
      ++errors[after.error->code];
      return;
    }
    ++accepted;
    const vbc::Shader& s = *after.shader;
    bindings.insert(s.bindings.size());
    inputs.insert(s.vertex_inputs.size());
    subpasses.insert(s.subpass_inputs.size());
    if (s.uniform) members.insert(s.uniform->members.size());
    masks.insert(s.present_stages());
    if (s.uniform_layout == vbc::UniformLayout::old_u32) ++old_layout;
    const vbc::ParseResult before = read(input);
    for (const vbc::Stage st : vbc::kStages) {
      const Bytes a = before.shader->stage(st).code, b = s.stage(st).code;
      if (!std::equal(a.begin(), a.end(), b.begin(), b.end())) {
        ++stages_changed;
        break;
      }
    }
  };
  const size_t structural = test::structural_mutations(sample_bytes(), 3000, 2, mutate_vbc, visit);
  // Two mutations in three are structural.
  EXPECT_GT(structural, 1700u);
  EXPECT_LT(structural, 2300u);
  // Edits of the model mostly keep the file readable and change what the
  // reader sees: table sizes one or two away from the samples' (0, 2, 3,
  // 32 bindings; 0 to 16 vertex inputs; 0 or 4 subpass inputs), the
  // uniform's layout, which stages are there.
  EXPECT_GT(accepted, structural / 3);
  EXPECT_GE(bindings.size(), 6u);
  EXPECT_GE(inputs.size(), 5u);
  EXPECT_GE(members.size(), 6u);
  const std::set<size_t> fewer_and_more = {0, 1, 3, 4};
  EXPECT_TRUE(std::includes(subpasses.begin(), subpasses.end(), fewer_and_more.begin(), fewer_and_more.end()));
  EXPECT_GE(masks.size(), 6u);
  EXPECT_GT(old_layout, 5u);
  EXPECT_GT(stages_changed, 100u);
  // Each cross-check's warning, and padding that is not zero.
  for (const Code w : {Code::entry_point_mismatch, Code::vertex_input_mismatch, Code::fragment_output_mismatch,
                       Code::stage_mask_mismatch, Code::padding_nonzero})
    EXPECT_GT(warnings[w], 0u) << code_name(w);
  // The limits, one past their maximum; the counts set wrong on purpose;
  // VSL's writer's 48-byte subpass inputs; SPIR-V word counts.
  for (const Code e : {Code::too_many_bindings, Code::binding_slot_out_of_range, Code::duplicate_binding_slot,
                       Code::too_many_subpass_inputs, Code::vertex_input_location_out_of_range,
                       Code::fragment_output_location_out_of_range, Code::name_too_long, Code::uniform_too_large,
                       Code::uniform_member_out_of_bounds, Code::invalid_base_type, Code::required_stage_missing,
                       Code::count_too_large, Code::vsl_subpass_struct_dump, Code::spirv_word_count_zero})
    EXPECT_GT(errors[e], 0u) << code_name(e);
}

TEST(VbcMutator, CrossoverMovesStagesAndTablesBetweenFiles) {
  const std::vector<uint8_t> basic = vbc::build::bytes(vbc::build::sample("basic"));
  const std::vector<uint8_t> all = vbc::build::bytes(vbc::build::sample("all_stages"));
  std::set<uint16_t> masks;
  size_t written = 0;
  for (unsigned seed = 0; seed < 800; seed += 4) {  // the seeds it does not decline
    std::vector<uint8_t> out(basic.size() + all.size());
    const size_t n = cross_over_vbc(basic.data(), basic.size(), all.data(), all.size(), out.data(), out.size(), seed);
    if (n == 0) continue;
    ++written;
    out.resize(n);
    const vbc::ParseResult r = read(out);
    if (r.ok()) masks.insert(r.shader->present_stages());
  }
  EXPECT_EQ(written, 200u);
  // basic's vert and frag, with tessellation or geometry stages of the other.
  EXPECT_GE(masks.size(), 3u);
  // Inputs that do not read give nothing.
  const std::vector<uint8_t> junk = {'V', 'B', 'C'};
  std::vector<uint8_t> out(basic.size());
  EXPECT_EQ(cross_over_vbc(junk.data(), junk.size(), basic.data(), basic.size(), out.data(), out.size(), 1), 0u);
}

TEST(VbcMutator, InputsTheReaderRejectsGoToTheByteMutator) {
  test::expect_only_byte_mutations({'V', 'B', 'C', 2, 1, 0, 0}, mutate_vbc);
}

}  // namespace
}  // namespace sp::fuzz
