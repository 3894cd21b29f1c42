// Findings about where the parts sit (duplicates, gaps, overlaps, order,
// alignment, header fields): legal layouts some readers reject, so they are
// warnings and callers choose their strictness.
#pragma once

#include "core/diagnostic.h"
#include "dxcontainer/model.h"
#include "dxcontainer/part_kinds.h"

namespace sp::dxc {

// Follows the part table entry by entry and tells whether check_layout has
// anything to report. It has not when the header says version 1 and the
// input's size, and the parts are 4-aligned, of distinct known kinds, and
// follow one another from the end of the offset table to the end of the
// input. fxc and dxc write nearly every container like this, so the full
// checks (a path per part, an order sort, a duplicate search) run only for
// the rest, and a clean table costs a few instructions per part.
class LayoutScan {
 public:
  explicit LayoutScan(uint64_t table_end) : next_(table_end) {}

  void add(uint32_t fourcc, uint32_t offset, uint32_t size) {
    // Every term is zero in a clean table; no branches for them.
    const uint64_t bit = uint64_t{1} << part_kind_index(fourcc);
    findings_ |= (offset ^ next_) | (offset % 4) | (bit & kUnknownKind) | (seen_ & bit);
    seen_ |= bit;
    next_ += kPartHeaderSize + uint64_t{size};
  }

  [[nodiscard]] bool clean(const Header& header, bool has_parts, uint64_t input_size) const {
    return findings_ == 0 && header.major == 1 && header.file_size == input_size && (!has_parts || next_ == input_size);
  }

 private:
  // Bit i of seen_: a part of kind i; unknown kinds share the last bit.
  static_assert(kPartKindCount < 64, "one bit per known kind");
  static constexpr uint64_t kUnknownKind = uint64_t{1} << kPartKindCount;

  uint64_t next_;  // where a part that follows the last one starts
  uint64_t seen_ = 0;
  uint64_t findings_ = 0;  // nonzero once there is something to report
};

// Reports every layout finding. `table_end` is where the part offset table
// ends (the earliest a part may start).
void check_layout(const Container& c, Bytes input, uint64_t table_end, Context& ctx);

}  // namespace sp::dxc
