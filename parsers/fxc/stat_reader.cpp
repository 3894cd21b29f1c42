// STAT, field by field. Every size is accepted: the chunk is statistics,
// nothing else in the file depends on it, and a reader that insisted on
// 29 or 37 DWORDs would lose the fields a newer compiler's longer chunk
// still holds in the same places.
#include <algorithm>

#include "core/field_reader.h"
#include "core/strings.h"
#include "fxc/stat.h"

namespace sp::fxc {

bool parse_stat(const ChunkScope& s, Stat& out) {
  const uint64_t dwords = s.data.size() / 4;
  if (s.data.size() % 4 != 0 || std::find(kStatLayouts.begin(), kStatLayouts.end(), dwords) == kStatLayouts.end())
    s.ctx.warn(Code::stat_size_unknown, s.base, s.at,
               strprintf("%zu bytes: none of the 28-, 29- and 37-DWORD layouts; the first %llu DWORDs are decoded",
                         s.data.size(), static_cast<unsigned long long>(std::min<uint64_t>(dwords, std::size(kStatFields)))));
  FieldReader r(s.data, s.base, s.at, s.ctx);
  out.fields_present = static_cast<uint32_t>(std::min<uint64_t>(dwords, std::size(kStatFields)));
  for (uint32_t i = 0; i < out.fields_present; ++i)
    if (!r.u32(out.*kStatFields[i].member, kStatFields[i].name)) return false;
  return r.bytes(r.remaining(), out.extra, "extra");
}

}  // namespace sp::fxc
