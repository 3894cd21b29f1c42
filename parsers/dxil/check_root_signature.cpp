// RTS0 against PSV0's bindings, as DXC's validator checks a shader's
// root signature (DxilRootSignature.cpp, RootSignatureVerifier::VerifyShader;
// docs/formats/dxil.md, "RTS0 against PSV0"): every binding PSV0 lists
// must lie wholly inside one register range of the root signature that
// the stage sees, of the binding's class; a root SRV or UAV descriptor
// holds a raw or structured buffer only (no texture, no counter); and a
// stage the root signature denies root access may bind nothing. The
// root signature's own rules (overlapping ranges, flags, static sampler
// fields) are not checked here.
#include <optional>

#include "core/strings.h"
#include "dxcontainer/shader_kind.h"
#include "dxil/checks.h"

namespace sp::dxil {
namespace {

// D3D12_DESCRIPTOR_RANGE_TYPE, the class a register range binds.
enum class RangeClass : uint8_t { srv = 0, uav = 1, cbv = 2, sampler = 3 };

// What a PSV0 binding type (PSVResourceType) asks of the root signature.
struct BindingNeeds {
  RangeClass cls;
  bool root_descriptor_allowed;  // false: a texture, typed buffer or counter
};

std::optional<BindingNeeds> needs(uint32_t psv_type) {
  switch (psv_type) {
    case 1: return BindingNeeds{RangeClass::sampler, true};
    case 2: return BindingNeeds{RangeClass::cbv, true};
    case 3: return BindingNeeds{RangeClass::srv, false};  // typed
    case 4:
    case 5: return BindingNeeds{RangeClass::srv, true};  // raw, structured
    case 6: return BindingNeeds{RangeClass::uav, false};  // typed
    case 7:
    case 8: return BindingNeeds{RangeClass::uav, true};  // raw, structured
    case 9: return BindingNeeds{RangeClass::uav, false};  // structured with a counter
    default: return std::nullopt;                         // DXC skips what it does not know
  }
}

// A register range of the root signature: inclusive bounds in one space.
struct Range {
  RangeClass cls;
  uint32_t visibility;  // D3D12_SHADER_VISIBILITY: 0 all
  uint32_t space;
  uint32_t lower, upper;
  bool root_descriptor;
  std::string what;  // "parameters[2].ranges[0]", for the message
};

uint32_t upper_bound(uint32_t base, uint32_t count) {
  // UINT_MAX descriptors is an unbounded range; a range past UINT_MAX is
  // the root signature's own error, read here as reaching the end.
  if (count == UINT32_MAX) return UINT32_MAX;
  const uint64_t upper = uint64_t{base} + count - 1;
  return upper > UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(upper);
}

std::vector<Range> ranges_of(const dxc::RootSignature& rs) {
  std::vector<Range> out;
  for (size_t i = 0; i < rs.parameters.size(); ++i) {
    const dxc::RootParameter& p = rs.parameters[i];
    const std::string at = strprintf("parameters[%zu]", i);
    if (const auto* t = std::get_if<dxc::DescriptorTable>(&p.value)) {
      for (size_t j = 0; j < t->ranges.size(); ++j) {
        const dxc::DescriptorRange& r = t->ranges[j];
        // An empty range, or one of no known class, covers nothing.
        if (r.num_descriptors == 0 || r.range_type > 3) continue;
        out.push_back({static_cast<RangeClass>(r.range_type), p.visibility, r.register_space, r.base_shader_register,
                       upper_bound(r.base_shader_register, r.num_descriptors), false,
                       strprintf("%s.ranges[%zu]", at.c_str(), j)});
      }
    } else if (const auto* c = std::get_if<dxc::RootConstants>(&p.value)) {
      out.push_back({RangeClass::cbv, p.visibility, c->register_space, c->shader_register, c->shader_register, false, at});
    } else if (const auto* d = std::get_if<dxc::RootDescriptor>(&p.value); d != nullptr && p.type >= 2 && p.type <= 4) {
      // Root parameter types CBV 2, SRV 3, UAV 4.
      const RangeClass cls = p.type == 2 ? RangeClass::cbv : p.type == 3 ? RangeClass::srv : RangeClass::uav;
      out.push_back({cls, p.visibility, d->register_space, d->shader_register, d->shader_register, true, at});
    }
  }
  for (size_t i = 0; i < rs.static_samplers.size(); ++i) {
    const dxc::StaticSampler& s = rs.static_samplers[i];
    out.push_back({RangeClass::sampler, s.shader_visibility, s.register_space, s.shader_register, s.shader_register,
                   false, strprintf("static_samplers[%zu]", i)});
  }
  return out;
}

// D3D12_SHADER_VISIBILITY of a DXIL::ShaderKind; compute shaders and the
// rest see only what is visible to all.
uint32_t visibility_of(uint32_t kind) {
  switch (kind) {
    case dxc::kPixel: return 5;
    case dxc::kVertex: return 1;
    case dxc::kGeometry: return 4;
    case dxc::kHull: return 2;
    case dxc::kDomain: return 3;
    case dxc::kMesh: return 7;
    case dxc::kAmplification: return 6;
    default: return 0;
  }
}

// D3D12_ROOT_SIGNATURE_FLAGS' DENY_*_SHADER_ROOT_ACCESS for a visibility.
uint32_t deny_flag(uint32_t visibility) {
  constexpr uint32_t kDeny[] = {0, 0x2, 0x4, 0x8, 0x10, 0x20, 0x100, 0x200};
  return visibility < std::size(kDeny) ? kDeny[visibility] : 0;
}

// FindCoveringInterval: the first range visible to all that meets the
// binding, else the first visible to the stage; it must hold the binding
// whole.
const Range* covering(const std::vector<Range>& ranges, RangeClass cls, uint32_t visibility, uint32_t space,
                      uint32_t lower, uint32_t upper) {
  auto meets = [&](const Range& r, uint32_t vis) {
    return r.cls == cls && r.visibility == vis && r.space == space && !(upper < r.lower || lower > r.upper);
  };
  auto first = [&](uint32_t vis) -> const Range* {
    for (const Range& r : ranges)
      if (meets(r, vis)) return &r;
    return nullptr;
  };
  const Range* found = first(0);
  if (found == nullptr && visibility != 0) found = first(visibility);
  return found != nullptr && found->lower <= lower && upper <= found->upper ? found : nullptr;
}

}  // namespace

void check_root_signature(const Checked& k) {
  size_t psv_index = 0, rts_index = 0;
  const dxc::Part* psv_part = k.part("PSV0", &psv_index);
  const dxc::Part* rts_part = k.part("RTS0", &rts_index);
  const auto* psv = psv_part != nullptr ? dxc::content_if<dxc::Psv>(*psv_part) : nullptr;
  const auto* rs = rts_part != nullptr ? dxc::content_if<dxc::RootSignature>(*rts_part) : nullptr;
  if (psv == nullptr || rs == nullptr) return;
  const std::vector<Range> ranges = ranges_of(*rs);
  const uint32_t visibility = visibility_of(k.kind);
  const std::string path = part_path(k.c, psv_index);
  // Records follow RuntimeInfoSize, the runtime info, the count and the stride.
  const uint64_t records = psv_part->offset + dxc::kPartHeaderSize + 4 + psv->runtime_info_size + 8;
  bool binds = false;
  for (size_t i = 0; i < psv->resources.size(); ++i) {
    const dxc::PsvResource& b = psv->resources[i];
    const std::optional<BindingNeeds> need = needs(b.type);
    if (!need) continue;
    binds = true;
    // DXC takes an unbounded binding as its first register.
    const uint32_t upper = b.upper_bound == UINT32_MAX ? b.lower_bound : b.upper_bound;
    const Range* r = covering(ranges, need->cls, visibility, b.space, b.lower_bound, upper);
    std::string problem;
    if (r == nullptr)
      problem = strprintf("binds type %u space %u [%u, %u], which no range of the root signature that a %s shader "
                          "sees holds whole",
                          b.type, b.space, b.lower_bound, upper, k.v.stage.c_str());
    else if (r->root_descriptor && !need->root_descriptor_allowed)
      problem = strprintf("binds type %u space %u register %u to the root descriptor %s, which holds a raw or "
                          "structured buffer only",
                          b.type, b.space, b.lower_bound, r->what.c_str());
    if (!problem.empty()) {
      k.warn(Code::root_signature_incompatible, records + i * psv->resource_stride,
             strprintf("%s.resources[%zu]", path.c_str(), i), "PSV0 " + problem);
      return;
    }
  }
  if (binds && (rs->flags & deny_flag(visibility)) != 0)
    k.warn(Code::root_signature_incompatible, rts_part->offset + dxc::kPartHeaderSize, part_path(k.c, rts_index) + ".flags",
           strprintf("the root signature denies the %s stage root access (flags 0x%x), and PSV0 binds resources",
                     k.v.stage.c_str(), rs->flags));
}

}  // namespace sp::dxil
