#include "core/field_reader.h"

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

}  // namespace sp
