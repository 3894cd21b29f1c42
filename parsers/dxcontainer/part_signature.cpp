// Signature parts. Header {u32 ParamCount, u32 FirstParamOffset}, then
// ParamCount elements at FirstParamOffset; name offsets count from the start
// of the part. Element sizes: ISG1/OSG1/PSG1 32 bytes, fxc's ISGN/OSGN/PCSG
// 24 (no Stream, no MinPrecision), OSG5 28 (Stream first).
#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {
namespace {

// By SignatureLayout: a load, where a switch compiles to a chain of
// compares and selects.
constexpr uint32_t kElementSizes[] = {32, 24, 28};
static_assert(static_cast<int>(SignatureLayout::sg1) == 0 && static_cast<int>(SignatureLayout::legacy) == 1 &&
              static_cast<int>(SignatureLayout::osg5) == 2);

constexpr uint32_t element_size(SignatureLayout layout) { return kElementSizes[static_cast<size_t>(layout)]; }

// Element i's name offset leads to no NUL-terminated string in the part.
[[gnu::cold]] bool fail_name(const PartScope& s, const Signature& sig, uint32_t i) {
  const uint32_t name_offset = sig.elements[i].name_offset;
  const Code code = name_offset >= s.data.size() ? Code::offset_out_of_bounds : Code::unterminated_string;
  const FieldPath at = s.at.item("elements", i);
  const FieldPath field = at.field("name_offset");
  const uint64_t element_offset = s.base + sig.first_param_offset + uint64_t{i} * element_size(sig.layout);
  return s.ctx.fail(code, element_offset + (sig.layout == SignatureLayout::legacy ? 0 : 4), field,
                    strprintf("name at part offset %u %s", name_offset,
                              code == Code::offset_out_of_bounds ? "is past the end of the part"
                                                                 : "is not NUL-terminated inside the part"));
}

}  // namespace

bool parse_signature(const PartScope& s, SignatureLayout layout, Signature& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  out.layout = layout;
  if (!r.u32(out.param_count, "param_count") || !r.u32(out.first_param_offset, "first_param_offset")) return false;

  const uint32_t stride = element_size(layout);
  const uint64_t table_bytes = uint64_t{out.param_count} * stride;
  if (!range_fits(out.first_param_offset, table_bytes, s.data.size()))
    return r.fail_at(Code::count_too_large, s.base, "param_count",
                     strprintf("%u elements of %u bytes at offset %u do not fit in a %zu-byte part",
                               out.param_count, stride, out.first_param_offset, s.data.size()));
  if (!s.ctx.charge(out.param_count, s.base, s.at)) return false;

  if (out.param_count != 0) s.make_list(out.elements, out.param_count);
  const uint8_t* e = s.data.data() + out.first_param_offset;
  for (uint32_t i = 0; i < out.param_count; ++i, e += stride) {
    // The whole table was bounds-checked above: decode fields directly.
    SignatureElement& el = out.elements[i];
    const uint8_t* f = e;
    if (layout != SignatureLayout::legacy) {
      el.stream = load_le<uint32_t>(f);
      f += 4;
    }
    el.name_offset = load_le<uint32_t>(f);
    el.semantic_index = load_le<uint32_t>(f + 4);
    el.system_value = load_le<uint32_t>(f + 8);
    el.component_type = load_le<uint32_t>(f + 12);
    el.reg = load_le<uint32_t>(f + 16);
    el.mask = f[20];
    el.exclusive_mask = f[21];
    el.unused = load_le<uint16_t>(f + 22);
    if (layout == SignatureLayout::sg1) el.min_precision = load_le<uint32_t>(f + 24);

    // Offset 0 means "no name" (seed: ProgramSignatureElement.NameOffset).
    if (el.name_offset == 0) continue;
    auto name = cstring_at(s.data, el.name_offset);
    if (!name) return fail_name(s, out, i);
    el.name = *name;
  }
  return true;
}

}  // namespace sp::dxc
