// RTS0: a serialized root signature (D3D12 versions 1.0, 1.1, 1.2).
// Offsets count from the start of the part. Record sizes by version:
//   descriptor range  20 (1.0) / 24 (1.1+, adds Flags before the table offset)
//   root descriptor    8 (1.0) / 12 (1.1+, adds Flags)
//   static sampler    52 (1.0, 1.1) / 56 (1.2, adds Flags)
// Descriptor ranges are read at the table's DescriptorRangesOffset, as DXC's
// deserializer does (LLVM 22 assumes they follow the table header).
#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/names.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {
namespace {

constexpr uint32_t kRootConstantsSize = 12;

// A FieldReader over part[offset, offset + size), or an error naming `field`.
std::optional<FieldReader> sub_reader(const PartScope& s, const FieldPath& at, uint64_t offset, uint64_t size,
                                      std::string_view what) {
  auto b = slice(s.data, offset, size);
  if (!b) {
    s.ctx.fail(Code::offset_out_of_bounds, s.base, at,
               strprintf("%s [%llu, +%llu) is outside the %zu-byte part", std::string(what).c_str(),
                         static_cast<unsigned long long>(offset), static_cast<unsigned long long>(size),
                         s.data.size()));
    return std::nullopt;
  }
  return std::optional<FieldReader>(std::in_place, *b, s.base + offset, at, s.ctx);
}

bool parse_table(const PartScope& s, const FieldPath& at, uint32_t version, uint32_t offset, DescriptorTable& t) {
  auto r = sub_reader(s, at, offset, 8, "descriptor table header");
  if (!r || !r->u32(t.num_ranges, "num_ranges") || !r->u32(t.ranges_offset, "ranges_offset")) return false;
  const uint32_t stride = version == 1 ? 20 : 24;
  const uint64_t bytes = uint64_t{t.num_ranges} * stride;
  if (!range_fits(t.ranges_offset, bytes, s.data.size()))
    return s.ctx.fail(Code::count_too_large, s.base + offset, at,
                      strprintf("%u ranges of %u bytes at %u do not fit in the %zu-byte part", t.num_ranges, stride,
                                t.ranges_offset, s.data.size()));
  // Several parameters may point at one table; the budget keeps the
  // decoded model linear in the input.
  if (!s.ctx.charge(t.num_ranges, s.base + offset, at)) return false;
  s.make_list(t.ranges, t.num_ranges);
  for (uint32_t i = 0; i < t.num_ranges; ++i) {
    const FieldPath rp = at.item("ranges", i);
    FieldReader rr(s.data.subspan(t.ranges_offset + size_t{i} * stride, stride),
                   s.base + t.ranges_offset + uint64_t{i} * stride, rp, s.ctx);
    DescriptorRange& d = t.ranges[i];
    (void)(rr.u32(d.range_type, "range_type") && rr.u32(d.num_descriptors, "num_descriptors") &&
           rr.u32(d.base_shader_register, "base_shader_register") && rr.u32(d.register_space, "register_space"));
    if (version != 1) (void)rr.u32(d.flags, "flags");
    (void)rr.u32(d.offset_in_descriptors_from_table_start, "offset_in_descriptors_from_table_start");
    if (!enum_name(EnumFamily::DescriptorRangeType, d.range_type))
      return s.ctx.fail(Code::invalid_value, rr.cursor().base(), rp,
                        strprintf("descriptor range type %u is out of range (0..3)", d.range_type));
  }
  return true;
}

bool parse_parameter(const PartScope& s, const FieldPath& at, uint32_t version, RootParameter& p) {
  switch (p.type) {
    case 0: {
      DescriptorTable t;
      if (!parse_table(s, at, version, p.offset, t)) return false;
      p.value = std::move(t);
      return true;
    }
    case 1: {
      auto r = sub_reader(s, at, p.offset, kRootConstantsSize, "root constants");
      RootConstants c;
      if (!r || !(r->u32(c.shader_register, "shader_register") && r->u32(c.register_space, "register_space") &&
                  r->u32(c.num_32bit_values, "num_32bit_values")))
        return false;
      p.value = c;
      return true;
    }
    case 2:
    case 3:
    case 4: {
      auto r = sub_reader(s, at, p.offset, version == 1 ? 8 : 12, "root descriptor");
      RootDescriptor d;
      if (!r || !r->u32(d.shader_register, "shader_register") || !r->u32(d.register_space, "register_space"))
        return false;
      if (version != 1 && !r->u32(d.flags, "flags")) return false;
      p.value = d;
      return true;
    }
    default:
      return s.ctx.fail(Code::invalid_value, s.base, at, strprintf("root parameter type %u is out of range (0..4)", p.type));
  }
}

}  // namespace

