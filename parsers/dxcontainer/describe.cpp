#include "dxcontainer/describe.h"

#include "core/diagnostic_json.h"

#include <cstring>
#include <span>

#include "core/strings.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/names.h"

namespace sp::dxc {
namespace {

using json = nlohmann::ordered_json;

json enum_value(EnumFamily family, uint64_t value) {
  if (auto name = enum_name(family, value)) return std::string(*name);
  return value;
}

json flag_names(EnumFamily family, uint64_t value) {
  json names = json::array();
  uint64_t known = 0;
  for (const EnumEntry& e : enum_entries(family)) {
    if (e.value != 0 && (value & e.value) == e.value) names.push_back(std::string(e.name));
    known |= e.value;
  }
  if ((value & ~known) != 0) names.push_back(strprintf("0x%llx", static_cast<unsigned long long>(value & ~known)));
  return names;
}

json u32_list(const U32Array& a) {
  json out = json::array();
  for (size_t i = 0; i < a.size(); ++i) out.push_back(a[i]);
  return out;
}

float bits_to_float(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

json program(const Program& p) {
  const ProgramHeader& h = p.header;
  return {{"shader_model", strprintf("%u.%u", h.major(), h.minor())},
          {"shader_kind", enum_value(EnumFamily::ShaderKind, h.shader_kind)},
          {"size_in_uint32", h.size_in_uint32},
          {"dxil_version", strprintf("%u.%u", h.dxil_major, h.dxil_minor)},
          {"bitcode_offset", h.bitcode_offset},
          {"bitcode_size", h.bitcode_size}};
}

json signature(const Signature& s) {
  json elements = json::array();
  for (const SignatureElement& e : s.elements) {
    json el = {{"name", e.name}, {"semantic_index", e.semantic_index},
               {"system_value", enum_value(EnumFamily::SystemValue, e.system_value)},
               {"component_type", enum_value(EnumFamily::ComponentType, e.component_type)},
               {"register", e.reg}, {"mask", e.mask}, {"exclusive_mask", e.exclusive_mask}};
    if (s.layout != SignatureLayout::legacy) el["stream"] = e.stream;
    if (s.layout == SignatureLayout::sg1) el["min_precision"] = enum_value(EnumFamily::MinPrecision, e.min_precision);
    elements.push_back(std::move(el));
  }
  return {{"elements", std::move(elements)}};
}

json psv_elements(std::span<const PsvSignatureElement> list) {
  json out = json::array();
  for (const PsvSignatureElement& e : list) {
    out.push_back({{"name", e.name}, {"indices", u32_list(e.indices)}, {"rows", e.rows},
                   {"start_row", e.start_row}, {"cols", e.cols()}, {"start_col", e.start_col()},
                   {"allocated", e.allocated()}, {"kind", enum_value(EnumFamily::SemanticKind, e.kind)},
                   {"component_type", enum_value(EnumFamily::ComponentType, e.component_type)},
                   {"interpolation", enum_value(EnumFamily::InterpolationMode, e.interpolation)},
                   {"dynamic_mask", e.dynamic_mask()}, {"stream", e.stream()}});
  }
  return out;
}

json psv(const Psv& p) {
  const PsvRuntimeInfo& i = p.info;
  json info = {{"stage_info", hex_text(i.stage_info)},
               {"minimum_wave_lane_count", i.min_wave_lane_count},
               {"maximum_wave_lane_count", i.max_wave_lane_count}};
  if (p.version >= 1) {
    info["shader_stage"] = enum_value(EnumFamily::ShaderKind, i.shader_stage);
    info["uses_view_id"] = i.uses_view_id;
    info["geom_data"] = i.geom_data;
    info["sig_input_elements"] = i.sig_input_elements;
    info["sig_output_elements"] = i.sig_output_elements;
    info["sig_patch_or_prim_elements"] = i.sig_patch_or_prim_elements;
    info["sig_input_vectors"] = i.sig_input_vectors;
    info["sig_output_vectors"] = i.sig_output_vectors;
  }
  if (p.version >= 2) info["num_threads"] = {i.num_threads_x, i.num_threads_y, i.num_threads_z};
  if (p.version >= 3) info["entry_name"] = p.entry_name;

  json resources = json::array();
  for (const PsvResource& r : p.resources) {
    json res = {{"type", enum_value(EnumFamily::ResourceType, r.type)}, {"space", r.space},
                {"lower_bound", r.lower_bound}, {"upper_bound", r.upper_bound}};
    if (p.resource_stride >= 24) {
      res["kind"] = enum_value(EnumFamily::ResourceKind, r.kind);
      res["flags"] = r.flags;
    }
    resources.push_back(std::move(res));
  }
  json out = {{"version", p.version}, {"runtime_info_size", p.runtime_info_size}, {"runtime_info", std::move(info)},
              {"resource_stride", p.resource_stride}, {"resources", std::move(resources)}};
  if (p.version == 0) return out;
  out["element_stride"] = p.element_stride;
  out["inputs"] = psv_elements(p.inputs);
  out["outputs"] = psv_elements(p.outputs);
  out["patch_or_prim"] = psv_elements(p.patch_or_prim);
  json masks = json::array();
  json maps = json::array();
  for (size_t s = 0; s < 4; ++s) {
    masks.push_back(u32_list(p.output_vector_masks[s]));
    maps.push_back(u32_list(p.input_output_map[s]));
  }
  out["output_vector_masks"] = std::move(masks);
  out["patch_or_prim_vector_mask"] = u32_list(p.patch_or_prim_vector_mask);
  out["input_output_map"] = std::move(maps);
  out["input_patch_map"] = u32_list(p.input_patch_map);
  out["patch_output_map"] = u32_list(p.patch_output_map);
  return out;
}

json root_signature(const RootSignature& rs) {
  json params = json::array();
  for (const RootParameter& p : rs.parameters) {
    json j = {{"type", enum_value(EnumFamily::RootParameterType, p.type)},
              {"visibility", enum_value(EnumFamily::ShaderVisibility, p.visibility)}};
    if (const auto* t = std::get_if<DescriptorTable>(&p.value)) {
      json ranges = json::array();
      for (const DescriptorRange& r : t->ranges)
        ranges.push_back({{"range_type", enum_value(EnumFamily::DescriptorRangeType, r.range_type)},
                          {"num_descriptors", r.num_descriptors},
                          {"base_shader_register", r.base_shader_register},
                          {"register_space", r.register_space},
                          {"flags", flag_names(EnumFamily::DescriptorRangeFlag, r.flags)},
                          {"offset_in_descriptors_from_table_start", r.offset_in_descriptors_from_table_start}});
      j["ranges"] = std::move(ranges);
    } else if (const auto* c = std::get_if<RootConstants>(&p.value)) {
      j["constants"] = {{"shader_register", c->shader_register}, {"register_space", c->register_space},
                        {"num_32bit_values", c->num_32bit_values}};
    } else if (const auto* d = std::get_if<RootDescriptor>(&p.value)) {
      j["descriptor"] = {{"shader_register", d->shader_register}, {"register_space", d->register_space},
                         {"flags", flag_names(EnumFamily::RootDescriptorFlag, d->flags)}};
    }
    params.push_back(std::move(j));
  }
  json samplers = json::array();
  for (const StaticSampler& s : rs.static_samplers)
    samplers.push_back({{"filter", enum_value(EnumFamily::Filter, s.filter)},
                        {"address_u", enum_value(EnumFamily::TextureAddressMode, s.address_u)},
                        {"address_v", enum_value(EnumFamily::TextureAddressMode, s.address_v)},
                        {"address_w", enum_value(EnumFamily::TextureAddressMode, s.address_w)},
                        {"mip_lod_bias", bits_to_float(s.mip_lod_bias_bits)},
                        {"max_anisotropy", s.max_anisotropy},
                        {"comparison_func", enum_value(EnumFamily::ComparisonFunc, s.comparison_func)},
                        {"border_color", enum_value(EnumFamily::StaticBorderColor, s.border_color)},
                        {"min_lod", bits_to_float(s.min_lod_bits)},
                        {"max_lod", bits_to_float(s.max_lod_bits)},
                        {"shader_register", s.shader_register},
                        {"register_space", s.register_space},
                        {"shader_visibility", enum_value(EnumFamily::ShaderVisibility, s.shader_visibility)},
                        {"flags", flag_names(EnumFamily::StaticSamplerFlag, s.flags)}});
  return {{"version", enum_value(EnumFamily::RootSignatureVersion, rs.version)},
          {"flags", flag_names(EnumFamily::RootFlag, rs.flags)},
          {"parameters", std::move(params)},
          {"static_samplers", std::move(samplers)}};
}

json source_info(const SourceInfo& s) {
  json files = json::array();
  for (const SourceFile& f : s.files) files.push_back({{"name", f.name}, {"size", f.content.size()}});
  json args = json::array();
  for (const SourceArg& a : s.args) args.push_back({{"name", a.name}, {"value", a.value}});
  return {{"compression", s.compress_type == 1 ? "zlib" : "none"},
          {"compressed_size", s.compressed_size},
          {"uncompressed_size", s.uncompressed_size},
          {"files", std::move(files)},
          {"args", std::move(args)}};
}

json runtime_data(const RuntimeData& r) {
  json sections = json::array();
  for (const RdatSection& s : r.sections) {
    json j = {{"type", enum_value(EnumFamily::RdatSectionType, s.type)}, {"offset", s.offset}, {"size", s.size}};
    if (s.is_table) {
      j["record_count"] = s.record_count;
      j["record_stride"] = s.record_stride;
    }
    sections.push_back(std::move(j));
  }
  return {{"version", r.version}, {"sections", std::move(sections)}};
}

json content(const Part& p) {
  struct Visitor {
    json operator()(const RawPart&) const { return nullptr; }
    json operator()(const Program& v) const { return program(v); }
    json operator()(const ShaderHash& v) const {
      return {{"includes_source", (v.flags & 1) != 0}, {"digest", hex_text(v.digest)}};
    }
    json operator()(const FeatureInfo& v) const {
      return {{"flags", flag_names(EnumFamily::FeatureFlag, v.flags)}};
    }
    json operator()(const Signature& v) const { return signature(v); }
    json operator()(const Psv& v) const { return psv(v); }
    json operator()(const RootSignature& v) const { return root_signature(v); }
    json operator()(const DebugName& v) const { return {{"flags", v.flags}, {"name", v.name}}; }
    json operator()(const CompilerVersion& v) const {
      return {{"version", strprintf("%u.%u", v.major, v.minor)}, {"flags", v.version_flags},
              {"commit_count", v.commit_count}, {"commit_sha", v.commit_sha},
              {"custom_version", v.custom_version}};
    }
    json operator()(const SourceInfo& v) const { return source_info(v); }
    json operator()(const RuntimeData& v) const { return runtime_data(v); }
  };
  return visit_content(p, Visitor{});
}

}  // namespace


json describe(const Container& c, const std::vector<Diagnostic>& warnings) {
  json header = {{"digest", hex_text(c.header.digest)},
                 {"digest_state", digest_state_name(classify_digest(c.header.digest, c.computed_digest))},
                 {"version", strprintf("%u.%u", c.header.major, c.header.minor)},
                 {"file_size", c.header.file_size},
                 {"part_count", c.header.part_count}};
  json parts = json::array();
  for (const Part& p : c.parts) {
    json j = {{"name", fourcc_text(p.fourcc)}, {"offset", p.offset}, {"size", p.size}};
    if (json body = content(p); !body.is_null()) j["content"] = std::move(body);
    parts.push_back(std::move(j));
  }
  json warns = json::array();
  for (const Diagnostic& w : warnings) warns.push_back(diagnostic_json(w));
  return {{"format", "dxcontainer"}, {"header", std::move(header)}, {"parts", std::move(parts)}, {"warnings", std::move(warns)}};
}

}  // namespace sp::dxc
