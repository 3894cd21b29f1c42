// The tables that the constant table's and the debug information's
// headers locate: a u32 count, then a u32 offset from the comment's first
// byte after its fourcc; a diagnostic about either field names the table.
#pragma once

#include <optional>
#include <string_view>

#include "core/field_reader.h"

namespace sp::d3d9 {

// `count` records of `record` bytes at `offset` of `block` (a reader over
// the comment under path `at`), whose count field is at file offset
// `count_at`; the records' reader names its fields under `items`.
inline std::optional<FieldReader> comment_table(FieldReader& block, const FieldPath& at, std::string_view name,
                                                uint64_t count_at, uint32_t count, uint32_t offset, uint32_t record,
                                                const FieldPath& items) {
  return block.table(0, offset, count, record, {at, count_at + 4, name, count_at, name}, items);
}

}  // namespace sp::d3d9
