// Writes the VSL compiled shader conformance suite, conformance/cases/vbc/:
//
//   gen_vbc_cases OUTDIR
//
// Every case is a whole .vbc file written by the project's writer from a
// model of conformance/vbc/builders.h (real SPIR-V, compiled from
// conformance/vbc/shaders by glslangValidator), edited in the model or in
// its bytes: y_ for every record kind, all five stages and every limit at
// its maximum; n_ for every limit one past it, every structural error of
// the reflection and of the SPIR-V, SPIRV-Tools' validation and both known
// bad writers; i_ for the cross-checks' warnings, the older writer's layout
// and what no reader makes a rule. Every case states what shaderprobe must
// report; the generator parses each (as `check` does, SPIRV-Tools
// included) and stops when the parse disagrees, then records the exact
// offset and path (and, for y_ cases, the whole dump) in the sidecar, with
// what the spirv-val adapter (conformance/adapters/spirv-val.json) did under
// `others`. Output is deterministic for the same glslangValidator and
// SPIRV-Tools.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "conformance/adapters.h"
#include "conformance/generator.h"
#include "conformance/vbc/builders.h"
#include "core/strings.h"
#include "formats/registry.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using namespace sp::vbc;
using conform::Sidecar;
using conform::gen::Spec;

using Bytes8 = std::vector<uint8_t>;

// Wycheproof-style flags: what each case exercises.
const std::map<std::string, std::string> kFlags = {
    {"Valid", "a file VSL's compiler could write, whose records agree with its SPIR-V"},
    {"RecordKinds", "vertex inputs, fragment outputs, bindings of every base type, the uniform and its members, "
                    "subpass inputs"},
    {"Stages", "which of the five stages are present, and in which slot"},
    {"Header", "the 25-byte header: magic, version, shader type, word counts, table sizes"},
    {"Limit", "a limit of VSL's compiler (vsl/Shader.hpp): at its maximum in y_ cases, one past it in n_ cases"},
    {"Enum", "a base type, texel rank, texel type or component count outside its enum"},
    {"Count", "a table's count or the uniform's member count"},
    {"HugeCount", "a count of 0xFFFFFFFF: nothing may be allocated for it"},
    {"Truncated", "the file ends inside a field, a record or a stage"},
    {"TrailingBytes", "bytes after the last stage's SPIR-V"},
    {"BadWriter", "a known bad writer: VSL's 48-byte subpass input structs, the older u32 uniform layout"},
    {"Spirv", "a stage's SPIR-V header or instruction word counts, found by the structural reader"},
    {"SpirvValidation", "SPIR-V that walks but that SPIRV-Tools' validator rejects"},
    {"FriendlyNames", "names that would make SPIRV-Tools' friendly-name mapper quadratic (limits)"},
    {"CrossCheck", "the reflection against the SPIR-V: entry points, locations, stage masks (warnings)"},
    {"Padding", "reserved padding bytes that are not zero (a warning)"},
    {"NotARule", "what neither the wiki nor Vega's loader makes a rule, which shaderprobe accepts silently"},
    {"Text", "text fields holding bytes no printer may pass on as they are: invalid UTF-8, control characters, a NUL "
             "inside (conformance/hostile_text.h)"},
};

std::string class_of(const Spec& s) {
  return conform::gen::class_of(
      s,
      {Code::unsupported_version, Code::shader_type_not_graphics, Code::required_stage_missing,
       Code::vertex_input_location_out_of_range, Code::fragment_output_location_out_of_range,
       Code::binding_slot_out_of_range, Code::too_many_bindings, Code::duplicate_binding_slot,
       Code::too_many_subpass_inputs, Code::name_too_long, Code::uniform_too_large, Code::uniform_member_out_of_bounds,
       Code::invalid_base_type, Code::invalid_texel_rank, Code::invalid_texel_type, Code::invalid_component_count,
       Code::invalid_dimensions, Code::array_size_out_of_range, Code::spirv_invalid},
      {Code::limit_exceeded});
}

constexpr uint16_t kVert = stage_bit(Stage::vert);
constexpr uint16_t kFrag = stage_bit(Stage::frag);

// The cases, in the order they are made.
class Suite {
 public:
  std::vector<Spec> specs;

  void add(std::string name, Bytes8 bytes, std::optional<Code> error, std::vector<std::string> flags,
           std::string comment, std::vector<Code> warnings = {}) {
    specs.push_back({std::move(name), std::move(bytes), error, std::move(warnings), std::move(flags),
                     std::move(comment)});
  }

