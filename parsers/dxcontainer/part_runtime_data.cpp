// RDAT: {u32 Version (0x10), u32 PartCount}, PartCount u32 offsets relative
// to the start of the RDAT data, each to {u32 Type, u32 Size} + Size bytes.
// Table sections start with {u32 RecordCount, u32 RecordStride}; their
// product is computed in 64 bits (DXC's reader multiplies in 32).
#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {
namespace {

constexpr uint32_t kRdatVersion = 0x10;

// String buffers, index arrays and raw bytes are not tables; every other
// section type DXC writes (resources, functions, subobjects, nodes) is.
bool is_table_type(uint32_t type) { return type != 0 && type != 1 && type != 2 && type != 5; }

}  // namespace

bool parse_runtime_data(const PartScope& s, RuntimeData& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  uint32_t count = 0;
  if (!r.u32(out.version, "version")) return false;
  // DXC reads a first word below 0x10 as the part count of the prerelease
  // layout (RDAT_Version_10 was chosen so the two cannot be confused).
  if (out.version < kRdatVersion) {
    r.warn(Code::legacy_layout, s.base, "version", strprintf("prerelease RDAT layout (%u tables)", out.version));
    return true;
  }
  if (out.version != kRdatVersion)
    return r.fail_at(Code::unsupported_version, s.base, "version", strprintf("RDAT version 0x%X (known: 0x10)", out.version));
  if (!r.u32(count, "section_count")) return false;
  if (uint64_t{count} * 4 > r.remaining())
    return r.fail(Code::count_too_large, "section_count",
                  strprintf("%u section offsets need %llu bytes, %zu remain", count,
                            static_cast<unsigned long long>(uint64_t{count} * 4), r.remaining()));
  if (!s.ctx.charge(count, s.base + 4, s.at)) return false;
  s.make_list(out.sections, count);
  for (uint32_t i = 0; i < count; ++i) {
    RdatSection& sec = out.sections[i];
    (void)r.u32(sec.offset, "offsets");
    const FieldPath at = s.at.item("sections", i);
    if (sec.offset % 4 != 0)
      s.ctx.warn(Code::part_misaligned, s.base + 8 + uint64_t{i} * 4, at, strprintf("section offset %u is not 4-aligned", sec.offset));
    auto header = slice(s.data, sec.offset, 8);
    if (!header)
      return s.ctx.fail(Code::offset_out_of_bounds, s.base + 8 + uint64_t{i} * 4, at,
                        strprintf("section header at %u is outside the %zu-byte part", sec.offset, s.data.size()));
    FieldReader h(s.data.subspan(sec.offset), s.base + sec.offset, at, s.ctx);
    (void)(h.u32(sec.type, "type") && h.u32(sec.size, "size"));
    if (!h.bytes(sec.size, sec.data, "data")) return false;
    if (sec.size % 4 != 0) s.ctx.warn(Code::part_size_mismatch, s.base + sec.offset + 4, at, strprintf("section size %u is not 4-aligned", sec.size));
    if (!is_table_type(sec.type)) continue;
    sec.is_table = true;
    FieldReader t(sec.data, s.base + sec.offset + 8, at, s.ctx);
    if (!t.u32(sec.record_count, "record_count") || !t.u32(sec.record_stride, "record_stride")) return false;
    const uint64_t bytes = uint64_t{sec.record_count} * sec.record_stride;
    if (bytes > t.remaining())
      return t.fail(Code::count_too_large, "record_count",
                    strprintf("%u records of %u bytes need %llu, %zu remain", sec.record_count, sec.record_stride,
                              static_cast<unsigned long long>(bytes), t.remaining()));
    if (sec.record_count > 0 && sec.record_stride == 0)
      return t.fail_at(Code::invalid_stride, s.base + sec.offset + 12, "record_stride", "records of 0 bytes");
  }
  return true;
}

}  // namespace sp::dxc
