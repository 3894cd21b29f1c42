// Hostile and damaged VSL shaders: every limit of VSL's compiler, one past
// its maximum, ends in its own code at the byte of the field and under its
// path; so does every structural error of the reflection; a count of
// 0xFFFFFFFF in any table is refused before anything is reserved.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "conformance/vbc/builders.h"
#include "vbc/support.h"

namespace sp::vbc {
namespace {

using test::parse;

struct Case {
  std::string name;
  std::function<std::vector<uint8_t>(Sections&)> make;
  Code code;
  std::function<uint64_t(const Sections&)> offset;
  std::string path;
};

// A written sample after `edit` of its model.
std::function<std::vector<uint8_t>(Sections&)> edited(std::string sample, std::function<void(Shader&)> edit) {
  return [sample, edit](Sections& at) {
    Shader s = build::sample(sample);
    edit(s);
    return write_shader(s, {}, &at);
  };
}

// A written sample with bytes changed afterwards.
std::function<std::vector<uint8_t>(Sections&)> patched(
    std::string sample, std::function<void(std::vector<uint8_t>&, const Sections&)> patch) {
  return [sample, patch](Sections& at) {
    std::vector<uint8_t> file = write_shader(build::sample(sample), {}, &at);
    patch(file, at);
    return file;
  };
}

std::function<uint64_t(const Sections&)> fixed(uint64_t offset) {
  return [offset](const Sections&) { return offset; };
}

// Record `i` of a table of `size`-byte records whose count is at `table`.
uint64_t record(uint64_t table, size_t size, size_t i) { return table + 4 + size * i; }

std::vector<Case> cases() {
  std::vector<Case> out;
  // ---- Header
  out.push_back({"magic", patched("basic", [](auto& f, auto&) { f[2] = 'D'; }), Code::bad_magic, fixed(0),
                 "header.magic"});
  out.push_back({"short_header", [](Sections&) { return std::vector<uint8_t>{'V', 'B', 'C', 1, 1, 0, 0}; },
                 Code::truncated, fixed(0), "header"});
  // The header's last field (the fifth table size) cut by one byte, and a
  // header with nothing after it: the first table's count is what is missing.
  out.push_back({"header_one_byte_short", patched("basic", [](auto& f, auto&) { f.resize(kHeaderSize - 1); }),
                 Code::truncated, fixed(0), "header"});
  out.push_back({"header_alone", patched("basic", [](auto& f, auto&) { f.resize(kHeaderSize); }), Code::truncated,
                 fixed(kHeaderSize), "vertex_inputs.count"});
  out.push_back({"version_2", patched("basic", [](auto& f, auto&) { f[build::kVersionAt] = 2; }),
                 Code::unsupported_version, fixed(3), "header.version"});
  out.push_back({"compute_type", patched("basic", [](auto& f, auto&) { f[build::kShaderTypeAt] = 2; }),
                 Code::shader_type_not_graphics, fixed(4), "header.shader_type"});
  out.push_back({"no_vertex_stage",
                 patched("basic", [](auto& f, auto&) { store_le_at<uint16_t>(f, build::words_at(Stage::vert), 0); }),
                 Code::required_stage_missing, fixed(5), "header.bytecode_words.vert"});
  out.push_back({"no_fragment_stage",
                 patched("basic", [](auto& f, auto&) { store_le_at<uint16_t>(f, build::words_at(Stage::frag), 0); }),
                 Code::required_stage_missing, fixed(13), "header.bytecode_words.frag"});
  // ---- Vertex inputs and fragment outputs
  out.push_back({"vertex_input_location_16", edited("basic", [](Shader& s) { s.vertex_inputs[1].location = 16; }),
                 Code::vertex_input_location_out_of_range,
                 [](const Sections& at) { return record(at.vertex_inputs, 8, 1); }, "vertex_inputs[1].location"});
  out.push_back({"fragment_output_location_8", edited("basic", [](Shader& s) { s.fragment_outputs[0].location = 8; }),
                 Code::fragment_output_location_out_of_range,
                 [](const Sections& at) { return record(at.fragment_outputs, 8, 0); }, "fragment_outputs[0].location"});
  out.push_back({"vertex_input_sampler",
                 edited("basic", [](Shader& s) { s.vertex_inputs[2].base_type = static_cast<uint8_t>(BaseType::sampler); }),
                 Code::invalid_base_type, [](const Sections& at) { return record(at.vertex_inputs, 8, 2) + 1; },
                 "vertex_inputs[2].base_type"});
  out.push_back({"fragment_output_boolean",
                 edited("basic", [](Shader& s) { s.fragment_outputs[0].base_type = static_cast<uint8_t>(BaseType::boolean); }),
                 Code::invalid_base_type, [](const Sections& at) { return record(at.fragment_outputs, 8, 0) + 1; },
                 "fragment_outputs[0].base_type"});
  out.push_back({"vertex_input_5_rows", edited("basic", [](Shader& s) { s.vertex_inputs[0].dims = {5, 1}; }),
                 Code::invalid_dimensions, [](const Sections& at) { return record(at.vertex_inputs, 8, 0) + 2; },
                 "vertex_inputs[0].dims"});
  out.push_back({"vertex_input_0_columns", edited("basic", [](Shader& s) { s.vertex_inputs[0].dims = {4, 0}; }),
                 Code::invalid_dimensions, [](const Sections& at) { return record(at.vertex_inputs, 8, 0) + 2; },
                 "vertex_inputs[0].dims"});
  out.push_back({"vertex_input_array_65", edited("basic", [](Shader& s) { s.vertex_inputs[0].array_size = 65; }),
                 Code::array_size_out_of_range, [](const Sections& at) { return record(at.vertex_inputs, 8, 0) + 4; },
                 "vertex_inputs[0].array_size"});
  out.push_back({"fragment_output_array_0", edited("basic", [](Shader& s) { s.fragment_outputs[0].array_size = 0; }),
                 Code::array_size_out_of_range,
                 [](const Sections& at) { return record(at.fragment_outputs, 8, 0) + 4; }, "fragment_outputs[0].array_size"});
  out.push_back({"vertex_inputs_cut", patched("basic", [](auto& f, const Sections& at) {
                   store_le_at<uint32_t>(f, at.vertex_inputs, 0x40000000);
                 }),
                 Code::count_too_large, [](const Sections& at) { return at.vertex_inputs; }, "vertex_inputs.count"});
  // ---- Bindings
  out.push_back({"binding_slot_32", edited("basic", [](Shader& s) { s.bindings[1].slot = 32; }),
                 Code::binding_slot_out_of_range, [](const Sections& at) { return record(at.bindings, 8, 1); },
                 "bindings[1].slot"});
  out.push_back({"33_bindings", edited("every_limit", [](Shader& s) { s.bindings.push_back(s.bindings[0]); }),
                 Code::too_many_bindings, [](const Sections& at) { return at.bindings; }, "bindings.count"});
  out.push_back({"duplicate_slot", edited("basic", [](Shader& s) { s.bindings[1].slot = s.bindings[0].slot; }),
                 Code::duplicate_binding_slot, [](const Sections& at) { return record(at.bindings, 8, 1); },
                 "bindings[1].slot"});
  out.push_back({"binding_float", edited("basic", [](Shader& s) { s.bindings[0].base_type = static_cast<uint8_t>(BaseType::float_); }),
                 Code::invalid_base_type, [](const Sections& at) { return record(at.bindings, 8, 0) + 1; },
                 "bindings[0].base_type"});
  out.push_back({"binding_type_11", edited("basic", [](Shader& s) { s.bindings[0].base_type = 11; }),
                 Code::invalid_base_type, [](const Sections& at) { return record(at.bindings, 8, 0) + 1; },
                 "bindings[0].base_type"});
  out.push_back({"texel_rank_7", edited("basic", [](Shader& s) { s.bindings[0].layout[0] = 7; }),
                 Code::invalid_texel_rank, [](const Sections& at) { return record(at.bindings, 8, 0) + 4; },
                 "bindings[0].texel_rank"});
  out.push_back({"texel_type_5", edited("basic", [](Shader& s) { s.bindings[0].layout[1] = 5; }),
                 Code::invalid_texel_type, [](const Sections& at) { return record(at.bindings, 8, 0) + 5; },
                 "bindings[0].texel_type"});
  out.push_back({"texel_components_3", edited("basic", [](Shader& s) { s.bindings[0].layout[3] = 3; }),
                 Code::invalid_component_count, [](const Sections& at) { return record(at.bindings, 8, 0) + 7; },
                 "bindings[0].texel_components"});
  // ---- The uniform
  out.push_back({"uniform_1025", edited("basic", [](Shader& s) { s.uniform->size = 1025; }), Code::uniform_too_large,
                 [](const Sections& at) { return at.uniform; }, "uniform.size"});
  out.push_back({"name_33", edited("basic", [](Shader& s) { s.uniform->members[1].name = std::string(33, 'n'); }),
                 Code::name_too_long,
                 // size, mask, count, then member 0: length, "transform", offset, type
                 [](const Sections& at) { return at.uniform + 8 + (1 + 9 + 2 + 4) + 1; }, "uniform.members[1].name"});
  out.push_back({"member_at_size", edited("basic", [](Shader& s) { s.uniform->members[1].offset = s.uniform->size; }),
                 Code::uniform_member_out_of_bounds, [](const Sections& at) { return at.uniform + 8 + 16 + 1 + 4; },
                 "uniform.members[1].offset"});
  out.push_back({"member_image", edited("basic", [](Shader& s) { s.uniform->members[0].base_type = static_cast<uint8_t>(BaseType::image); }),
                 Code::invalid_base_type, [](const Sections& at) { return at.uniform + 8 + 1 + 9 + 2; },
                 "uniform.members[0].base_type"});
  out.push_back({"member_void", edited("basic", [](Shader& s) { s.uniform->members[0].base_type = 0; }),
                 Code::invalid_base_type, [](const Sections& at) { return at.uniform + 8 + 1 + 9 + 2; },
                 "uniform.members[0].base_type"});
  out.push_back({"member_dims_0", edited("basic", [](Shader& s) { s.uniform->members[0].dims = {0, 4}; }),
                 Code::invalid_dimensions, [](const Sections& at) { return at.uniform + 8 + 1 + 9 + 2 + 1; },
                 "uniform.members[0].dims"});
  out.push_back({"member_array_0", edited("basic", [](Shader& s) { s.uniform->members[0].array_size = 0; }),
                 Code::array_size_out_of_range, [](const Sections& at) { return at.uniform + 8 + 1 + 9 + 2 + 3; },
                 "uniform.members[0].array_size"});
  out.push_back({"member_count_past_end", patched("basic", [](auto& f, const Sections& at) {
                   store_le_at<uint32_t>(f, at.uniform + 4, 1000);
                 }),
                 Code::count_too_large, [](const Sections& at) { return at.uniform + 4; }, "uniform.member_count"});
  // ---- Subpass inputs
  out.push_back({"5_subpass_inputs", edited("every_limit", [](Shader& s) { s.subpass_inputs.push_back(build::subpass()); }),
                 Code::too_many_subpass_inputs, [](const Sections& at) { return at.subpass_inputs; },
                 "subpass_inputs.count"});
  out.push_back({"subpass_texel_type_5", edited("every_limit", [](Shader& s) { s.subpass_inputs[3].texel_type = 5; }),
                 Code::invalid_texel_type, [](const Sections& at) { return record(at.subpass_inputs, 4, 3); },
                 "subpass_inputs[3].texel_type"});
  out.push_back({"subpass_0_components", edited("every_limit", [](Shader& s) { s.subpass_inputs[1].components = 0; }),
                 Code::invalid_component_count, [](const Sections& at) { return record(at.subpass_inputs, 4, 1) + 1; },
                 "subpass_inputs[1].components"});
  // ---- The stages, and what follows them
  out.push_back({"stage_past_end",
                 patched("basic", [](auto& f, auto&) { store_le_at<uint16_t>(f, build::words_at(Stage::frag), 1000); }),
                 Code::truncated, [](const Sections& at) { return at.bytecode + build::spirv("basic.vert").size(); },
                 "stages.frag"});
  out.push_back({"stage_words_short",
                 patched("basic", [](auto& f, auto&) {
                   store_le_at<uint16_t>(f, build::words_at(Stage::frag),
                                  static_cast<uint16_t>(build::spirv("basic.frag").size() / 4 - 1));
                 }),
                 Code::file_not_consumed, [](const Sections& at) {
                   return at.bytecode + build::spirv("basic.vert").size() + build::spirv("basic.frag").size() - 4;
                 },
                 ""});
  out.push_back({"trailing_byte", patched("basic", [](auto& f, auto&) { f.push_back(0); }), Code::file_not_consumed,
                 [](const Sections& at) {
                   return at.bytecode + build::spirv("basic.vert").size() + build::spirv("basic.frag").size();
                 },
                 ""});
  // A tessellation stage is optional, but one the header names must be there.
  out.push_back({"tesc_named_not_there",
                 patched("basic", [](auto& f, auto&) { store_le_at<uint16_t>(f, build::words_at(Stage::tesc), 1); }),
                 Code::truncated, [](const Sections& at) { return at.bytecode + build::spirv("basic.vert").size() + 4; },
                 "stages.frag"});
  return out;
}

TEST(VbcHostile, EachDamageEndsInItsErrorAtItsFieldAndPath) {
  std::set<Code> codes;
  for (const Case& c : cases()) {
    Sections at;
    const std::vector<uint8_t> file = c.make(at);
    const ParseResult r = parse(file);
    ASSERT_FALSE(r.ok()) << c.name;
    EXPECT_EQ(code_name(r.error->code), code_name(c.code)) << c.name << ": " << r.error->to_string();
    EXPECT_EQ(r.error->offset, c.offset(at)) << c.name << ": " << r.error->to_string();
    EXPECT_EQ(r.error->path, c.path) << c.name << ": " << r.error->to_string();
    codes.insert(r.error->code);
  }
  // Every limit of VSL's compiler has its own code, and each is here.
  for (const Code limit :
       {Code::unsupported_version, Code::shader_type_not_graphics, Code::required_stage_missing,
        Code::binding_slot_out_of_range, Code::too_many_bindings, Code::duplicate_binding_slot,
        Code::too_many_subpass_inputs, Code::vertex_input_location_out_of_range,
        Code::fragment_output_location_out_of_range, Code::name_too_long, Code::uniform_too_large,
        Code::uniform_member_out_of_bounds, Code::invalid_base_type, Code::invalid_texel_rank, Code::invalid_texel_type,
        Code::invalid_component_count, Code::invalid_dimensions, Code::array_size_out_of_range})
    EXPECT_TRUE(codes.contains(limit)) << code_name(limit);
}

// One past each maximum is an error (above); each maximum itself is fine:
// the every_limit sample (round_trip_test) holds them all, and so do these
// edits of the smallest legal values.
// The messages say which stage is missing and which locations there are.
TEST(VbcHostile, MessagesNameTheStageAndTheLocationsAllowed) {
  const std::map<std::string, std::string> said = {
      {"no_vertex_stage", "a vertex stage is required, and its word count is 0"},
      {"no_fragment_stage", "a fragment stage is required, and its word count is 0"},
      {"vertex_input_location_16", "location 16 is outside [0, 16)"},
      {"fragment_output_location_8", "location 8 is outside [0, 8)"},
  };
  size_t seen = 0;
  for (const Case& c : cases()) {
    const auto it = said.find(c.name);
    if (it == said.end()) continue;
    Sections at;
    const ParseResult r = parse(c.make(at));
    ASSERT_FALSE(r.ok()) << c.name;
    EXPECT_EQ(r.error->message, it->second) << c.name;
    ++seen;
  }
  EXPECT_EQ(seen, said.size());
}

TEST(VbcHostile, EachLimitAtItsEdgeIsAccepted) {
  Shader s = build::sample("every_limit");
  s.vertex_inputs[15].array_size = 1;
  s.uniform->members[0].array_size = 1;
  s.uniform->members[0].dims = {1, 1};
  s.bindings[0].layout[3] = 1;
  s.subpass_inputs[0].components = 1;
  const ParseResult r = parse(write_shader(s));
  EXPECT_TRUE(r.ok()) << r.error->to_string();
}

TEST(VbcHostile, NonZeroPaddingIsAWarningAndIsKept) {
  Shader s = build::sample("every_limit");
  s.vertex_inputs[3].padding = {0, 7, 0};
  s.subpass_inputs[2].padding = {1, 0};
  // A buffer binding's last two bytes are padding.
  size_t buffer = 0;
  while (!s.bindings[buffer].is_buffer()) ++buffer;
  s.bindings[buffer].layout[3] = 9;
  Sections at;
  const std::vector<uint8_t> file = write_shader(s, {}, &at);
  const ParseResult r = parse(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.warnings.size(), 3u);
  EXPECT_EQ(r.warnings[0].code, Code::padding_nonzero);
  EXPECT_EQ(r.warnings[0].offset, record(at.vertex_inputs, 8, 3) + 5);
  EXPECT_EQ(r.warnings[0].path, "vertex_inputs[3].padding");
  EXPECT_EQ(r.warnings[1].path, "bindings[" + std::to_string(buffer) + "].padding");
  EXPECT_EQ(r.warnings[1].offset, record(at.bindings, 8, buffer) + 6);
  EXPECT_EQ(r.warnings[2].path, "subpass_inputs[2].padding");
  EXPECT_EQ(r.warnings[2].offset, record(at.subpass_inputs, 4, 2) + 2);
  EXPECT_EQ(write_shader(*r.shader), file);
}

// A limit's message gives the value the file has and VSL's maximum.
TEST(VbcHostile, ALimitsMessageGivesTheValueAndTheMaximum) {
  const std::pair<std::function<void(Shader&)>, std::string> limits[] = {
      {[](Shader& s) { s.subpass_inputs.push_back(build::subpass()); }, "5 subpass inputs: VSL allows at most 4"},
      {[](Shader& s) { s.bindings.push_back(s.bindings[0]); }, "33 bindings: VSL allows at most 32"},
      {[](Shader& s) { s.uniform->size = 1025; }, "a uniform of 1025 bytes: VSL allows at most 1024"},
      {[](Shader& s) { s.uniform->members[0].name = std::string(33, 'n'); },
       "a name of 33 characters: VSL allows at most 32"},
  };
  for (const auto& [edit, message] : limits) {
    Shader s = build::sample("every_limit");
    edit(s);
    const ParseResult r = parse(write_shader(s));
    ASSERT_FALSE(r.ok()) << message;
    EXPECT_EQ(r.error->message, message);
  }
}

// A failed check ends the read where it is: records after it are not read,
// so their non-zero padding, a warning when nothing fails first, is not
// reported. Each failure is in the last record of its table (its fields all
// read), and no layout fits the file: the older one reads the uniform's
// size and stage mask as one u32 size over VSL's maximum.
TEST(VbcHostile, AFailedCheckEndsTheReadBeforeTheRecordsAfterIt) {
  const auto padded = [] {
    Shader s = build::sample("every_limit");
    for (InterfaceVariable& v : s.vertex_inputs) v.padding = {1, 0, 0};
    for (InterfaceVariable& v : s.fragment_outputs) v.padding = {1, 0, 0};
    for (Binding& b : s.bindings)
      if (b.is_buffer()) b.layout[3] = 1;
    for (SubpassInput& p : s.subpass_inputs) p.padding = {1, 0};
    return s;
  };
  const Shader reference = padded();
  const size_t paddings = reference.vertex_inputs.size() + reference.fragment_outputs.size() +
                          static_cast<size_t>(std::count_if(reference.bindings.begin(), reference.bindings.end(),
                                                            [](const Binding& b) { return b.is_buffer(); })) +
                          reference.subpass_inputs.size();
  const ParseResult clean = parse(write_shader(reference));
  ASSERT_TRUE(clean.ok()) << clean.error->to_string();
  EXPECT_EQ(test::codes_of(clean.warnings), std::vector<Code>(paddings, Code::padding_nonzero));

  struct Failure {
    std::string path;
    Code code;
    std::function<void(Shader&)> edit;
  };
  const std::vector<Failure> failures = {
      {"vertex_inputs[15].location", Code::vertex_input_location_out_of_range,
       [](Shader& s) { s.vertex_inputs.back().location = static_cast<uint8_t>(kVertexInputLocations); }},
      {"vertex_inputs[15].dims", Code::invalid_dimensions, [](Shader& s) { s.vertex_inputs.back().dims = {0, 1}; }},
      {"fragment_outputs[3].location", Code::fragment_output_location_out_of_range,
       [](Shader& s) { s.fragment_outputs.back().location = static_cast<uint8_t>(kFragmentOutputLocations); }},
      {"bindings[31].base_type", Code::invalid_base_type,
       [](Shader& s) { s.bindings.back().base_type = static_cast<uint8_t>(BaseType::float_); }},
      {"uniform.members[5].offset", Code::uniform_member_out_of_bounds,
       [](Shader& s) { s.uniform->members.back().offset = s.uniform->size; }},
  };
  for (const Failure& f : failures) {
    Shader s = padded();
    f.edit(s);
    const ParseResult r = parse(write_shader(s));
    ASSERT_FALSE(r.ok()) << f.path;
    EXPECT_EQ(code_name(r.error->code), code_name(f.code)) << f.path << ": " << r.error->to_string();
    EXPECT_EQ(r.error->path, f.path);
    // Only the paddings read before the failure.
    size_t before = 0;
    for (const Diagnostic& w : clean.warnings)
      if (w.offset < r.error->offset) ++before;
    EXPECT_EQ(test::codes_of(r.warnings), std::vector<Code>(before, Code::padding_nonzero)) << f.path;
  }
}

// The bindings' count is checked against the bytes left before any record
// is read: a file cut inside the table ends at the count, with no warning
// from the records that are there; one cut right after the table reads
// every record and ends where the uniform should be.
TEST(VbcHostile, AFileCutInOrAfterTheBindingsEndsAtTheRightPlace) {
  Shader s = build::sample("every_limit");
  for (Binding& b : s.bindings)
    if (b.is_buffer()) b.layout[3] = 1;
  Sections at;
  const std::vector<uint8_t> file = write_shader(s, {}, &at);
  const size_t last = s.bindings.size() - 1;
  const ParseResult inside = parse({file.begin(), file.begin() + static_cast<ptrdiff_t>(record(at.bindings, 8, last))});
  ASSERT_FALSE(inside.ok());
  EXPECT_EQ(inside.error->code, Code::count_too_large) << inside.error->to_string();
  EXPECT_EQ(inside.error->path, "bindings.count");
  EXPECT_TRUE(inside.warnings.empty());
  const ParseResult after = parse({file.begin(), file.begin() + static_cast<ptrdiff_t>(at.uniform)});
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.error->code, Code::truncated) << after.error->to_string();
  EXPECT_EQ(after.error->offset, at.uniform);
  EXPECT_EQ(after.error->path, "uniform.size");
}

// A count of 0xFFFFFFFF in any table ends in a
// clean error at the count, before anything is reserved (the vectors are
// sized only once the records are known to be there). VbcMemory measures
// the process.
TEST(VbcHostile, CountsOf0xFFFFFFFFInEveryTableEndAtTheCount) {
  struct Count {
    std::string table;
    std::function<uint64_t(const Sections&)> at;
    Code code;
    std::string path;
  };
  const std::vector<Count> counts = {
      {"vertex_inputs", [](const Sections& s) { return s.vertex_inputs; }, Code::count_too_large, "vertex_inputs.count"},
      {"fragment_outputs", [](const Sections& s) { return s.fragment_outputs; }, Code::count_too_large,
       "fragment_outputs.count"},
      {"bindings", [](const Sections& s) { return s.bindings; }, Code::too_many_bindings, "bindings.count"},
      {"uniform members", [](const Sections& s) { return s.uniform + 4; }, Code::count_too_large,
       "uniform.member_count"},
      {"subpass_inputs", [](const Sections& s) { return s.subpass_inputs; }, Code::too_many_subpass_inputs,
       "subpass_inputs.count"},
  };
  for (const Count& c : counts) {
    Sections at;
    std::vector<uint8_t> file = write_shader(build::sample("every_limit"), {}, &at);
    store_le_at<uint32_t>(file, c.at(at), 0xFFFFFFFF);
    const ParseResult r = parse(file);
    ASSERT_FALSE(r.ok()) << c.table;
    EXPECT_EQ(r.error->code, c.code) << c.table << ": " << r.error->to_string();
    EXPECT_EQ(r.error->offset, c.at(at)) << c.table;
    EXPECT_EQ(r.error->path, c.path) << c.table;
  }
  // The older layout's member count: the current layout reads it as part
  // of its own (its error is the one reported), the older one refuses it
  // too.
  Shader old = build::sample("basic");
  old.uniform_layout = UniformLayout::old_u32;
  Sections at;
  std::vector<uint8_t> file = write_shader(old, {}, &at);
  store_le_at<uint32_t>(file, at.uniform + 6, 0xFFFFFFFF);
  const ParseResult r = parse(file);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::count_too_large) << r.error->to_string();
  EXPECT_EQ(r.error->offset, at.uniform + 4);
}