  // A sample after `edit` of its model, written.
  template <typename Edit>
  static Bytes8 edited(std::string_view sample, Edit edit, const WriteOptions& options = {}) {
    Shader s = build::sample(sample);
    edit(s);
    return write_shader(s, options);
  }

  // A sample written, then its bytes changed by `patch(file, sections)`.
  template <typename Patch>
  static Bytes8 patched(std::string_view sample, Patch patch) {
    Sections at;
    Bytes8 file = write_shader(build::sample(sample), {}, &at);
    patch(file, at);
    return file;
  }

  // basic with `module` for one of its stages.
  static Bytes8 with_module(Stage stage, const std::vector<uint32_t>& module) {
    const Bytes8 bytes = build::bytes_of(module);
    return edited("basic", [&](Shader& s) { s.stage(stage).code = bytes; });
  }
};

// Every stage mask cut to the stages present, after stages were dropped.
void masks_to_present(Shader& s) {
  const uint16_t present = s.present_stages();
  for (Binding& b : s.bindings) b.stage_mask &= present;
  if (s.uniform) s.uniform->stage_mask &= present;
}

// The word at which the first instruction with `opcode` starts (past the
// 5-word header), in a module of the samples.
size_t find_instruction(const std::vector<uint32_t>& words, uint32_t opcode) {
  for (size_t i = kSpirvHeaderWords; i < words.size(); i += words[i] >> 16)
    if ((words[i] & 0xFFFF) == opcode) return i;
  throw std::logic_error(strprintf("no instruction %u in the sample", opcode));
}

// ---- Valid files ---------------------------------------------------------------

