#include "dxcontainer/model_diff.h"

#include <algorithm>
#include <span>
#include <string_view>
#include <vector>

#include "core/field_path.h"
#include "core/strings.h"

namespace sp::dxc {
namespace {

class Diff {
 public:
  explicit Diff(bool exact) : exact_(exact) {}
  [[nodiscard]] bool exact() const { return exact_; }
  [[nodiscard]] bool empty() const { return count_ == 0; }
  [[nodiscard]] std::string report() const {
    std::string out = strprintf("%zu differences", count_);
    for (const std::string& n : notes_) out += "\n  " + n;
    return out;
  }

  void note(const FieldPath& at, std::string_view field, const std::string& what) {
    if (notes_.size() < 20) notes_.push_back(at.str() + std::string(field) + ": " + what);
    ++count_;
  }
  // Each comparison takes the path of the structure and the field's name
  // (".version") and joins them only for a difference: fuzz targets compare
  // every field of every accepted input.
  template <typename T>
  void num(const FieldPath& at, std::string_view field, T a, T b) {
    if (a != b)
      note(at, field,
           strprintf("%llu vs %llu", static_cast<unsigned long long>(a), static_cast<unsigned long long>(b)));
  }
  // A field the writer recomputes: compared in exact mode only.
  template <typename T>
  void derived(const FieldPath& at, std::string_view field, T a, T b) {
    if (exact_) num(at, field, a, b);
  }
  void str(const FieldPath& at, std::string_view field, FileText a, FileText b) {
    if (a != b) note(at, field, "\"" + a.printable() + "\" vs \"" + b.printable() + "\"");
  }
  // Spans by content, never by address.
  void bytes(const FieldPath& at, std::string_view field, Bytes a, Bytes b) {
    if (!std::equal(a.begin(), a.end(), b.begin(), b.end()))
      note(at, field, strprintf("%zu bytes vs %zu bytes with different content", a.size(), b.size()));
  }
  void words(const FieldPath& at, std::string_view field, const U32Array& a, const U32Array& b) {
    bytes(at, field, a.bytes(), b.bytes());
  }