// Every byte of the header and the records of a sample, set to 0, 0xFF or
// one more: the reader ends cleanly, and what it accepts re-encodes to the
// same bytes (a compact stand-in for fuzzing, under ASan and UBSan). The
// SPIR-V is not what changes, so SPIRV-Tools is left out (its validator
// would take most of the time); the structural reader still reads it.
TEST(VbcHostile, EveryByteOfTheRecordsChangedEndsCleanly) {
  for (const std::string name : {"basic", "every_limit"}) {
    Sections at;
    const std::vector<uint8_t> file = write_shader(build::sample(name), {}, &at);
    size_t accepted = 0, rejected = 0;
    for (size_t i = 0; i < at.bytecode; ++i) {
      for (const int delta : {-1, 0, 1}) {
        std::vector<uint8_t> copy = file;
        copy[i] = delta == 0 ? uint8_t{0xFF} : static_cast<uint8_t>(delta < 0 ? 0 : copy[i] + 1);
        if (copy == file) continue;
        const ParseResult r = parse_shader(copy, Limits{}, 0, {.validate_spirv = false});
        if (!r.ok()) {
          EXPECT_LE(r.error->offset, copy.size()) << name << " byte " << i;
          ++rejected;
          continue;
        }
        ++accepted;
        EXPECT_EQ(write_shader(*r.shader), copy) << name << " byte " << i;
      }
    }
    EXPECT_GT(accepted, 0u) << name;
    EXPECT_GT(rejected, 0u) << name;
  }
}

}  // namespace
}  // namespace sp::vbc
