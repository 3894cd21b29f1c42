// PSV0 against the module, as DXC's PSV writer fills it from the metadata
// (docs/formats/dxil.md): the stage, the entry's name (PSV v3), the
// resource bindings (CBVs, samplers, SRVs, UAVs, each in metadata order)
// and one signature element per metadata element. The first difference
// in each is reported; the dependency tables (ViewID) are not compared.
#include "core/strings.h"
#include "dxil/checks.h"
#include "dxil/mappings.h"

namespace sp::dxil {
namespace {

using bitcode::dxil::Resource;
using bitcode::dxil::ResourceClass;
using bitcode::dxil::SignatureElement;

// DXIL::ResourceKind values the binding type depends on.
constexpr uint32_t kRawBuffer = 11, kStructuredBuffer = 12, kCBuffer = 13, kSamplerKind = 14,
                   kRTAccelerationStructure = 16;

// PSVResourceType of a resource (InitPSVResourceBinding).
uint32_t binding_type(const Resource& r) {
  switch (r.cls) {
    case ResourceClass::sampler: return 1;
    case ResourceClass::cbv: return 2;
    case ResourceClass::srv:
      if (r.kind_or_size == kStructuredBuffer) return 5;
      return r.kind_or_size == kRawBuffer || r.kind_or_size == kRTAccelerationStructure ? 4 : 3;
    case ResourceClass::uav:
      if (r.kind_or_size == kStructuredBuffer) return r.has_counter ? 9 : 8;
      return r.kind_or_size == kRawBuffer ? 7 : 6;
  }
  return 0;
}

dxc::PsvResource binding(const Resource& r) {
  dxc::PsvResource b;
  b.type = binding_type(r);
  b.space = r.space;
  b.lower_bound = r.lower_bound;
  // A range of UINT_MAX is unbounded, and so is its upper bound.
  b.upper_bound = r.range_size == UINT32_MAX ? UINT32_MAX : r.lower_bound + r.range_size - 1;
  b.kind = r.cls == ResourceClass::cbv ? kCBuffer : r.cls == ResourceClass::sampler ? kSamplerKind : r.kind_or_size;
  b.flags = r.atomic64 ? 1 : 0;
  return b;
}

void resources(const Checked& k, const dxc::Psv& psv, const std::string& path, uint64_t offset) {
  const bitcode::dxil::Resources& res = k.entry.resources ? *k.entry.resources : k.v.resources;
  std::vector<dxc::PsvResource> expected;
  for (const auto* list : {&res.cbvs, &res.samplers, &res.srvs, &res.uavs})
    for (const Resource& r : *list) expected.push_back(binding(r));
  if (psv.resources.size() != expected.size()) {
    k.warn(Code::psv_resources_mismatch, offset, path + ".resources",
           strprintf("PSV0 binds %zu resources; the module declares %zu", psv.resources.size(), expected.size()));
    return;
  }
  // Records of 16 bytes (PSV v0 and v1) hold no kind and flags.
  const bool kinds = psv.resource_stride >= 24;
  for (size_t i = 0; i < expected.size(); ++i) {
    const dxc::PsvResource& got = psv.resources[i];
    const dxc::PsvResource& want = expected[i];
    const bool same = got.type == want.type && got.space == want.space && got.lower_bound == want.lower_bound &&
                      got.upper_bound == want.upper_bound && (!kinds || (got.kind == want.kind && got.flags == want.flags));
    if (!same) {
      k.warn(Code::psv_resources_mismatch, offset, strprintf("%s.resources[%zu]", path.c_str(), i),
             strprintf("PSV0 binds type %u space %u [%u, %u] kind %u flags %u; the module gives type %u space %u "
                       "[%u, %u] kind %u flags %u",
                       got.type, got.space, got.lower_bound, got.upper_bound, got.kind, got.flags, want.type, want.space,
                       want.lower_bound, want.upper_bound, want.kind, want.flags));
      return;
    }
  }
}

// One PSV signature element as SetPSVSigElement fills it; the first field
// that differs, or empty.
std::string element_difference(const Checked& k, const dxc::PsvSignatureElement& got, const SignatureElement& e) {
  const bool allocated = dxil::allocated(e);
  const bool named = e.semantic_kind == kSemanticArbitrary && !e.semantic.empty();
  std::vector<uint32_t> indices = semantic_indices(e);
  // The index table holds one index per row: an element with more
  // indices than rows (a mesh shader's arrayed output) keeps the first.
  if (indices.size() > e.rows) indices.resize(e.rows);
  const struct {
    const char* field;
    uint32_t got, want;
  } fields[] = {
      {"rows", got.rows, e.rows & 0xFF},
      {"start row", got.start_row, allocated ? e.start_row & 0xFF : 0},
      {"columns", got.cols(), e.cols & 0xF},
      {"start column", got.start_col(), allocated ? e.start_col & 0x3 : 0},
      {"allocated", got.allocated(), allocated},
      {"semantic kind", got.kind, e.semantic_kind & 0xFF},
      {"component type", got.component_type, signature_component_type(e.component_type, k.validator_at_least(1, 5))},
      {"interpolation", got.interpolation, e.interpolation & 0xFF},
      {"dynamic index mask", got.dynamic_mask(), e.dynamic_index_mask.value_or(0) & 0xF},
      {"stream", got.stream(), e.output_stream.value_or(0) & 0x3},
  };
  for (const auto& f : fields)
    if (f.got != f.want) return strprintf("%s %u; the module gives %u", f.field, f.got, f.want);
  if (named ? got.name.bytes() != e.semantic.bytes() : !got.name.empty())
    return "name \"" + got.name.printable() + "\"; the module gives \"" + (named ? e.semantic.printable() : "") + "\"";
  bool same_indices = got.indices.size() == indices.size();
  for (size_t i = 0; same_indices && i < indices.size(); ++i) same_indices = got.indices[i] == indices[i];
  if (!same_indices) return "semantic indices differ from the module's";
  return {};
}

void signature(const Checked& k, const Vec<dxc::PsvSignatureElement>& got, const std::vector<SignatureElement>& want,
               const std::string& path, uint64_t offset) {
  if (got.size() != want.size()) {
    k.warn(Code::psv_signature_mismatch, offset, path,
           strprintf("PSV0 lists %zu elements; the module's signature has %zu", got.size(), want.size()));
    return;
  }
  for (size_t i = 0; i < got.size(); ++i)
    if (const std::string d = element_difference(k, got[i], want[i]); !d.empty()) {
      k.warn(Code::psv_signature_mismatch, offset, strprintf("%s[%zu]", path.c_str(), i),
             want[i].semantic.printable() + ": " + d);
      return;
    }
}

}  // namespace

void check_psv(const Checked& k) {
  size_t index = 0;
  const dxc::Part* p = k.part("PSV0", &index);
  const auto* psv = p != nullptr ? dxc::content_if<dxc::Psv>(*p) : nullptr;
  if (psv == nullptr) return;
  const std::string path = part_path(k.c, index);
  const uint64_t offset = p->offset + dxc::kPartHeaderSize;
  if (psv->version >= 1 && psv->info.shader_stage != k.kind)
    k.warn(Code::psv_stage_mismatch, offset, path + ".runtime_info.shader_stage",
           strprintf("PSV0 says stage %u; dx.shaderModel says %s (%u)", psv->info.shader_stage, k.v.shader_model.c_str(),
                     k.kind));
  if (psv->version >= 3 && psv->entry_name.bytes() != k.entry.name.bytes())
    k.warn(Code::psv_entry_mismatch, offset, path + ".entry_name",
           "PSV0 names the entry \"" + psv->entry_name.printable() + "\"; the module's is \"" + k.entry.name.printable() +
               "\"");
  resources(k, *psv, path, offset);
  if (psv->version < 1) return;
  signature(k, psv->inputs, k.entry.signatures.input, path + ".inputs", offset);
  signature(k, psv->outputs, k.entry.signatures.output, path + ".outputs", offset);
  signature(k, psv->patch_or_prim, k.entry.signatures.patch_constant, path + ".patch_or_prim", offset);
}

}  // namespace sp::dxil
