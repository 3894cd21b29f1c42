#include "dxcontainer/layout.h"

#include <algorithm>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/names.h"

namespace sp::dxc {
namespace {

// Duplicate part kinds. Real containers hold a dozen parts, so earlier
// parts are scanned directly; past kLinearScanParts the (fourcc, index)
// pairs are sorted instead, keeping the check O(n log n).
void warn_duplicates(const Container& c, Context& ctx) {
  constexpr size_t kLinearScanParts = 64;
  const FieldPath root = FieldPath::root();
  auto warn = [&](size_t first, size_t dup) {
    const FieldPath at = root.item("parts", dup);
    ctx.warn(Code::duplicate_part, c.parts[dup].offset, at,
             strprintf("another '%s' part (the first is parts[%zu])", fourcc_text(c.parts[dup].fourcc).c_str(), first));
  };
  const size_t n = c.parts.size();
  if (n <= kLinearScanParts) {
    for (size_t i = 1; i < n; ++i)
      for (size_t j = 0; j < i; ++j)
        if (c.parts[j].fourcc == c.parts[i].fourcc) {
          warn(j, i);
          break;
        }
    return;
  }
  std::vector<std::pair<uint32_t, uint32_t>> kinds(n);
  for (uint32_t i = 0; i < n; ++i) kinds[i] = {c.parts[i].fourcc, i};
  std::sort(kinds.begin(), kinds.end());
  size_t run_start = 0;  // first entry of the current run of one fourcc
  for (size_t k = 1; k < n; ++k) {
    if (kinds[k].first != kinds[k - 1].first) {
      run_start = k;
      continue;
    }
    warn(kinds[run_start].second, kinds[k].second);
  }
}

}  // namespace

void check_layout(const Container& c, Bytes input, uint64_t table_end, Context& ctx) {
  const FieldPath root = FieldPath::root();
  const FieldPath header = root.field("header");
  if (c.header.major != 1) {
    const FieldPath f = header.field("major_version");
    ctx.warn(Code::container_version, 24, f, strprintf("major version %u", c.header.major));
  }
  if (c.header.file_size != input.size()) {
    const FieldPath f = header.field("file_size");
    ctx.warn(Code::file_size_mismatch, 28, f,
             strprintf("FileSize %u, input is %zu bytes", c.header.file_size, input.size()));
  }

  const size_t n = c.parts.size();
  bool in_order = true;
  for (size_t i = 0; i < n; ++i) {
    const Part& p = c.parts[i];
    const FieldPath at = root.item("parts", i);
    if (p.offset < table_end)
      ctx.warn(Code::part_overlaps_header, p.offset, at,
               strprintf("part starts at %u, inside the header and offset table (%llu bytes)", p.offset,
                         static_cast<unsigned long long>(table_end)));
    if (p.offset % 4 != 0)
      ctx.warn(Code::part_misaligned, p.offset, at, strprintf("part starts at %u", p.offset));
    if (i > 0 && p.offset <= c.parts[i - 1].offset) in_order = false;
    if (part_treatment(p.fourcc) == PartTreatment::unknown)
      ctx.warn(Code::unknown_part, p.offset, at, "unknown part '" + fourcc_text(p.fourcc) + "'");
  }
  warn_duplicates(c, ctx);
  if (!in_order) ctx.warn(Code::parts_out_of_order, 32, root.field("part_offsets"), "part offsets are not increasing");

  // Walk the parts by offset (already the case in every real file, so the
  // sort is only paid for odd layouts).
  std::vector<uint32_t> order;
  if (!in_order) {
    order.resize(n);
    for (uint32_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return c.parts[a].offset != c.parts[b].offset ? c.parts[a].offset < c.parts[b].offset : a < b;
    });
  }
  uint64_t covered = table_end;  // end of the furthest part seen so far
  for (size_t k = 0; k < n; ++k) {
    const size_t index = in_order ? k : order[k];
    const Part& p = c.parts[index];
    const FieldPath at = root.item("parts", index);
    if (p.offset > covered) {
      ctx.warn(Code::gap_between_parts, covered, at,
               strprintf("%llu unused bytes before this part", static_cast<unsigned long long>(p.offset - covered)));
    } else if (p.offset < covered && p.offset >= table_end) {
      ctx.warn(Code::parts_overlap, p.offset, at, "part shares bytes with an earlier part");
    }
    covered = std::max(covered, uint64_t{p.offset} + kPartHeaderSize + p.size);
  }
  const uint64_t end = std::min<uint64_t>(c.header.file_size, input.size());
  if (!c.parts.empty() && covered < end) {
    ctx.warn(Code::gap_between_parts, covered, root.field("parts"),
             strprintf("%llu unused bytes after the last part", static_cast<unsigned long long>(end - covered)));
  }
}

}  // namespace sp::dxc