void valid_cases(Suite& s) {
  const std::map<std::string, std::string> about = {
      {"bare", "vertex and fragment stages with their inputs and output; no bindings, no uniform (its lone zero "
               "size), no subpass inputs"},
      {"basic", "a sampler, a buffer and a two-member uniform beside the vertex and fragment stages"},
      {"all_stages", "all five stages (vert, tesc, tese, geom, frag), stage masks naming each"},
      {"every_limit", "every limit at its maximum: 16 vertex inputs, 32 bindings of every kind, a 1024-byte uniform "
                      "with a 32-character name and a 64-element array, 4 subpass inputs, all five stages"},
      {"max_outputs", "8 fragment outputs, the most VSL allows"},
      {"matrix_inputs", "a mat4 vertex input, which takes locations 0 to 3, then vectors and scalars"},
      {"spirv_1_5", "SPIR-V 1.5 from glslang --target-env vulkan1.2 (VSL's own target), validated for Vulkan 1.2"},
  };
  for (const build::Sample& sample : build::valid_samples())
    s.add("y_" + sample.name, build::bytes(sample.shader), std::nullopt, {"Valid", "RecordKinds"},
          about.at(sample.name));

  const auto basic_with = [&](std::string name, std::vector<Binding> bindings, std::string comment) {
    s.add("y_" + name, s.edited("bare", [&](Shader& sh) { sh.bindings = bindings; }), std::nullopt,
          {"Valid", "RecordKinds"}, std::move(comment));
  };
  basic_with("binding_every_kind",
             {build::texels(0, BaseType::sampler, kFrag, TexelRank::e2d),
              build::texels(1, BaseType::image, kFrag, TexelRank::e2d, TexelType::unorm, 1, 4),
              build::buffer(2, BaseType::ro_buffer, kVert, 64), build::buffer(3, BaseType::rw_buffer, kVert | kFrag, 256),
              build::texels(4, BaseType::ro_texels, kFrag, TexelRank::buffer, TexelType::float_, 4, 4),
              build::texels(5, BaseType::rw_texels, kVert, TexelRank::buffer, TexelType::unsigned_, 4, 1)},
             "one binding of each base type: Sampler, Image, ROBuffer, RWBuffer, ROTexels, RWTexels");
  std::vector<Binding> ranks;
  for (uint8_t r = 0; r <= static_cast<uint8_t>(TexelRank::buffer); ++r)
    ranks.push_back(build::texels(r, r == 6 ? BaseType::ro_texels : BaseType::sampler, kFrag, static_cast<TexelRank>(r)));
  basic_with("texel_every_rank", ranks, "texel bindings of every rank: 1D, 2D, 3D, 1DArray, 2DArray, Cube, Buffer");
  std::vector<Binding> types;
  const uint8_t components[] = {1, 2, 4, 4, 2};
  for (uint8_t t = 0; t <= static_cast<uint8_t>(TexelType::snorm); ++t)
    types.push_back(build::texels(static_cast<uint8_t>(31 - t), BaseType::image, kFrag, TexelRank::e2d,
                                  static_cast<TexelType>(t), 4, components[t]));
  basic_with("texel_every_type", types,
             "image bindings of every texel type (Signed, Unsigned, Float, UNorm, SNorm) with 1, 2 and 4 "
             "components, slots 31 down to 27");

  s.add("y_uniform_every_member_type", s.edited("bare", [](Shader& sh) {
          sh.uniform = build::uniform(336, kVert | kFrag,
                                      {build::member("enabled", 0, BaseType::boolean, 1),
                                       build::member("offset", 4, BaseType::signed_, 2),
                                       build::member("id", 12, BaseType::unsigned_, 1),
                                       build::member("transform", 16, BaseType::float_, 4, 4),
                                       build::member("weights", 80, BaseType::float_, 1, 1, kMaxArraySize)});
        }),
        std::nullopt, {"Valid", "RecordKinds"},
        "uniform members of every type a member may have: Boolean, Signed, Unsigned, Float, a matrix, an array of 64");
  s.add("y_uniform_without_members",
        s.edited("bare", [](Shader& sh) { sh.uniform = build::uniform(16, kVert, {}); }), std::nullopt,
        {"Valid", "RecordKinds"}, "a 16-byte uniform whose member count is 0");
  s.add("y_subpass_input_every_type", s.edited("every_limit", [](Shader& sh) {
          sh.subpass_inputs = {build::subpass(TexelType::signed_, 1), build::subpass(TexelType::unsigned_, 2),
                               build::subpass(TexelType::unorm, 4), build::subpass(TexelType::snorm, 4)};
        }),
        std::nullopt, {"Valid", "RecordKinds", "Limit"},
        "4 subpass inputs (the most) of the texel types and component counts every_limit's leave out");
  s.add("y_table_sizes", s.edited("bare", [](Shader& sh) { sh.header.table_sizes = {1, 2, 3, 65535, 0}; }),
        std::nullopt, {"Valid", "Header"},
        "binding table sizes other than VSL's defaults (Vega's loader takes only those; the format any)");
  s.add("y_tessellation", s.edited("all_stages", [](Shader& sh) {
          sh.stage(Stage::geom).code = {};
          masks_to_present(sh);
        }),
        std::nullopt, {"Valid", "Stages"}, "vert, tesc, tese and frag: no geometry stage");
  s.add("y_geometry", s.edited("all_stages", [](Shader& sh) {
          sh.stage(Stage::tesc).code = {};
          sh.stage(Stage::tese).code = {};
          sh.bindings.erase(sh.bindings.begin());  // the tessellation stages' buffer
          masks_to_present(sh);
        }),
        std::nullopt, {"Valid", "Stages"}, "vert, geom and frag: no tessellation stages");
  s.add("y_vertex_inputs_16", s.edited("every_limit", [](Shader& sh) {
          sh.stage(Stage::frag).code = build::spirv("basic.frag");
          for (const Stage st : {Stage::tesc, Stage::tese, Stage::geom}) sh.stage(st).code = {};
          sh.fragment_outputs = {build::output(0)};
          sh.bindings.clear();
          sh.uniform.reset();
          sh.subpass_inputs.clear();
        }),
        std::nullopt, {"Valid", "Limit"}, "16 vertex inputs, locations 0 to 15, the most VSL allows");
}

// ---- The header -------------------------------------------------------------------

void header_cases(Suite& s) {
  // A damaged magic is another format's input (the registry's probe reads
  // "VBC"), so bad_magic has no case here: tests/vbc's VbcHostile reads it.
  s.add("n_header_cut", Bytes8{'V', 'B', 'C', 1, 1, 0x10, 0}, Code::truncated, {"Header", "Truncated"},
        "the magic, version and type, and one of the ten word counts and table sizes");
  for (const uint8_t v : {uint8_t{0}, uint8_t{2}})
    s.add(strprintf("n_version_%u", v), Suite::patched("basic", [&](Bytes8& f, const Sections&) {
            store_le_at<uint8_t>(f, build::kVersionAt, v);
          }),
          Code::unsupported_version, {"Header", "Limit"}, strprintf("version %u: VSL writes version 1 only", v));
  for (const uint8_t t : {uint8_t{0}, uint8_t{2}})
    s.add(strprintf("n_shader_type_%u", t), Suite::patched("basic", [&](Bytes8& f, const Sections&) {
            store_le_at<uint8_t>(f, build::kShaderTypeAt, t);
          }),
          Code::shader_type_not_graphics, {"Header", "Limit"},
          strprintf("shader type %u: graphics (1) is the only type VSL writes", t));
  for (const Stage st : {Stage::vert, Stage::frag})
    s.add("n_no_" + std::string(stage_name(st)) + "_stage",
          s.edited("basic", [&](Shader& sh) { sh.stage(st).code = {}; }), Code::required_stage_missing,
          {"Header", "Stages"}, "the " + std::string(stage_name(st)) + " stage's word count is 0: Vega requires it");
}

