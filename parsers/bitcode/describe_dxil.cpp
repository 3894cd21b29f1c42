// The "dxil" object of a DXIL module's description (dxil_view.h): names
// for DXC's enumerations, tag-value pairs DXIL does not name kept as IR
// operands.
#include "bitcode/describe.h"
#include "bitcode/dxil_names.h"

namespace sp::bitcode {
namespace {

using json = nlohmann::ordered_json;
using namespace dxil;

json version(const std::optional<std::pair<uint32_t, uint32_t>>& v) {
  return v ? json(std::to_string(v->first) + "." + std::to_string(v->second)) : json(nullptr);
}

// Tag-value pairs; an entry's tags are named (DXIL's entry property tags),
// elements' and resources' unknown ones are numbers only.
json tags(const Module& m, const std::vector<Tag>& tags, bool entry = false) {
  json j = json::array();
  for (const Tag& t : tags) {
    json e = {{"tag", t.tag}};
    if (entry) e["name"] = enum_text(Enum::entry_property, t.tag);
    e["value"] = metadata_operand(m, t.operand);
    j.push_back(std::move(e));
  }
  return j;
}

// -1 (unallocated) prints as -1, not 4294967295.
json position(uint32_t v) { return v == UINT32_MAX ? json(-1) : json(v); }

json element(const Module& m, const SignatureElement& e) {
  json j = {{"semantic", e.semantic},
            {"indices", e.indices},
            {"system_value", enum_text(Enum::semantic_kind, e.semantic_kind)},
            {"component_type", enum_text(Enum::component_type, e.component_type)},
            {"interpolation", enum_text(Enum::interpolation, e.interpolation)},
            {"rows", e.rows},
            {"cols", e.cols},
            {"start_row", position(e.start_row)},
            {"start_col", position(e.start_col)},
            {"id", e.id}};
  if (e.output_stream) j["output_stream"] = *e.output_stream;
  if (e.dynamic_index_mask) j["dynamic_index_mask"] = *e.dynamic_index_mask;
  if (e.usage_mask) j["usage_mask"] = *e.usage_mask;
  if (!e.other.empty()) j["properties"] = tags(m, e.other);
  return j;
}

json elements(const Module& m, const std::vector<SignatureElement>& list) {
  json j = json::array();
  for (const SignatureElement& e : list) j.push_back(element(m, e));
  return j;
}

json resource(const Module& m, const Resource& r) {
  json j = {{"name", r.name}, {"id", r.id}, {"space", r.space}, {"lower_bound", r.lower_bound},
            {"range_size", position(r.range_size)}};
  switch (r.cls) {
    case ResourceClass::srv:
      j["kind"] = enum_text(Enum::resource_kind, r.kind_or_size);
      j["sample_count"] = r.sample_count;
      break;
    case ResourceClass::uav:
      j["kind"] = enum_text(Enum::resource_kind, r.kind_or_size);
      j["globally_coherent"] = r.globally_coherent;
      j["has_counter"] = r.has_counter;
      j["rasterizer_ordered"] = r.rasterizer_ordered;
      break;
    case ResourceClass::cbv: j["size"] = r.kind_or_size; break;
    case ResourceClass::sampler: j["kind"] = enum_text(Enum::sampler_kind, r.kind_or_size); break;
  }
  if (r.element_type) j["element_type"] = enum_text(Enum::component_type, *r.element_type);
  if (r.stride) j["stride"] = *r.stride;
  if (!r.variable.empty()) j["variable"] = r.variable;
  if (!r.other.empty()) j["properties"] = tags(m, r.other);
  return j;
}

json resources(const Module& m, const Resources& r) {
  auto list = [&](const std::vector<Resource>& v) {
    json j = json::array();
    for (const Resource& x : v) j.push_back(resource(m, x));
    return j;
  };
  return {{"srvs", list(r.srvs)}, {"uavs", list(r.uavs)}, {"cbvs", list(r.cbvs)}, {"samplers", list(r.samplers)}};
}

json entry(const Module& m, const EntryPoint& e) {
  json j = {{"name", e.name}, {"function", e.function.empty() ? json(nullptr) : json(e.function)}};
  j["signatures"] = {{"input", elements(m, e.signatures.input)},
                     {"output", elements(m, e.signatures.output)},
                     {"patch_constant", elements(m, e.signatures.patch_constant)}};
  if (e.resources) j["resources"] = resources(m, *e.resources);
  json p = json::object();
  if (e.shader_flags) p["shader_flags"] = *e.shader_flags;
  if (e.shader_kind) p["shader_kind"] = enum_text(Enum::shader_kind, *e.shader_kind);
  if (e.num_threads) p["num_threads"] = *e.num_threads;
  if (e.state) {
    json s = {{"tag", enum_text(Enum::entry_property, e.state->tag)}};
    for (const StateField& f : e.state->fields) {
      if (f.numbers.size() == 1)
        s[std::string(f.name)] = f.names ? json(enum_text(*f.names, f.numbers[0])) : json(f.numbers[0]);
      else if (!f.numbers.empty())
        s[std::string(f.name)] = f.numbers;
      else
        s[std::string(f.name)] = metadata_operand(m, f.operand);
    }
    p["state"] = std::move(s);
  }
  p["tags"] = tags(m, e.properties, true);
  j["properties"] = std::move(p);
  return j;
}

}  // namespace

json describe_dxil(const Module& m, const View& v) {
  json entries = json::array();
  for (const EntryPoint& e : v.entry_points) entries.push_back(entry(m, e));
  return {{"shader_model", v.shader_model},
          {"dxil_version", version(v.dxil_version)},
          {"validator_version", version(v.validator_version)},
          {"entry_points", std::move(entries)},
          {"resources", resources(m, v.resources)}};
}

}  // namespace sp::bitcode
