// The structured dump and the SPIR-V listing (describe.h).
#include "vbc/describe.h"

#include "core/diagnostic_json.h"
#include "core/strings.h"
#include "vbc/spirv_tools.h"

namespace sp::vbc {
namespace {

using Json = nlohmann::ordered_json;

template <size_t N>
bool all_zero(const std::array<uint8_t, N>& bytes) {
  for (const uint8_t b : bytes)
    if (b != 0) return false;
  return true;
}

Json mask_json(uint16_t mask) { return {{"value", mask}, {"stages", stage_mask_text(mask)}}; }

Json interface_json(const InterfaceVariable& v) {
  Json j;
  j["offset"] = v.file_offset;
  j["location"] = v.location;
  j["base_type"] = base_type_name(v.base_type);
  j["dims"] = {v.dims[0], v.dims[1]};
  j["array_size"] = v.array_size;
  if (!all_zero(v.padding)) j["padding"] = hex_text(v.padding);
  return j;
}

Json binding_json(const Binding& b) {
  Json j;
  j["offset"] = b.file_offset;
  j["slot"] = b.slot;
  j["base_type"] = base_type_name(b.base_type);
  j["stage_mask"] = mask_json(b.stage_mask);
  if (b.is_buffer()) {
    j["buffer_size"] = b.buffer_size();
    if (b.layout[2] != 0 || b.layout[3] != 0) j["padding"] = hex_text(Bytes(b.layout).subspan(2));
  } else {
    j["texel"] = {{"rank", texel_rank_name(b.texel_rank())},
                  {"type", texel_type_name(b.texel_type())},
                  {"size", b.texel_size()},
                  {"components", b.texel_components()}};
  }
  return j;
}

Json uniform_json(const Shader& shader) {
  if (!shader.uniform) return nullptr;
  const Uniform& u = *shader.uniform;
  Json j;
  j["offset"] = u.file_offset;
  j["layout"] = shader.uniform_layout == UniformLayout::current ? "current" : "old_u32";
  j["size"] = u.size;
  j["stage_mask"] = mask_json(u.stage_mask);
  Json members = Json::array();
  for (const UniformMember& m : u.members) {
    Json k;
    k["offset_in_file"] = m.file_offset;
    k["name"] = m.name;
    k["offset"] = m.offset;
    k["base_type"] = base_type_name(m.base_type);
    k["dims"] = {m.dims[0], m.dims[1]};
    k["array_size"] = m.array_size;
    members.push_back(std::move(k));
  }
  j["members"] = std::move(members);
  return j;
}

Json subpass_json(const SubpassInput& s, size_t index) {
  Json j;
  j["offset"] = s.file_offset;
  j["attachment"] = index;
  j["texel_type"] = texel_type_name(s.texel_type);
  j["components"] = s.components;
  if (!all_zero(s.padding)) j["padding"] = hex_text(s.padding);
  return j;
}

// The entry point a stage's slot runs: the first of the slot's execution
// model, else the first there is.
const EntryPoint* slot_entry(const SpirvModule& m, Stage s) {
  for (const EntryPoint& e : m.entry_points)
    if (e.execution_model == execution_model_of(s)) return &e;
  return m.entry_points.empty() ? nullptr : &m.entry_points.front();
}

Json stage_json(const StageCode& code, Stage s) {
  const SpirvModule& m = code.module;
  Json j;
  j["stage"] = std::string(stage_name(s));
  j["offset"] = code.file_offset;
  j["words"] = code.words();
  const EntryPoint* entry = slot_entry(m, s);
  j["entry_point"] = entry != nullptr ? Json(entry->name) : Json(nullptr);
  j["execution_model"] = entry != nullptr ? Json(execution_model_name(entry->execution_model)) : Json(nullptr);
  j["spirv"] = {{"version", spirv_version_text(m.version)},
                {"generator", strprintf("0x%08x", m.generator)},
                {"bound", m.bound},
                {"schema", m.schema},
                {"instructions", m.instructions}};
  Json entries = Json::array();
  for (const EntryPoint& e : m.entry_points)
    entries.push_back({{"name", e.name}, {"execution_model", execution_model_name(e.execution_model)}});
  j["entry_points"] = std::move(entries);
  j["input_locations"] = m.input_locations;
  j["output_locations"] = m.output_locations;
  return j;
}

}  // namespace

nlohmann::ordered_json describe(const Shader& shader, const std::vector<Diagnostic>& warnings) {
  Json header;
  header["magic"] = "VBC";
  header["version"] = shader.header.version;
  header["shader_type"] = shader.header.shader_type;
  Json words;
  for (const Stage s : kStages) words[std::string(stage_name(s))] = shader.stage(s).words();
  header["bytecode_words"] = std::move(words);
  const auto& t = shader.header.table_sizes;
  header["table_sizes"] = {
      {"samplers", t[0]}, {"images", t[1]}, {"buffers", t[2]}, {"ro_texels", t[3]}, {"rw_texels", t[4]}};

  Json j;
  j["format"] = "vbc";
  j["header"] = std::move(header);
  const Sections& at = shader.sections;
  j["sections"] = {{"vertex_inputs", at.vertex_inputs}, {"fragment_outputs", at.fragment_outputs},
                   {"bindings", at.bindings},           {"uniform", at.uniform},
                   {"subpass_inputs", at.subpass_inputs}, {"bytecode", at.bytecode}};
  Json inputs = Json::array();
  for (const InterfaceVariable& v : shader.vertex_inputs) inputs.push_back(interface_json(v));
  j["vertex_inputs"] = std::move(inputs);
  Json outputs = Json::array();
  for (const InterfaceVariable& v : shader.fragment_outputs) outputs.push_back(interface_json(v));
  j["fragment_outputs"] = std::move(outputs);
  Json bindings = Json::array();
  for (const Binding& b : shader.bindings) bindings.push_back(binding_json(b));
  j["bindings"] = std::move(bindings);
  j["uniform"] = uniform_json(shader);
  Json subpass = Json::array();
  for (size_t i = 0; i < shader.subpass_inputs.size(); ++i) subpass.push_back(subpass_json(shader.subpass_inputs[i], i));
  j["subpass_inputs"] = std::move(subpass);
  Json stages = Json::array();
  for (const Stage s : kStages)
    if (shader.stage(s).present()) stages.push_back(stage_json(shader.stage(s), s));
  j["stages"] = std::move(stages);
  Json warns = Json::array();
  for (const Diagnostic& w : warnings) warns.push_back(diagnostic_json(w));
  j["warnings"] = std::move(warns);
  return j;
}

bool write_spirv_listing(Bytes file, uint64_t base, const Limits& limits, TextBuffer& out,
                         std::optional<Diagnostic>& error) {
  ParseResult r = parse_shader(file, limits, base);
  if (!r.ok()) {
    error = std::move(r.error);
    return false;
  }
  bool first = true;
  for (const Stage s : kStages) {
    const StageCode& stage = r.shader->stage(s);
    if (!stage.present()) continue;
    // The parse refused modules whose friendly names outgrow the limit
    // (checks.cpp), which bounds what the disassembler builds and prints.
    std::vector<uint32_t> words(stage.words());
    for (size_t i = 0; i < words.size(); ++i) words[i] = load_le<uint32_t>(stage.code.data() + 4 * i);
    std::string text;
    std::string message;
    if (!spirv_tools::disassemble(words, text, message)) {
      error = Diagnostic{Code::spirv_invalid, stage.file_offset, "stages." + std::string(stage_name(s)),
                         "SPIRV-Tools' disassembler: " + message};
      return false;
    }
    if (!first) out.append("\n");
    first = false;
    out.append("; Stage: ");
    out.append(stage_name(s));
    out.append("\n");
    out.append(text);
  }
  return true;
}

}  // namespace sp::vbc