// ---- Reflection records, one past each limit ---------------------------------------

void record_cases(Suite& s) {
  const auto limit = [&](std::string name, std::string_view sample, auto edit, Code code, std::vector<std::string> flags,
                         std::string comment) {
    s.add("n_" + name, s.edited(sample, edit), code, std::move(flags), std::move(comment));
  };
  const std::vector<std::string> kLimit = {"RecordKinds", "Limit"}, kEnum = {"RecordKinds", "Enum"};
  // Vertex inputs and fragment outputs.
  limit("vertex_input_location_16", "basic", [](Shader& sh) { sh.vertex_inputs[1].location = 16; },
        Code::vertex_input_location_out_of_range, kLimit, "a vertex input at location 16: they are [0, 16)");
  limit("fragment_output_location_8", "basic", [](Shader& sh) { sh.fragment_outputs[0].location = 8; },
        Code::fragment_output_location_out_of_range, kLimit, "a fragment output at location 8: they are [0, 8)");
  limit("vertex_input_sampler", "basic",
        [](Shader& sh) { sh.vertex_inputs[2].base_type = static_cast<uint8_t>(BaseType::sampler); },
        Code::invalid_base_type, kEnum, "a vertex input of base type Sampler: inputs are Signed, Unsigned or Float");
  limit("fragment_output_boolean", "basic",
        [](Shader& sh) { sh.fragment_outputs[0].base_type = static_cast<uint8_t>(BaseType::boolean); },
        Code::invalid_base_type, kEnum, "a fragment output of base type Boolean");
  limit("vertex_input_5_rows", "basic", [](Shader& sh) { sh.vertex_inputs[0].dims = {5, 1}; },
        Code::invalid_dimensions, kLimit, "a vertex input of 5 rows: vectors have 1 to 4");
  limit("vertex_input_0_columns", "basic", [](Shader& sh) { sh.vertex_inputs[0].dims = {4, 0}; },
        Code::invalid_dimensions, kLimit, "a vertex input of 0 columns");
  limit("vertex_input_array_65", "basic", [](Shader& sh) { sh.vertex_inputs[0].array_size = 65; },
        Code::array_size_out_of_range, kLimit, "an array of 65: VSL's MAX_ARRAY_SIZE is 64");
  limit("fragment_output_array_0", "basic", [](Shader& sh) { sh.fragment_outputs[0].array_size = 0; },
        Code::array_size_out_of_range, kLimit, "an array size of 0: 1 means not an array");
  // Bindings.
  limit("binding_slot_32", "basic", [](Shader& sh) { sh.bindings[1].slot = 32; }, Code::binding_slot_out_of_range,
        kLimit, "a binding in slot 32: slots are [0, 32)");
  limit("bindings_33", "every_limit", [](Shader& sh) { sh.bindings.push_back(build::buffer(0, BaseType::ro_buffer, kVert, 16)); },
        Code::too_many_bindings, kLimit, "33 bindings: VSL allows 32 (checked at the count, before the records)");
  limit("binding_slot_twice", "basic", [](Shader& sh) { sh.bindings[1].slot = sh.bindings[0].slot; },
        Code::duplicate_binding_slot, kLimit, "two bindings in slot 0");
  limit("binding_float", "basic", [](Shader& sh) { sh.bindings[0].base_type = static_cast<uint8_t>(BaseType::float_); },
        Code::invalid_base_type, kEnum, "a binding of base type Float: bindings are Sampler to RWTexels");
  limit("binding_type_11", "basic", [](Shader& sh) { sh.bindings[0].base_type = 11; }, Code::invalid_base_type, kEnum,
        "a binding of base type 11, past RWTexels (10)");
  limit("texel_rank_7", "basic", [](Shader& sh) { sh.bindings[0].layout[0] = 7; }, Code::invalid_texel_rank, kEnum,
        "texel rank 7, past Buffer (6)");
  limit("texel_type_5", "basic", [](Shader& sh) { sh.bindings[0].layout[1] = 5; }, Code::invalid_texel_type, kEnum,
        "texel type 5, past SNorm (4)");
  limit("texel_components_3", "basic", [](Shader& sh) { sh.bindings[0].layout[3] = 3; },
        Code::invalid_component_count, kEnum, "a texel of 3 components: 1, 2 or 4");
  // The uniform.
  limit("uniform_1025", "basic", [](Shader& sh) { sh.uniform->size = 1025; }, Code::uniform_too_large, kLimit,
        "a uniform of 1025 bytes: VSL's MAX_STRUCT_SIZE is 1024");
  limit("uniform_65535", "basic", [](Shader& sh) { sh.uniform->size = 0xFFFF; }, Code::uniform_too_large, kLimit,
        "a uniform of 65535 bytes, the most its u16 holds");
  limit("member_name_33", "basic", [](Shader& sh) { sh.uniform->members[1].name = std::string(33, 'n'); },
        Code::name_too_long, kLimit, "a member name of 33 characters: VSL's MAX_NAME_LENGTH is 32");
  limit("member_at_uniform_size", "basic", [](Shader& sh) { sh.uniform->members[1].offset = sh.uniform->size; },
        Code::uniform_member_out_of_bounds, kLimit, "a member at offset 80 of an 80-byte uniform");
  limit("member_image", "basic", [](Shader& sh) { sh.uniform->members[0].base_type = static_cast<uint8_t>(BaseType::image); },
        Code::invalid_base_type, kEnum, "a uniform member of base type Image: members are Boolean to Float");
  limit("member_void", "basic", [](Shader& sh) { sh.uniform->members[0].base_type = 0; }, Code::invalid_base_type,
        kEnum, "a uniform member of base type Void");
  limit("member_0_rows", "basic", [](Shader& sh) { sh.uniform->members[0].dims = {0, 4}; }, Code::invalid_dimensions,
        kLimit, "a member of 0 rows");
  limit("member_array_65", "basic", [](Shader& sh) { sh.uniform->members[0].array_size = 65; },
        Code::array_size_out_of_range, kLimit, "a member array of 65");
  // Subpass inputs.
  limit("subpass_inputs_5", "every_limit", [](Shader& sh) { sh.subpass_inputs.push_back(build::subpass()); },
        Code::too_many_subpass_inputs, kLimit, "5 subpass inputs: VSL allows 4 (checked at the count)");
  limit("subpass_texel_type_5", "every_limit", [](Shader& sh) { sh.subpass_inputs[3].texel_type = 5; },
        Code::invalid_texel_type, kEnum, "a subpass input of texel type 5");
  limit("subpass_0_components", "every_limit", [](Shader& sh) { sh.subpass_inputs[1].components = 0; },
        Code::invalid_component_count, kEnum, "a subpass input of 0 components");
}

