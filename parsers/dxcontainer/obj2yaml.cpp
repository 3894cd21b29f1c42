#include "dxcontainer/obj2yaml.h"

#include <cstring>
#include <span>

#include "core/strings.h"
#include "core/yaml_writer.h"
#include "dxcontainer/names.h"
#include "dxcontainer/shader_kind.h"

namespace sp::dxc {
namespace {

using yaml::Node;

// LLVM prints enums through ScalarEnumerationTraits; a value with no name
// is printed as its number here (LLVM itself has no defined output for it).
Node enum_node(EnumFamily family, uint64_t value) {
  if (auto name = enum_name(family, value)) return Node::raw(std::string(*name));
  return Node::uint(value);
}

Node hex8_flow(Bytes bytes) {
  Node n = Node::flow_seq();
  for (uint8_t b : bytes) n.push(Node::hex(b));
  return n;
}

Node hex32_flow(const U32Array& a) {
  Node n = Node::flow_seq();
  for (size_t i = 0; i < a.size(); ++i) n.push(Node::hex(a[i]));
  return n;
}

Node header_node(const Container& c) {
  Node h = Node::map();
  h.add("Hash", hex8_flow(c.header.digest));
  Node& v = h.add("Version", Node::map());
  v.add("Major", Node::uint(c.header.major));
  v.add("Minor", Node::uint(c.header.minor));
  h.add("FileSize", Node::uint(c.header.file_size));
  h.add("PartCount", Node::uint(c.header.part_count));
  Node offsets = Node::flow_seq();
  for (const Part& p : c.parts) offsets.push(Node::uint(p.offset));
  h.add("PartOffsets", std::move(offsets));
  return h;
}

Node program_node(const Program& p) {
  const ProgramHeader& h = p.header;
  Node n = Node::map();
  n.add("MajorVersion", Node::uint(h.major()));
  n.add("MinorVersion", Node::uint(h.minor()));
  n.add("ShaderKind", Node::uint(h.shader_kind));
  n.add("Size", Node::uint(h.size_in_uint32));
  n.add("DXILMajorVersion", Node::uint(h.dxil_major));
  n.add("DXILMinorVersion", Node::uint(h.dxil_minor));
  n.add("DXILSize", Node::uint(h.bitcode_size));
  n.add("DXIL", hex8_flow(p.bitcode));
  return n;
}

Node flags_node(uint64_t flags) {
  Node n = Node::map();
  for (const EnumEntry& e : enum_entries(EnumFamily::FeatureFlag)) n.add(std::string(e.name), Node::boolean((flags & e.value) != 0));
  return n;
}

Node hash_node(const ShaderHash& h) {
  Node n = Node::map();
  n.add("IncludesSource", Node::boolean((h.flags & 1) != 0));
  n.add("Digest", hex8_flow(h.digest));
  return n;
}

Node signature_node(const Signature& s) {
  Node n = Node::map();
  Node params = Node::seq();
  for (const SignatureElement& e : s.elements) {
    Node p = Node::map();
    p.add("Stream", Node::uint(e.stream));
    p.add("Name", Node::str(e.name.bytes()));
    p.add("Index", Node::uint(e.semantic_index));
    p.add("SystemValue", enum_node(EnumFamily::SystemValue, e.system_value));
    p.add("CompType", enum_node(EnumFamily::ComponentType, e.component_type));
    p.add("Register", Node::uint(e.reg));
    p.add("Mask", Node::uint(e.mask));
    p.add("ExclusiveMask", Node::uint(e.exclusive_mask));
    p.add("MinPrecision", enum_node(EnumFamily::MinPrecision, e.min_precision));
    params.push(std::move(p));
  }
  n.add("Parameters", std::move(params));
  return n;
}

uint32_t u32_at(const std::array<uint8_t, 16>& b, size_t o) { return load_le<uint32_t>(b.data() + o); }
uint16_t u16_at(const std::array<uint8_t, 16>& b, size_t o) { return load_le<uint16_t>(b.data() + o); }

// DXContainerYAML::PSVInfo::mapInfoForVersion.
void psv_stage_fields(Node& n, const Psv& psv, uint32_t stage) {
  const auto& si = psv.info.stage_info;
  switch (stage) {
    case kPixel:
      n.add("DepthOutput", Node::uint(si[0]));
      n.add("SampleFrequency", Node::uint(si[1]));
      break;
    case kVertex:
      n.add("OutputPositionPresent", Node::uint(si[0]));
      break;
    case kGeometry:
      n.add("InputPrimitive", Node::uint(u32_at(si, 0)));
      n.add("OutputTopology", Node::uint(u32_at(si, 4)));
      n.add("OutputStreamMask", Node::uint(u32_at(si, 8)));
      n.add("OutputPositionPresent", Node::uint(si[12]));
      break;
    case kHull:
      n.add("InputControlPointCount", Node::uint(u32_at(si, 0)));
      n.add("OutputControlPointCount", Node::uint(u32_at(si, 4)));
      n.add("TessellatorDomain", Node::uint(u32_at(si, 8)));
      n.add("TessellatorOutputPrimitive", Node::uint(u32_at(si, 12)));
      break;
    case kDomain:
      n.add("InputControlPointCount", Node::uint(u32_at(si, 0)));
      n.add("OutputPositionPresent", Node::uint(si[4]));
      n.add("TessellatorDomain", Node::uint(u32_at(si, 8)));
      break;
    case kMesh:
      n.add("GroupSharedBytesUsed", Node::uint(u32_at(si, 0)));
      n.add("GroupSharedBytesDependentOnViewID", Node::uint(u32_at(si, 4)));
      n.add("PayloadSizeInBytes", Node::uint(u32_at(si, 8)));
      n.add("MaxOutputVertices", Node::uint(u16_at(si, 12)));
      n.add("MaxOutputPrimitives", Node::uint(u16_at(si, 14)));
      break;
    case kAmplification:
      n.add("PayloadSizeInBytes", Node::uint(u32_at(si, 0)));
      break;
    default:
      break;
  }
  n.add("MinimumWaveLaneCount", Node::uint(psv.info.min_wave_lane_count));
  n.add("MaximumWaveLaneCount", Node::uint(psv.info.max_wave_lane_count));
  if (psv.version == 0) return;
  n.add("UsesViewID", Node::uint(psv.info.uses_view_id));
  switch (stage) {
    case kGeometry:
      n.add("MaxVertexCount", Node::uint(psv.info.geom_data));
      break;
    case kHull:
    case kDomain:
      n.add("SigPatchConstOrPrimVectors", Node::uint(psv.info.geom_data & 0xFF));
      break;
    case kMesh:
      n.add("SigPrimVectors", Node::uint(psv.info.geom_data & 0xFF));
      n.add("MeshOutputTopology", Node::uint(psv.info.geom_data >> 8));
      break;
    default:
      break;
  }
  n.add("SigInputVectors", Node::uint(psv.info.sig_input_vectors));
  Node vec = Node::flow_seq();
  for (uint8_t v : psv.info.sig_output_vectors) vec.push(Node::uint(v));
  n.add("SigOutputVectors", std::move(vec));
  if (psv.version == 1) return;
  n.add("NumThreadsX", Node::uint(psv.info.num_threads_x));
  n.add("NumThreadsY", Node::uint(psv.info.num_threads_y));
  n.add("NumThreadsZ", Node::uint(psv.info.num_threads_z));
  if (psv.version == 2) return;
  n.add("EntryName", Node::str(psv.entry_name.bytes()));
}

Node psv_element_nodes(std::span<const PsvSignatureElement> elements) {
  Node list = Node::seq();
  for (const PsvSignatureElement& e : elements) {
    Node n = Node::map();
    n.add("Name", Node::str(e.name.bytes()));
    Node idx = Node::flow_seq();
    for (size_t i = 0; i < e.indices.size(); ++i) idx.push(Node::uint(e.indices[i]));
    n.add("Indices", std::move(idx));
    n.add("StartRow", Node::uint(e.start_row));
    n.add("Cols", Node::uint(e.cols()));
    n.add("StartCol", Node::uint(e.start_col()));
    n.add("Allocated", Node::boolean(e.allocated()));
    n.add("Kind", enum_node(EnumFamily::SemanticKind, e.kind));
    n.add("ComponentType", enum_node(EnumFamily::ComponentType, e.component_type));
    n.add("Interpolation", enum_node(EnumFamily::InterpolationMode, e.interpolation));
    n.add("DynamicMask", Node::hex(e.dynamic_mask()));
    n.add("Stream", Node::uint(e.stream()));
    list.push(std::move(n));
  }
  return list;
}

Node mask_list(const std::array<U32Array, 4>& masks) {
  Node list = Node::seq();
  for (const U32Array& m : masks) list.push(hex32_flow(m));
  return list;
}

// MappingTraits<DXContainerYAML::PSVInfo>. The stage printed and used to
// pick keys is PSV0's own (v1+) or the DXIL kind (v0), as in LLVM.
Node psv_node(const Psv& psv) {
  const uint32_t stage = psv.version >= 1 ? psv.info.shader_stage : psv.layout_stage;
  Node n = Node::map();
  n.add("Version", Node::uint(psv.version));
  n.add("ShaderStage", Node::uint(stage));
  psv_stage_fields(n, psv, stage);
  // LLVM reports the stride of a v2 record when there are no resources.
  n.add("ResourceStride", Node::uint(psv.resource_count == 0 ? 24 : psv.resource_stride));
  Node res = Node::seq();
  for (const PsvResource& r : psv.resources) {
    Node m = Node::map();
    m.add("Type", enum_node(EnumFamily::ResourceType, r.type));
    m.add("Space", Node::uint(r.space));
    m.add("LowerBound", Node::uint(r.lower_bound));
    m.add("UpperBound", Node::uint(r.upper_bound));
    if (psv.version >= 2) {
      m.add("Kind", enum_node(EnumFamily::ResourceKind, r.kind));
      Node& f = m.add("Flags", Node::map());
      f.add("UsedByAtomic64", Node::boolean((r.flags & 1) != 0));
    }
    res.push(std::move(m));
  }
  n.add("Resources", std::move(res));
  if (psv.version == 0) return n;
  n.add("SigInputElements", psv_element_nodes(psv.inputs));
  n.add("SigOutputElements", psv_element_nodes(psv.outputs));
  n.add("SigPatchOrPrimElements", psv_element_nodes(psv.patch_or_prim));
  if (psv.info.uses_view_id) {
    n.add("OutputVectorMasks", mask_list(psv.output_vector_masks));
    if (stage == kHull) n.add("PatchOrPrimMasks", hex32_flow(psv.patch_or_prim_vector_mask));
  }
  n.add("InputOutputMap", mask_list(psv.input_output_map));
  if (stage == kHull) n.add("InputPatchMap", hex32_flow(psv.input_patch_map));
  if (stage == kDomain) n.add("PatchOutputMap", hex32_flow(psv.patch_output_map));
  return n;
}

// LLVM names root signature flags in YAML by their C enumerator spelled in
// upper snake case (DataVolatile -> DATA_VOLATILE), samplers' with a
// SAMPLER_FLAG_ prefix; root flags keep their CamelCase names.
std::string upper_snake(std::string_view camel) {
  std::string out;
  for (size_t i = 0; i < camel.size(); ++i) {
    const char c = camel[i];
    if (i > 0 && c >= 'A' && c <= 'Z') out.push_back('_');
    out.push_back(static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c));
  }
  return out;
}

void add_flags(Node& n, EnumFamily family, uint32_t flags, std::string_view prefix, bool snake) {
  for (const EnumEntry& e : enum_entries(family))
    if ((flags & e.value) != 0)
      n.add(std::string(prefix) + (snake ? upper_snake(e.name) : std::string(e.name)), Node::boolean(true));
}

// ScalarTraits<float>: printf("%g").
Node float_node(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return Node::raw(strprintf("%g", static_cast<double>(f)));
}

Node root_parameter_node(const RootParameter& p) {
  Node n = Node::map();
  n.add("ParameterType", enum_node(EnumFamily::RootParameterType, p.type));
  n.add("ShaderVisibility", enum_node(EnumFamily::ShaderVisibility, p.visibility));
  if (const auto* t = std::get_if<DescriptorTable>(&p.value)) {
    Node& table = n.add("Table", Node::map());
    table.add("NumRanges", Node::uint(t->num_ranges));
    table.add("RangesOffset", Node::uint(t->ranges_offset));
    Node ranges = Node::seq();
    for (const DescriptorRange& r : t->ranges) {
      Node m = Node::map();
      m.add("RangeType", enum_node(EnumFamily::DescriptorRangeType, r.range_type));
      // LLVM prints this field as a signed 32-bit number (UINT_MAX, "unbounded", is -1).
      m.add("NumDescriptors", Node::sint(static_cast<int32_t>(r.num_descriptors)));
      m.add("BaseShaderRegister", Node::uint(r.base_shader_register));
      m.add("RegisterSpace", Node::uint(r.register_space));
      m.add("OffsetInDescriptorsFromTableStart", Node::uint(r.offset_in_descriptors_from_table_start));
      add_flags(m, EnumFamily::DescriptorRangeFlag, r.flags, "", true);
      ranges.push(std::move(m));
    }
    table.add("Ranges", std::move(ranges));
  } else if (const auto* c = std::get_if<RootConstants>(&p.value)) {
    Node& m = n.add("Constants", Node::map());
    m.add("Num32BitValues", Node::uint(c->num_32bit_values));
    m.add("RegisterSpace", Node::uint(c->register_space));
    m.add("ShaderRegister", Node::uint(c->shader_register));
  } else if (const auto* d = std::get_if<RootDescriptor>(&p.value)) {
    Node& m = n.add("Descriptor", Node::map());
    m.add("RegisterSpace", Node::uint(d->register_space));
    m.add("ShaderRegister", Node::uint(d->shader_register));
    add_flags(m, EnumFamily::RootDescriptorFlag, d->flags, "", true);
  }
  return n;
}

Node static_sampler_node(const StaticSampler& s) {
  Node n = Node::map();
  n.add("Filter", enum_node(EnumFamily::Filter, s.filter));
  n.add("AddressU", enum_node(EnumFamily::TextureAddressMode, s.address_u));
  n.add("AddressV", enum_node(EnumFamily::TextureAddressMode, s.address_v));
  n.add("AddressW", enum_node(EnumFamily::TextureAddressMode, s.address_w));
  n.add("MipLODBias", float_node(s.mip_lod_bias_bits));
  n.add("MaxAnisotropy", Node::uint(s.max_anisotropy));
  n.add("ComparisonFunc", enum_node(EnumFamily::ComparisonFunc, s.comparison_func));
  n.add("BorderColor", enum_node(EnumFamily::StaticBorderColor, s.border_color));
  n.add("MinLOD", float_node(s.min_lod_bits));
  n.add("MaxLOD", float_node(s.max_lod_bits));
  n.add("ShaderRegister", Node::uint(s.shader_register));
  n.add("RegisterSpace", Node::uint(s.register_space));
  n.add("ShaderVisibility", enum_node(EnumFamily::ShaderVisibility, s.shader_visibility));
  add_flags(n, EnumFamily::StaticSamplerFlag, s.flags, "SAMPLER_FLAG_", true);
  return n;
}

// MappingTraits<RootSignatureYamlDesc>: Samplers only when there are some,
// flags only when set.
Node root_signature_node(const RootSignature& rs) {
  Node n = Node::map();
  n.add("Version", Node::uint(rs.version));
  n.add("NumRootParameters", Node::uint(rs.num_parameters));
  n.add("RootParametersOffset", Node::uint(rs.parameters_offset));
  n.add("NumStaticSamplers", Node::uint(rs.num_static_samplers));
  n.add("StaticSamplersOffset", Node::uint(rs.static_samplers_offset));
  Node params = Node::seq();
  for (const RootParameter& p : rs.parameters) params.push(root_parameter_node(p));
  n.add("Parameters", std::move(params));
  if (!rs.static_samplers.empty()) {
    Node samplers = Node::seq();
    for (const StaticSampler& s : rs.static_samplers) samplers.push(static_sampler_node(s));
    n.add("Samplers", std::move(samplers));
  }
  add_flags(n, EnumFamily::RootFlag, rs.flags, "", false);
  return n;
}

bool hash_populated(const ShaderHash& h) {
  if (h.flags != 0) return true;
  for (uint8_t b : h.digest)
    if (b != 0) return true;
  return false;
}

// LLVM keeps one input, output and patch constant signature: a second
// ISG1 replaces the first, and every ISG1 part prints the last one.
const Part& last_of_kind(const Container& c, const Part& p) {
  const Part* last = &p;
  for (const Part& q : c.parts)
    if (q.fourcc == p.fourcc) last = &q;
  return *last;
}

Node part_node(const Container& c, const Part& p) {
  Node n = Node::map();
  const char name[4] = {static_cast<char>(p.fourcc), static_cast<char>(p.fourcc >> 8),
                        static_cast<char>(p.fourcc >> 16), static_cast<char>(p.fourcc >> 24)};
  n.add("Name", Node::str(std::string_view(name, 4)));
  n.add("Size", Node::uint(p.size));
  // LLVM 22 decodes only DXIL, SFI0, HASH, PSV0, RTS0, ISG1, OSG1, PSG1.
  switch (p.fourcc) {
    case make_fourcc('D', 'X', 'I', 'L'):
      n.add("Program", program_node(content<Program>(p)));
      break;
    case make_fourcc('S', 'F', 'I', '0'):
      if (const uint64_t flags = content<FeatureInfo>(p).flags; flags != 0) n.add("Flags", flags_node(flags));
      break;
    case make_fourcc('H', 'A', 'S', 'H'):
      if (const auto& h = content<ShaderHash>(p); hash_populated(h)) n.add("Hash", hash_node(h));
      break;
    case make_fourcc('P', 'S', 'V', '0'):
      n.add("PSVInfo", psv_node(content<Psv>(p)));
      break;
    case make_fourcc('R', 'T', 'S', '0'):
      n.add("RootSignature", root_signature_node(content<RootSignature>(p)));
      break;
    case make_fourcc('I', 'S', 'G', '1'):
    case make_fourcc('O', 'S', 'G', '1'):
    case make_fourcc('P', 'S', 'G', '1'):
      n.add("Signature", signature_node(content<Signature>(last_of_kind(c, p))));
      break;
    default:
      break;
  }
  return n;
}

}  // namespace

std::string to_obj2yaml(const Container& c) {
  Node doc = Node::map();
  doc.add("Header", header_node(c));
  Node parts = Node::seq();
  for (const Part& p : c.parts) parts.push(part_node(c, p));
  doc.add("Parts", std::move(parts));
  return doc.document("!dxcontainer");
}

}  // namespace sp::dxc