bool parse_root_signature(const PartScope& s, RootSignature& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  if (!(r.u32(out.version, "version") && r.u32(out.num_parameters, "num_parameters") &&
        r.u32(out.parameters_offset, "parameters_offset") && r.u32(out.num_static_samplers, "num_static_samplers") &&
        r.u32(out.static_samplers_offset, "static_samplers_offset") && r.u32(out.flags, "flags")))
    return false;
  if (out.version < 1 || out.version > 3)
    return r.fail_at(Code::unsupported_version, s.base, "version",
                     strprintf("root signature version %u (known: 1 = 1.0, 2 = 1.1, 3 = 1.2)", out.version));
  if ((out.flags & ~0xFFFu) != 0)
    r.warn(Code::unknown_enum_value, s.base + 20, "flags", strprintf("unknown root signature flags 0x%X", out.flags & ~0xFFFu));

  const uint64_t params_bytes = uint64_t{out.num_parameters} * 12;
  if (!range_fits(out.parameters_offset, params_bytes, s.data.size()))
    return r.fail_at(Code::count_too_large, s.base + 4, "num_parameters",
                     strprintf("%u parameter headers at %u do not fit in the %zu-byte part", out.num_parameters,
                               out.parameters_offset, s.data.size()));
  if (!s.ctx.charge(out.num_parameters, s.base + 4, s.at)) return false;
  s.make_list(out.parameters, out.num_parameters);
  for (uint32_t i = 0; i < out.num_parameters; ++i) {
    const FieldPath at = s.at.item("parameters", i);
    const uint64_t off = out.parameters_offset + uint64_t{i} * 12;
    FieldReader pr(s.data.subspan(static_cast<size_t>(off), 12), s.base + off, at, s.ctx);
    RootParameter& p = out.parameters[i];
    (void)(pr.u32(p.type, "type") && pr.u32(p.visibility, "visibility") && pr.u32(p.offset, "offset"));
    if (!enum_name(EnumFamily::ShaderVisibility, p.visibility))
      return pr.fail_at(Code::invalid_value, s.base + off + 4, "visibility",
                        strprintf("shader visibility %u is out of range (0..7)", p.visibility));
    if (!parse_parameter(s, at, out.version, p)) return false;
  }

  const uint32_t sampler_size = out.version == 3 ? 56 : 52;
  const uint64_t sampler_bytes = uint64_t{out.num_static_samplers} * sampler_size;
  if (!range_fits(out.static_samplers_offset, sampler_bytes, s.data.size()))
    return r.fail_at(Code::count_too_large, s.base + 12, "num_static_samplers",
                     strprintf("%u static samplers of %u bytes at %u do not fit in the %zu-byte part",
                               out.num_static_samplers, sampler_size, out.static_samplers_offset, s.data.size()));
  if (!s.ctx.charge(out.num_static_samplers, s.base + 12, s.at)) return false;
  s.make_list(out.static_samplers, out.num_static_samplers);
  for (uint32_t i = 0; i < out.num_static_samplers; ++i) {
    const FieldPath at = s.at.item("static_samplers", i);
    const uint64_t off = out.static_samplers_offset + uint64_t{i} * sampler_size;
    FieldReader sr(s.data.subspan(static_cast<size_t>(off), sampler_size), s.base + off, at, s.ctx);
    StaticSampler& x = out.static_samplers[i];
    (void)(sr.u32(x.filter, "filter") && sr.u32(x.address_u, "address_u") && sr.u32(x.address_v, "address_v") &&
           sr.u32(x.address_w, "address_w") && sr.u32(x.mip_lod_bias_bits, "mip_lod_bias") &&
           sr.u32(x.max_anisotropy, "max_anisotropy") && sr.u32(x.comparison_func, "comparison_func") &&
           sr.u32(x.border_color, "border_color") && sr.u32(x.min_lod_bits, "min_lod") &&
           sr.u32(x.max_lod_bits, "max_lod") && sr.u32(x.shader_register, "shader_register") &&
           sr.u32(x.register_space, "register_space") && sr.u32(x.shader_visibility, "shader_visibility"));
    if (out.version == 3) (void)sr.u32(x.flags, "flags");
  }
  return true;
}

}  // namespace sp::dxc