// ---- Counts, truncation, what follows the stages ----------------------------------

void structure_cases(Suite& s) {
  struct Table {
    std::string name;
    uint64_t Sections::*section;
    uint64_t past;  // the count's place after the section's start
    Code code;
  };
  const Table tables[] = {{"vertex_inputs", &Sections::vertex_inputs, 0, Code::count_too_large},
                          {"fragment_outputs", &Sections::fragment_outputs, 0, Code::count_too_large},
                          {"bindings", &Sections::bindings, 0, Code::too_many_bindings},
                          {"uniform_members", &Sections::uniform, 4, Code::count_too_large},
                          {"subpass_inputs", &Sections::subpass_inputs, 0, Code::too_many_subpass_inputs}};
  for (const Table& t : tables)
    s.add("n_" + t.name + "_count_ffffffff", Suite::patched("every_limit", [&](Bytes8& f, const Sections& at) {
            store_le_at<uint32_t>(f, at.*t.section + t.past, 0xFFFFFFFF);
          }),
          t.code, {"Count", "HugeCount"},
          "a count of 0xFFFFFFFF: refused at the count, before anything is reserved for it");
  s.add("n_vertex_inputs_count_past_end", Suite::patched("bare", [](Bytes8& f, const Sections& at) {
          store_le_at<uint32_t>(f, at.vertex_inputs, static_cast<uint32_t>(f.size() / 8));
        }),
        Code::count_too_large, {"Count"}, "a vertex input count whose records would take more than the file holds");
  s.add("n_member_count_past_end",
        Suite::patched("basic", [](Bytes8& f, const Sections& at) { store_le_at<uint32_t>(f, at.uniform + 4, 1000); }),
        Code::count_too_large, {"Count"}, "1000 uniform members, each at least 7 bytes, in a 1.8 KB file");
  // Cut inside each part of the file.
  const auto cut = [&](std::string name, auto where, std::string comment) {
    s.add("n_cut_" + name, Suite::patched("basic", [&](Bytes8& f, const Sections& at) { f.resize(where(at)); }),
          Code::truncated, {"Truncated"}, std::move(comment));
  };
  // size, mask, count; "transform" (16 bytes with its length, offset and
  // type); then 2 of "tint"'s 4 characters.
  cut("in_uniform_member_name", [](const Sections& at) { return at.uniform + 8 + 16 + 1 + 2; },
      "the file ends inside the second uniform member's name");
  cut("in_subpass_count", [](const Sections& at) { return at.subpass_inputs + 2; },
      "the file ends inside the subpass input count");
  cut("in_vertex_stage", [](const Sections& at) { return at.bytecode + 100; },
      "the file ends 100 bytes into the vertex stage's SPIR-V");
  s.add("n_stage_past_end", Suite::patched("basic", [](Bytes8& f, const Sections&) {
          store_le_at<uint16_t>(f, build::words_at(Stage::frag), 1000);
        }),
        Code::truncated, {"Header", "Truncated"}, "the header gives the fragment stage 1000 words; the file has fewer");
  s.add("n_tesc_named_not_there", Suite::patched("basic", [](Bytes8& f, const Sections&) {
          store_le_at<uint16_t>(f, build::words_at(Stage::tesc), 1);
        }),
        Code::truncated, {"Header", "Stages", "Truncated"},
        "the header names a one-word tesc stage the file does not hold: the stages after it run out");
  s.add("n_stage_one_word_short", Suite::patched("basic", [](Bytes8& f, const Sections&) {
          store_le_at<uint16_t>(f, build::words_at(Stage::frag),
                         static_cast<uint16_t>(build::spirv("basic.frag").size() / 4 - 1));
        }),
        Code::file_not_consumed, {"Header", "TrailingBytes"},
        "the header gives the fragment stage one word less than it has: 4 bytes follow it");
  s.add("n_trailing_byte", Suite::patched("basic", [](Bytes8& f, const Sections&) { f.push_back(0); }),
        Code::file_not_consumed, {"TrailingBytes"}, "one byte after the last stage: Vega's \"File not fully consumed\"");
}

