// Each stage's SPIR-V, and the reflection against it (checks.h).
#include "vbc/checks.h"

#include <algorithm>
#include <cinttypes>
#include <vector>

#include "core/strings.h"
#include "vbc/spirv_tools.h"

namespace sp::vbc {
namespace {

std::string list_text(const std::vector<uint32_t>& values) {
  std::string out = "{";
  for (size_t i = 0; i < values.size(); ++i) out += (i == 0 ? "" : ", ") + std::to_string(values[i]);
  return out + "}";
}

// SPIRV-Tools' message on one line: the lines it puts after the message
// (the disassembled instruction) follow it after a colon.
std::string one_line(std::string_view message) {
  std::string out;
  while (!message.empty()) {
    const size_t end = message.find('\n');
    std::string_view line = message.substr(0, end);
    message = end == std::string_view::npos ? std::string_view{} : message.substr(end + 1);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r')) line.remove_suffix(1);
    if (line.empty()) continue;
    if (!out.empty()) out += ": ";
    out += line;
  }
  return out;
}

bool validate(const StageCode& stage, const FieldPath& at, const Limits& limits, Context& ctx) {
  // SPIRV-Tools' friendly-name mapper runs on the whole module whenever its
  // validator reports an instruction (and in every disassembly): refuse
  // modules whose names would make it quadratic (spirv_module.h).
  const uint64_t budget = uint64_t{limits.max_text_per_input_byte} * stage.code.size() + (uint64_t{1} << 20);
  if (stage.module.name_work > budget)
    return ctx.fail(Code::limit_exceeded, stage.file_offset, at,
                    strprintf("SPIRV-Tools' friendly names for this module would take about %" PRIu64
                              " bytes, more than limits.max_text_per_input_byte (%u) per byte of it allows: repeated "
                              "or deeply composed names",
                              stage.module.name_work, limits.max_text_per_input_byte));
  // SPIRV-Tools reads aligned words; the file's may be anywhere.
  std::vector<uint32_t> words(stage.words());
  for (size_t i = 0; i < words.size(); ++i) words[i] = load_le<uint32_t>(stage.code.data() + 4 * i);
  const std::optional<spirv_tools::Failure> failure = spirv_tools::validate(words, stage.module.version);
  if (!failure) return true;
  const size_t word = failure->instruction == 0 ? 0 : instruction_word(stage.code, failure->instruction - 1);
  const FieldPath w = at.item("words", word);
  return ctx.fail(Code::spirv_invalid, stage.file_offset + 4 * word, w,
                  strprintf("SPIRV-Tools (%s): %s",
                            std::string(spirv_tools::target_env_name(stage.module.version)).c_str(),
                            one_line(failure->message).c_str()));
}

std::vector<uint32_t> sorted_locations(const std::vector<InterfaceVariable>& list) {
  std::vector<uint32_t> out;
  out.reserve(list.size());
  for (const InterfaceVariable& v : list) out.push_back(v.location);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void locations(const std::vector<InterfaceVariable>& records, const std::vector<uint32_t>& module, Code code,
               std::string_view name, std::string_view storage, std::string_view stage, uint64_t at, Context& ctx) {
  const std::vector<uint32_t> reflected = sorted_locations(records);
  if (reflected == module) return;
  const FieldPath path = FieldPath::root(name);
  ctx.warn(code, at, path,
           strprintf("the records give locations %s, the %s stage's %s variables %s", list_text(reflected).c_str(),
                     std::string(stage).c_str(), std::string(storage).c_str(), list_text(module).c_str()));
}

void stage_mask(uint16_t mask, uint16_t present, uint64_t at, const FieldPath& path, Context& ctx) {
  const uint16_t extra = mask & static_cast<uint16_t>(~present);
  if (extra == 0) return;
  ctx.warn(Code::stage_mask_mismatch, at, path,
           strprintf("stage mask %s names %s, which the file has no SPIR-V for", stage_mask_text(mask).c_str(),
                     stage_mask_text(extra).c_str()));
}

}  // namespace

bool check_stages(Shader& shader, const ReadOptions& options, Context& ctx) {
  const FieldPath stages = FieldPath::root("stages");
  for (const Stage s : kStages) {
    StageCode& stage = shader.stage(s);
    if (!stage.present()) continue;
    const FieldPath at = stages.field(stage_name(s));
    const bool validate_it = options.validate_spirv && spirv_tools::available();
    if (!read_spirv(stage.code, stage.file_offset, at, ctx, stage.module, validate_it)) return false;
    if (validate_it && !validate(stage, at, ctx.limits(), ctx)) return false;
  }
  return true;
}

void cross_check(const Shader& shader, Context& ctx) {
  const FieldPath stages = FieldPath::root("stages");
  for (const Stage s : kStages) {
    const StageCode& stage = shader.stage(s);
    if (!stage.present()) continue;
    const uint32_t model = execution_model_of(s);
    const auto& entries = stage.module.entry_points;
    if (std::any_of(entries.begin(), entries.end(), [&](const EntryPoint& e) { return e.execution_model == model; }))
      continue;
    std::string found;
    for (const EntryPoint& e : entries)
      found += (found.empty() ? "" : ", ") + execution_model_name(e.execution_model) + " \"" + e.name.printable() + "\"";
    const FieldPath at = stages.field(stage_name(s));
    ctx.warn(Code::entry_point_mismatch, stage.file_offset, at,
             strprintf("the %s slot's SPIR-V has no %s entry point (it has %s)", std::string(stage_name(s)).c_str(),
                       execution_model_name(model).c_str(), found.empty() ? "none" : found.c_str()));
  }
  // vert and frag are always there (the header requires them).
  locations(shader.vertex_inputs, shader.stage(Stage::vert).module.input_locations, Code::vertex_input_mismatch,
            "vertex_inputs", "Input", "vertex", shader.sections.vertex_inputs, ctx);
  locations(shader.fragment_outputs, shader.stage(Stage::frag).module.output_locations,
            Code::fragment_output_mismatch, "fragment_outputs", "Output", "fragment", shader.sections.fragment_outputs,
            ctx);
  const uint16_t present = shader.present_stages();
  FieldPath::Cursor cur{0, "stage_mask"};
  const FieldPath root = FieldPath::root();
  const FieldPath binding = root.cursor("bindings", cur);
  for (const Binding& b : shader.bindings) {
    stage_mask(b.stage_mask, present, b.file_offset + 2, binding, ctx);
    ++cur.index;
  }
  if (shader.uniform) {
    const FieldPath u = FieldPath::root("uniform.stage_mask");
    const uint64_t at = shader.uniform->file_offset + (shader.uniform_layout == UniformLayout::current ? 2 : 4);
    stage_mask(shader.uniform->stage_mask, present, at, u, ctx);
  }
}

}  // namespace sp::vbc