 private:
  bool exact_;
  size_t count_ = 0;
  std::vector<std::string> notes_;
};

// Raw parts have no content beyond Part::data, compared by the caller.
void compare(Diff&, const FieldPath&, const RawPart&, const RawPart&) {}

void compare(Diff& d, const FieldPath& at, const Program& a, const Program& b) {
  const ProgramHeader &x = a.header, &y = b.header;
  d.num(at, ".version", x.version, y.version);
  d.num(at, ".unused", x.unused, y.unused);
  d.num(at, ".shader_kind", x.shader_kind, y.shader_kind);
  d.derived(at, ".size_in_uint32", x.size_in_uint32, y.size_in_uint32);
  d.num(at, ".bitcode_magic", x.bitcode_magic, y.bitcode_magic);
  d.num(at, ".dxil_minor", x.dxil_minor, y.dxil_minor);
  d.num(at, ".dxil_major", x.dxil_major, y.dxil_major);
  d.num(at, ".bitcode_unused", x.bitcode_unused, y.bitcode_unused);
  d.derived(at, ".bitcode_offset", x.bitcode_offset, y.bitcode_offset);
  d.num(at, ".bitcode_size", x.bitcode_size, y.bitcode_size);
  d.bytes(at, ".bitcode", a.bitcode, b.bitcode);
}

void compare(Diff& d, const FieldPath& at, const ShaderHash& a, const ShaderHash& b) {
  d.num(at, ".flags", a.flags, b.flags);
  d.bytes(at, ".digest", a.digest, b.digest);
}

void compare(Diff& d, const FieldPath& at, const FeatureInfo& a, const FeatureInfo& b) {
  d.num(at, ".flags", a.flags, b.flags);
}

void compare(Diff& d, const FieldPath& at, const Signature& a, const Signature& b) {
  d.num(at, ".layout", static_cast<int>(a.layout), static_cast<int>(b.layout));
  d.num(at, ".param_count", a.param_count, b.param_count);
  d.derived(at, ".first_param_offset", a.first_param_offset, b.first_param_offset);
  d.num(at, ".elements.size", a.elements.size(), b.elements.size());
  for (size_t i = 0; i < std::min(a.elements.size(), b.elements.size()); ++i) {
    const SignatureElement &x = a.elements[i], &y = b.elements[i];
    const FieldPath e = at.item("elements", i);
    d.num(e, ".stream", x.stream, y.stream);
    d.derived(e, ".name_offset", x.name_offset, y.name_offset);
    d.str(e, ".name", x.name, y.name);
    d.num(e, ".semantic_index", x.semantic_index, y.semantic_index);
    d.num(e, ".system_value", x.system_value, y.system_value);
    d.num(e, ".component_type", x.component_type, y.component_type);
    d.num(e, ".reg", x.reg, y.reg);
    d.num(e, ".mask", x.mask, y.mask);
    d.num(e, ".exclusive_mask", x.exclusive_mask, y.exclusive_mask);
    d.num(e, ".unused", x.unused, y.unused);
    d.num(e, ".min_precision", x.min_precision, y.min_precision);
  }
}

void compare_psv_elements(Diff& d, const FieldPath& at, std::string_view list,
                          std::span<const PsvSignatureElement> a, std::span<const PsvSignatureElement> b) {
  d.num(at.field(list), ".size", a.size(), b.size());
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    const PsvSignatureElement &x = a[i], &y = b[i];
    const FieldPath e = at.item(list, i);
    d.derived(e, ".name_offset", x.name_offset, y.name_offset);
    d.derived(e, ".indices_offset", x.indices_offset, y.indices_offset);
    d.num(e, ".rows", x.rows, y.rows);
    d.num(e, ".start_row", x.start_row, y.start_row);
    d.num(e, ".col_bits", x.col_bits, y.col_bits);
    d.num(e, ".kind", x.kind, y.kind);
    d.num(e, ".component_type", x.component_type, y.component_type);
    d.num(e, ".interpolation", x.interpolation, y.interpolation);
    d.num(e, ".stream_bits", x.stream_bits, y.stream_bits);
    d.num(e, ".reserved", x.reserved, y.reserved);
    d.str(e, ".name", x.name, y.name);
    d.words(e, ".indices", x.indices, y.indices);
  }
}

void compare(Diff& d, const FieldPath& at, const Psv& a, const Psv& b) {
  d.derived(at, ".runtime_info_size", a.runtime_info_size, b.runtime_info_size);
  d.num(at, ".version", a.version, b.version);
  const PsvRuntimeInfo &x = a.info, &y = b.info;
  const FieldPath ri = at.field("info");
  d.bytes(ri, ".stage_info", x.stage_info, y.stage_info);
  d.num(ri, ".min_wave_lane_count", x.min_wave_lane_count, y.min_wave_lane_count);
  d.num(ri, ".max_wave_lane_count", x.max_wave_lane_count, y.max_wave_lane_count);
  d.num(ri, ".shader_stage", x.shader_stage, y.shader_stage);
  d.num(ri, ".uses_view_id", x.uses_view_id, y.uses_view_id);
  d.num(ri, ".geom_data", x.geom_data, y.geom_data);
  d.num(ri, ".sig_input_elements", x.sig_input_elements, y.sig_input_elements);
  d.num(ri, ".sig_output_elements", x.sig_output_elements, y.sig_output_elements);
  d.num(ri, ".sig_patch_or_prim_elements", x.sig_patch_or_prim_elements, y.sig_patch_or_prim_elements);
  d.num(ri, ".sig_input_vectors", x.sig_input_vectors, y.sig_input_vectors);
  d.bytes(ri, ".sig_output_vectors", x.sig_output_vectors, y.sig_output_vectors);
  d.num(ri, ".num_threads_x", x.num_threads_x, y.num_threads_x);
  d.num(ri, ".num_threads_y", x.num_threads_y, y.num_threads_y);
  d.num(ri, ".num_threads_z", x.num_threads_z, y.num_threads_z);
  d.derived(ri, ".entry_name_offset", x.entry_name_offset, y.entry_name_offset);

  d.num(at, ".resource_count", a.resource_count, b.resource_count);
  d.derived(at, ".resource_stride", a.resource_stride, b.resource_stride);
  d.num(at, ".resources.size", a.resources.size(), b.resources.size());
  for (size_t i = 0; i < std::min(a.resources.size(), b.resources.size()); ++i) {
    const PsvResource &r = a.resources[i], &s = b.resources[i];
    const FieldPath e = at.item("resources", i);
    d.num(e, ".type", r.type, s.type);
    d.num(e, ".space", r.space, s.space);
    d.num(e, ".lower_bound", r.lower_bound, s.lower_bound);
    d.num(e, ".upper_bound", r.upper_bound, s.upper_bound);
    d.num(e, ".kind", r.kind, s.kind);
    d.num(e, ".flags", r.flags, s.flags);
  }
  if (d.exact()) {
    d.bytes(at, ".string_table", a.string_table, b.string_table);
    d.words(at, ".semantic_index_table", a.semantic_index_table, b.semantic_index_table);
  }
  d.derived(at, ".element_stride", a.element_stride, b.element_stride);
  compare_psv_elements(d, at, "inputs", a.inputs, b.inputs);
  compare_psv_elements(d, at, "outputs", a.outputs, b.outputs);
  compare_psv_elements(d, at, "patch_or_prim", a.patch_or_prim, b.patch_or_prim);
  d.str(at, ".entry_name", a.entry_name, b.entry_name);
  for (size_t i = 0; i < 4; ++i) {
    d.words(at.item("output_vector_masks", i), "", a.output_vector_masks[i], b.output_vector_masks[i]);
    d.words(at.item("input_output_map", i), "", a.input_output_map[i], b.input_output_map[i]);
  }
  d.words(at, ".patch_or_prim_vector_mask", a.patch_or_prim_vector_mask, b.patch_or_prim_vector_mask);
  d.words(at, ".input_patch_map", a.input_patch_map, b.input_patch_map);
  d.words(at, ".patch_output_map", a.patch_output_map, b.patch_output_map);
  d.num(at, ".layout_stage", a.layout_stage, b.layout_stage);
}

void compare_parameter_value(Diff& d, const FieldPath& at, const RootParameter& a, const RootParameter& b) {
  d.num(at, ".value.index", a.value.index(), b.value.index());
  if (a.value.index() != b.value.index()) return;
  if (const auto* x = std::get_if<DescriptorTable>(&a.value)) {
    const auto& y = std::get<DescriptorTable>(b.value);
    d.num(at, ".num_ranges", x->num_ranges, y.num_ranges);
    d.derived(at, ".ranges_offset", x->ranges_offset, y.ranges_offset);
    d.num(at, ".ranges.size", x->ranges.size(), y.ranges.size());
    for (size_t i = 0; i < std::min(x->ranges.size(), y.ranges.size()); ++i) {
      const DescriptorRange &r = x->ranges[i], &s = y.ranges[i];
      const FieldPath e = at.item("ranges", i);
      d.num(e, ".range_type", r.range_type, s.range_type);
      d.num(e, ".num_descriptors", r.num_descriptors, s.num_descriptors);
      d.num(e, ".base_shader_register", r.base_shader_register, s.base_shader_register);
      d.num(e, ".register_space", r.register_space, s.register_space);
      d.num(e, ".flags", r.flags, s.flags);
      d.num(e, ".offset_in_descriptors_from_table_start", r.offset_in_descriptors_from_table_start,
            s.offset_in_descriptors_from_table_start);
    }
  } else if (const auto* c = std::get_if<RootConstants>(&a.value)) {
    const auto& e = std::get<RootConstants>(b.value);
    d.num(at, ".shader_register", c->shader_register, e.shader_register);
    d.num(at, ".register_space", c->register_space, e.register_space);
    d.num(at, ".num_32bit_values", c->num_32bit_values, e.num_32bit_values);
  } else {
    const auto& r = std::get<RootDescriptor>(a.value);
    const auto& s = std::get<RootDescriptor>(b.value);
    d.num(at, ".shader_register", r.shader_register, s.shader_register);
    d.num(at, ".register_space", r.register_space, s.register_space);
    d.num(at, ".flags", r.flags, s.flags);
  }
}

void compare(Diff& d, const FieldPath& at, const RootSignature& a, const RootSignature& b) {
  d.num(at, ".version", a.version, b.version);
  d.num(at, ".num_parameters", a.num_parameters, b.num_parameters);
  d.derived(at, ".parameters_offset", a.parameters_offset, b.parameters_offset);
  d.num(at, ".num_static_samplers", a.num_static_samplers, b.num_static_samplers);
  d.derived(at, ".static_samplers_offset", a.static_samplers_offset, b.static_samplers_offset);
  d.num(at, ".flags", a.flags, b.flags);
  d.num(at, ".parameters.size", a.parameters.size(), b.parameters.size());
  for (size_t i = 0; i < std::min(a.parameters.size(), b.parameters.size()); ++i) {
    const RootParameter &p = a.parameters[i], &q = b.parameters[i];
    const FieldPath e = at.item("parameters", i);
    d.num(e, ".type", p.type, q.type);
    d.num(e, ".visibility", p.visibility, q.visibility);
    d.derived(e, ".offset", p.offset, q.offset);
    compare_parameter_value(d, e, p, q);
  }
  d.num(at, ".static_samplers.size", a.static_samplers.size(), b.static_samplers.size());
  for (size_t i = 0; i < std::min(a.static_samplers.size(), b.static_samplers.size()); ++i) {
    const StaticSampler &x = a.static_samplers[i], &y = b.static_samplers[i];
    const FieldPath e = at.item("static_samplers", i);
    d.num(e, ".filter", x.filter, y.filter);
    d.num(e, ".address_u", x.address_u, y.address_u);
    d.num(e, ".address_v", x.address_v, y.address_v);
    d.num(e, ".address_w", x.address_w, y.address_w);
    d.num(e, ".mip_lod_bias_bits", x.mip_lod_bias_bits, y.mip_lod_bias_bits);
    d.num(e, ".max_anisotropy", x.max_anisotropy, y.max_anisotropy);
    d.num(e, ".comparison_func", x.comparison_func, y.comparison_func);
    d.num(e, ".border_color", x.border_color, y.border_color);
    d.num(e, ".min_lod_bits", x.min_lod_bits, y.min_lod_bits);
    d.num(e, ".max_lod_bits", x.max_lod_bits, y.max_lod_bits);
    d.num(e, ".shader_register", x.shader_register, y.shader_register);
    d.num(e, ".register_space", x.register_space, y.register_space);
    d.num(e, ".shader_visibility", x.shader_visibility, y.shader_visibility);
    d.num(e, ".flags", x.flags, y.flags);
  }
}

void compare(Diff& d, const FieldPath& at, const DebugName& a, const DebugName& b) {
  d.num(at, ".flags", a.flags, b.flags);
  d.num(at, ".name_length", a.name_length, b.name_length);
  d.str(at, ".name", a.name, b.name);
}

void compare(Diff& d, const FieldPath& at, const CompilerVersion& a, const CompilerVersion& b) {
  d.num(at, ".major", a.major, b.major);
  d.num(at, ".minor", a.minor, b.minor);
  d.num(at, ".version_flags", a.version_flags, b.version_flags);
  d.num(at, ".commit_count", a.commit_count, b.commit_count);
  d.derived(at, ".string_list_size", a.string_list_size, b.string_list_size);
  d.str(at, ".commit_sha", a.commit_sha, b.commit_sha);
  d.str(at, ".custom_version", a.custom_version, b.custom_version);
}

void compare(Diff& d, const FieldPath& at, const SourceInfo& a, const SourceInfo& b) {
  d.derived(at, ".aligned_size", a.aligned_size, b.aligned_size);
  d.num(at, ".flags", a.flags, b.flags);
  d.derived(at, ".section_count", a.section_count, b.section_count);
  d.num(at, ".compress_type", a.compress_type, b.compress_type);
  d.derived(at, ".compressed_size", a.compressed_size, b.compressed_size);
  d.derived(at, ".uncompressed_size", a.uncompressed_size, b.uncompressed_size);
  d.num(at, ".files.size", a.files.size(), b.files.size());
  for (size_t i = 0; i < std::min(a.files.size(), b.files.size()); ++i) {
    const FieldPath f = at.item("files", i);
    d.str(f, ".name", a.files[i].name, b.files[i].name);
    d.str(f, ".content", a.files[i].content, b.files[i].content);
  }
  d.num(at, ".args.size", a.args.size(), b.args.size());
  for (size_t i = 0; i < std::min(a.args.size(), b.args.size()); ++i) {
    const FieldPath f = at.item("args", i);
    d.str(f, ".name", a.args[i].name, b.args[i].name);
    d.str(f, ".value", a.args[i].value, b.args[i].value);
  }
}

void compare(Diff& d, const FieldPath& at, const RuntimeData& a, const RuntimeData& b) {
  d.num(at, ".version", a.version, b.version);
  d.num(at, ".sections.size", a.sections.size(), b.sections.size());
  for (size_t i = 0; i < std::min(a.sections.size(), b.sections.size()); ++i) {
    const RdatSection &x = a.sections[i], &y = b.sections[i];
    const FieldPath e = at.item("sections", i);
    d.derived(e, ".offset", x.offset, y.offset);
    d.num(e, ".type", x.type, y.type);
    d.num(e, ".size", x.size, y.size);
    d.num(e, ".is_table", x.is_table, y.is_table);
    d.num(e, ".record_count", x.record_count, y.record_count);
    d.num(e, ".record_stride", x.record_stride, y.record_stride);
    d.bytes(e, ".data", x.data, y.data);
  }
}

void compare(Diff& d, const Container& a, const Container& b) {
  const FieldPath root = FieldPath::root(), header = FieldPath::root("header"), parts = FieldPath::root("parts");
  d.num(header, ".major", a.header.major, b.header.major);
  d.num(header, ".minor", a.header.minor, b.header.minor);
  d.derived(header, ".part_count", a.header.part_count, b.header.part_count);
  d.derived(header, ".file_size", a.header.file_size, b.header.file_size);
  if (d.exact()) {
    d.bytes(header, ".digest", a.header.digest, b.header.digest);
    d.bytes(root, "computed_digest", a.computed_digest, b.computed_digest);
  }
  d.num(parts, ".size", a.parts.size(), b.parts.size());
  for (size_t i = 0; i < std::min(a.parts.size(), b.parts.size()); ++i) {
    const Part &p = a.parts[i], &q = b.parts[i];
    const FieldPath part = root.item("parts", i);
    const std::string kind = fourcc_text(p.fourcc);
    const FieldPath at = part.field(kind);
    d.num(at, ".fourcc", p.fourcc, q.fourcc);
    d.derived(at, ".offset", p.offset, q.offset);
    d.derived(at, ".size", p.size, q.size);
    if (d.exact() || std::holds_alternative<RawPart>(p.content)) d.bytes(at, ".data", p.data, q.data);
    d.num(at, ".content.index", p.content.index(), q.content.index());
    if (p.content.index() != q.content.index()) continue;
    visit_content(p, [&](const auto& x) {
      using T = std::decay_t<decltype(x)>;
      compare(d, at, x, content<T>(q));
    });
  }
}

}  // namespace

std::string semantic_diff(const Container& a, const Container& b) {
  Diff d(false);
  compare(d, a, b);
  return d.empty() ? std::string() : d.report();
}

std::string exact_diff(const Container& a, const Container& b) {
  Diff d(true);
  compare(d, a, b);
  return d.empty() ? std::string() : d.report();
}

}  // namespace sp::dxc