// ---- The two known bad writers ----------------------------------------------------

void bad_writer_cases(Suite& s) {
  for (const size_t n : {size_t{1}, size_t{4}})
    s.add(strprintf("n_vsl_subpass_struct_dump_%zu", n), s.edited("every_limit", [&](Shader& sh) {
            sh.subpass_inputs.resize(n);
          }, {.vsl_subpass_struct_dump = true}),
          Code::vsl_subpass_struct_dump, {"BadWriter"},
          strprintf("%zu subpass inputs written as VSL's writer writes them: its 48-byte SubpassInputVariable "
                    "(std::string, index, pointer) each instead of the 4-byte record", n));
  const auto old = [](Shader& sh) { sh.uniform_layout = UniformLayout::old_u32; };
  s.add("i_old_uniform_layout", s.edited("basic", old), std::nullopt, {"BadWriter"},
        "the older writer's uniform (u32 size, 12-byte member records with u32 offsets and name lengths) under the "
        "same version 1: decoded, as Vega's loader of that time read it, with a warning",
        {Code::old_uniform_layout});
  s.add("i_old_uniform_layout_absent", s.edited("bare", old), std::nullopt, {"BadWriter"},
        "the older writer's absent uniform: a lone u32 zero where the current layout has a u16", {Code::old_uniform_layout});
  s.add("n_old_uniform_layout_too_large", s.edited("basic", [&](Shader& sh) {
          old(sh);
          sh.uniform->size = 2048;
        }),
        Code::uniform_too_large, {"BadWriter", "Limit"},
        "the older layout with a 2048-byte uniform: neither layout fits within VSL's limits, and the current "
        "layout's error is the one reported");
}

// ---- The SPIR-V of a stage ------------------------------------------------------------

