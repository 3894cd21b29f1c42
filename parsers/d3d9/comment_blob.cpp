#include "d3d9/comment_blob.h"

#include <cinttypes>

#include "core/span_reader.h"
#include "core/strings.h"

namespace sp::d3d9 {

std::optional<Problem> CommentBlob::string_problem(uint32_t offset, uint64_t field, FileText& out) const {
  if (offset >= data_.size())
    return Problem{Code::offset_out_of_bounds, field,
                   strprintf("string offset %u is outside %s's %zu bytes", offset, std::string(what_).c_str(),
                             data_.size())};
  const std::optional<FileText> s = cstring_at(data_, offset);
  if (!s) return Problem{Code::unterminated_string, base_ + offset, "the string runs to the end of the comment without a NUL"};
  out = *s;
  return std::nullopt;
}

std::optional<Problem> CommentBlob::array_problem(uint32_t offset, uint64_t count, uint32_t size,
                                                  uint64_t offset_field, uint64_t count_field) const {
  if (offset > data_.size())
    return Problem{Code::offset_out_of_bounds, offset_field,
                   strprintf("offset %u is outside %s's %zu bytes", offset, std::string(what_).c_str(), data_.size())};
  if (count > (data_.size() - offset) / size)
    return Problem{Code::count_too_large, count_field,
                   strprintf("%" PRIu64 " records of %u bytes at offset %u do not fit %s's %zu bytes", count, size,
                             offset, std::string(what_).c_str(), data_.size())};
  return std::nullopt;
}

}  // namespace sp::d3d9
