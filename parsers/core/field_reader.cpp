#include "core/field_reader.h"

#include <cinttypes>

#include "core/strings.h"

namespace sp {

bool FieldReader::field_fail(Context& ctx, const FieldPath& at, Code code, uint64_t offset, std::string_view field,
                             std::string message) {
  if (field.empty()) return ctx.fail(code, offset, at, std::move(message));
  const FieldPath f = at.field(field);
  return ctx.fail(code, offset, f, std::move(message));
}

void FieldReader::field_warn(Context& ctx, const FieldPath& at, Code code, uint64_t offset, std::string_view field,
                             std::string message) {
  if (field.empty()) return ctx.warn(code, offset, at, std::move(message));
  const FieldPath f = at.field(field);
  ctx.warn(code, offset, f, std::move(message));
}

bool FieldReader::field_truncated(Context& ctx, const FieldPath& at, uint64_t offset, size_t remaining, uint64_t need,
                                  std::string_view field) {
  return field_fail(ctx, at, Code::truncated, offset, field,
                    strprintf("needs %llu bytes, %zu remain", static_cast<unsigned long long>(need), remaining));
}

void FieldReader::field_starts_past_end(Context& ctx, const FieldPath& at, uint64_t offset, uint64_t pos,
                                        size_t size) {
  field_fail(ctx, at, Code::truncated, offset, {},
             strprintf("starts %llu bytes in, past the end of %zu", static_cast<unsigned long long>(pos), size));
}

namespace {

// count * record can pass 2^64 only in a message: the checks divide.
FieldProblem too_many(uint64_t count, uint64_t record, uint64_t count_at, uint64_t start, uint64_t left) {
  const std::string need =
      count <= UINT64_MAX / record ? strprintf("%" PRIu64, count * record) : std::string("over 2^64");
  return {Code::count_too_large, count_at,
          strprintf("%" PRIu64 " records of %" PRIu64 " bytes at byte %" PRIu64 " need %s bytes, %" PRIu64 " remain",
                    count, record, start, need.c_str(), left)};
}

}  // namespace

FieldProblem FieldReader::count_problem(uint64_t count, uint64_t record, uint64_t count_at) const {
  return too_many(count, record, count_at, cur_.offset(), cur_.remaining());
}

std::optional<FieldProblem> FieldReader::table_problem(uint64_t origin, uint64_t offset, uint64_t count,
                                                       uint64_t record, uint64_t offset_at, uint64_t count_at) const {
  const size_t size = cur_.size();
  if (origin > size || offset > size - origin)
    return FieldProblem{Code::offset_out_of_bounds, offset_at,
                        strprintf("offset %" PRIu64 " from byte %" PRIu64 " is past the end of the %zu bytes at byte %" PRIu64,
                                  offset, cur_.base() + origin, size, cur_.base())};
  const uint64_t start = origin + offset;
  const uint64_t left = size - start;
  if (count <= left / record) return std::nullopt;
  return too_many(count, record, count_at, cur_.base() + start, left);
}

std::optional<FieldProblem> FieldReader::record_problem(uint64_t pos, uint64_t n, uint64_t field_at) const {
  const size_t size = cur_.size();
  if (pos <= size && n <= size - pos) return std::nullopt;
  return FieldProblem{Code::offset_out_of_bounds, field_at,
                      strprintf("%" PRIu64 " bytes at offset %" PRIu64 " are not all inside the %zu bytes at byte %" PRIu64,
                                n, pos, size, cur_.base())};
}

std::optional<FieldProblem> FieldReader::string_problem(uint64_t pos, uint64_t field_at, FileText& out) const {
  const Bytes data = cur_.data();
  if (pos >= data.size())
    return FieldProblem{Code::offset_out_of_bounds, field_at,
                        strprintf("string offset %" PRIu64 " is outside the %zu bytes at byte %" PRIu64, pos,
                                  data.size(), cur_.base())};
  const std::optional<FileText> s = cstring_at(data, pos);
  if (!s)
    return FieldProblem{Code::unterminated_string, cur_.base() + pos,
                        strprintf("the string at offset %" PRIu64 " runs to the end of its %zu bytes without a NUL", pos,
                                  data.size())};
  out = *s;
  return std::nullopt;
}

}  // namespace sp