void spirv_cases(Suite& s) {
  const std::vector<uint32_t> frag = build::words_of(build::spirv("basic.frag"));
  const auto with = [&](size_t i, uint32_t v) {
    std::vector<uint32_t> w = frag;
    w[i] = v;
    return w;
  };
  const std::vector<std::string> kSpirv = {"Spirv"};
  s.add("n_spirv_four_words", s.with_module(Stage::frag, {frag.begin(), frag.begin() + 4}),
        Code::spirv_header_invalid, kSpirv, "a fragment stage of 4 words: a module's header alone takes 5");
  s.add("n_spirv_magic", s.with_module(Stage::frag, with(0, 0x07230204)), Code::spirv_header_invalid, kSpirv,
        "the fragment stage's magic is 0x07230204");
  s.add("n_spirv_big_endian", s.with_module(Stage::frag, with(0, 0x03022307)), Code::spirv_header_invalid, kSpirv,
        "the magic byte-swapped: a big-endian module, which VSL (x86_64 only) never writes");
  s.add("n_spirv_version_1_7", s.with_module(Stage::frag, with(1, 0x00010700)), Code::spirv_header_invalid, kSpirv,
        "SPIR-V 1.7, which does not exist");
  const size_t memory_model = find_instruction(frag, 14);
  s.add("n_spirv_word_count_0", s.with_module(Stage::frag, with(memory_model, frag[memory_model] & 0xFFFF)),
        Code::spirv_word_count_zero, kSpirv, "OpMemoryModel with a word count of 0: a reader that trusts it loops");
  size_t last = kSpirvHeaderWords;
  while (last + (frag[last] >> 16) < frag.size()) last += frag[last] >> 16;
  s.add("n_spirv_instruction_past_end", s.with_module(Stage::frag, with(last, frag[last] + (1u << 16))),
        Code::instruction_out_of_bounds, kSpirv, "the last instruction's word count runs one word past the stage");

  // Walks, but SPIRV-Tools' validator rejects it.
  std::vector<uint32_t> vert = build::words_of(build::spirv("basic.vert"));
  const size_t store = find_instruction(vert, 62);
  vert[store + 1] = 0x00123456;
  s.add("n_spirv_invalid_undefined_id", s.with_module(Stage::vert, vert), Code::spirv_invalid,
        {"SpirvValidation"}, "the vertex stage's first OpStore writes through an id that was never defined");
  std::vector<uint32_t> no_entry = frag;
  const size_t entry = find_instruction(no_entry, 15);
  no_entry[entry] = (no_entry[entry] & 0xFFFF0000) | 0;  // OpNop with operands
  s.add("n_spirv_invalid_no_entry_point", s.with_module(Stage::frag, no_entry), Code::spirv_invalid,
        {"SpirvValidation"}, "the fragment stage's OpEntryPoint turned into OpNop with its operands left");

  // 2,000 float constants, each named "a": valid SPIR-V, which SPIRV-Tools'
  // friendly-name mapper would name a_0, a_1, ..., each found after trying
  // every name before it.
  constexpr uint32_t kNames = 2000;
  const uint32_t bound = frag[3];
  const uint32_t float_type = frag[find_instruction(frag, 22) + 1];  // OpTypeFloat's result
  std::vector<uint32_t> names, constants;
  for (uint32_t k = 0; k < kNames; ++k) {
    names.insert(names.end(), {0x00030005, bound + k, 0x61});                      // OpName %id "a"
    constants.insert(constants.end(), {0x0004002B, float_type, bound + k, k});  // OpConstant %float %id
  }
  std::vector<uint32_t> named = frag;
  named[3] = bound + kNames;
  // Debug names go before the first OpName, constants before the first OpFunction.
  named.insert(named.begin() + static_cast<std::ptrdiff_t>(find_instruction(named, 54)), constants.begin(),
               constants.end());
  named.insert(named.begin() + static_cast<std::ptrdiff_t>(find_instruction(named, 5)), names.begin(), names.end());
  s.add("n_spirv_friendly_names_quadratic", s.with_module(Stage::frag, named), Code::limit_exceeded,
        {"FriendlyNames"},
        "2000 constants all named \"a\", valid SPIR-V: SPIRV-Tools' friendly-name mapper would name them in "
        "quadratic time, so the stage is refused before SPIRV-Tools sees it");
}

// ---- The reflection against the SPIR-V (warnings), and what is no rule ------------

void cross_check_cases(Suite& s) {
  s.add("i_entry_point_frag_in_vert_slot", s.edited("bare", [](Shader& sh) {
          sh.stage(Stage::vert).code = build::spirv("basic.frag");
          sh.vertex_inputs = {build::input(0, BaseType::float_, 2), build::input(1)};
        }),
        std::nullopt, {"CrossCheck", "Stages"},
        "basic.frag in the vert slot, with records matching its inputs: no Vertex entry point",
        {Code::entry_point_mismatch});
  s.add("i_tessellation_stages_swapped",
        s.edited("all_stages", [](Shader& sh) { std::swap(sh.stage(Stage::tesc).code, sh.stage(Stage::tese).code); }),
        std::nullopt, {"CrossCheck", "Stages"}, "the tesc and tese stages in each other's slot",
        {Code::entry_point_mismatch});
  s.add("i_vertex_input_not_in_spirv",
        s.edited("basic", [](Shader& sh) { sh.vertex_inputs.push_back(build::input(3)); }), std::nullopt,
        {"CrossCheck"}, "a vertex input at location 3, which the vertex stage does not read",
        {Code::vertex_input_mismatch});
  s.add("i_vertex_input_missing", s.edited("basic", [](Shader& sh) { sh.vertex_inputs.pop_back(); }), std::nullopt,
        {"CrossCheck"}, "no record for the vertex stage's input at location 2", {Code::vertex_input_mismatch});
  s.add("i_fragment_output_missing", s.edited("max_outputs", [](Shader& sh) { sh.fragment_outputs.pop_back(); }),
        std::nullopt, {"CrossCheck"}, "7 records for the fragment stage's 8 outputs", {Code::fragment_output_mismatch});
  s.add("i_binding_mask_absent_stage", s.edited("basic", [](Shader& sh) {
          sh.bindings[0].stage_mask = kFrag | stage_bit(Stage::geom);
        }),
        std::nullopt, {"CrossCheck"}, "a binding for the geometry stage, which the file does not have",
        {Code::stage_mask_mismatch});
  s.add("i_uniform_mask_bits_above_frag", s.edited("basic", [](Shader& sh) { sh.uniform->stage_mask = 0x21; }),
        std::nullopt, {"CrossCheck"}, "a uniform stage mask with bit 5, past frag", {Code::stage_mask_mismatch});
  s.add("i_padding_nonzero", s.edited("basic", [](Shader& sh) {
          sh.vertex_inputs[0].padding = {0, 7, 0};
          sh.bindings[1].layout[3] = 9;  // the buffer's padding
        }),
        std::nullopt, {"Padding"}, "reserved bytes of a vertex input and of a buffer binding that are not zero",
        {Code::padding_nonzero});
  s.add("i_duplicate_vertex_input_location",
        s.edited("basic", [](Shader& sh) { sh.vertex_inputs.push_back(build::input(2)); }), std::nullopt,
        {"NotARule"}, "two vertex inputs at location 2: no rule of the format forbids it, and the set of locations "
                      "is the vertex stage's");
  s.add("i_overlapping_uniform_members",
        s.edited("basic", [](Shader& sh) { sh.uniform->members[1].offset = 8; }), std::nullopt, {"NotARule"},
        "a member inside the 64-byte matrix before it: offsets are checked against the uniform's size only");
  s.add("i_tesc_without_tese",
        s.edited("all_stages", [](Shader& sh) { sh.stage(Stage::tese).code = {}; }), std::nullopt,
        {"NotARule", "Stages"},
        "a tessellation control stage without an evaluation stage: each stage is validated alone, not the "
        "pipeline", {Code::stage_mask_mismatch});
}

// What the spirv-val adapter (conformance/adapters/spirv-val.json) did with
// the case, for the reader (docs/formats/vbc.md, "Conformance", explains
// where it and shaderprobe differ).
std::string spirv_val_note(const fs::path& file) {
  const conform::AdapterConfig a = conform::load_adapter(fs::path(SP_SOURCE_DIR) / "conformance/adapters/spirv-val.json");
  conform::AdapterConfig tool = a;
  tool.command = {"spirv-val"};
  if (!conform::adapter_available(tool)) return "not installed";
  const conform::AdapterOutcome o = conform::run_adapter(a, file);
  if (o.verdict == conform::Verdict::accept) return "accepts";
  const bool rejects = o.verdict == conform::Verdict::reject;
  return (rejects ? std::string("rejects") : std::string(conform::verdict_name(o.verdict))) + ": " + o.detail;
}

}  // namespace

// Valid samples with every text field holding hostile bytes
// (build::with_hostile_texts): the uniform's member names and the entry
// point names in each stage's SPIR-V. VSL's reader takes any bytes there;
// each printer, the spirv dump too, must print them (`conform` runs them
// all on every accepted case).
void text_cases(Suite& s) {
  size_t k = 0, names = 0, entries = 0;
  for (const std::string name : {"basic", "all_stages"})
    s.add("y_text_not_printable_" + name, build::with_hostile_texts(build::sample(name), k, names, entries),
          std::nullopt, {"Valid", "Text"},
          name + " with its member and entry point names holding hostile bytes (invalid UTF-8, control characters)");
}

int main(int argc, char** argv) {
  return conform::gen::generator_main(
      argc, argv, "VSL compiled shader",
      [](const std::vector<fs::path>&) {
        Suite s;
        for (auto* group : {&valid_cases, &header_cases, &record_cases, &structure_cases, &bad_writer_cases,
                            &spirv_cases, &cross_check_cases, &text_cases})
          group(s);
        return s.specs;
      },
      [](const Spec& s, const fs::path& written) {
        Sidecar out = conform::gen::registry_sidecar(s, *formats::find("vbc"), class_of(s), kFlags);
        out.others["spirv-val"] = spirv_val_note(written);
        return out;
      },
      kFlags);
}
