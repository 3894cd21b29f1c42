// A SpanReader that knows where it is (field path, Context) so that a failed
// read becomes a precise diagnostic in one line:
//
//   uint32_t count;
//   if (!r.u32(count, "count")) return false;   // -> truncated at <offset>: <path>.count
#pragma once

#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "core/span_reader.h"

namespace sp {

// The reads are always inlined: called out of line, a read stores its
// result through a pointer that the caller loads back at once, and that
// load waits for the store.
class FieldReader {
 public:
  FieldReader(Bytes data, uint64_t base, const FieldPath& at, Context& ctx)
      : cur_(data, base), at_(at), ctx_(ctx) {}

  [[gnu::always_inline]] bool u8(uint8_t& v, std::string_view field) { return cur_.read_u8(v) || truncated(1, field); }
  [[gnu::always_inline]] bool u16(uint16_t& v, std::string_view field) { return cur_.read_u16_le(v) || truncated(2, field); }
  [[gnu::always_inline]] bool u32(uint32_t& v, std::string_view field) { return cur_.read_u32_le(v) || truncated(4, field); }
  [[gnu::always_inline]] bool u64(uint64_t& v, std::string_view field) { return cur_.read_u64_le(v) || truncated(8, field); }

  [[gnu::always_inline]] bool bytes(uint64_t n, Bytes& out, std::string_view field) {
    auto b = cur_.read(n);
    if (!b) return truncated(n, field);
    out = *b;
    return true;
  }
  [[gnu::always_inline]] bool skip(uint64_t n, std::string_view field) { return cur_.skip(n) || truncated(n, field); }

  // Fails with `code` at the current offset, naming `field` under this path.
  bool fail(Code code, std::string_view field, std::string message) {
    return fail_at(code, cur_.offset(), field, std::move(message));
  }
  bool fail_at(Code code, uint64_t offset, std::string_view field, std::string message) {
    return field_fail(ctx_, at_, code, offset, field, std::move(message));
  }
  void warn(Code code, uint64_t offset, std::string_view field, std::string message) {
    field_warn(ctx_, at_, code, offset, field, std::move(message));
  }

  SpanReader& cursor() { return cur_; }
  [[nodiscard]] const FieldPath& path() const { return at_; }
  [[nodiscard]] Context& ctx() const { return ctx_; }
  [[nodiscard]] uint64_t offset() const { return cur_.offset(); }
  [[nodiscard]] size_t remaining() const { return cur_.remaining(); }

 private:
  bool truncated(uint64_t need, std::string_view field) {
    return field_truncated(ctx_, at_, cur_.offset(), cur_.remaining(), need, field);
  }

  // The diagnostic paths, out of line and given values rather than the
  // reader: a reader whose address never escapes lives in registers, so a
  // read is a compare, a load and an add.
  static bool field_fail(Context& ctx, const FieldPath& at, Code code, uint64_t offset, std::string_view field,
                         std::string message);
  static void field_warn(Context& ctx, const FieldPath& at, Code code, uint64_t offset, std::string_view field,
                         std::string message);
  static bool field_truncated(Context& ctx, const FieldPath& at, uint64_t offset, size_t remaining, uint64_t need,
                              std::string_view field);

  SpanReader cur_;
  const FieldPath& at_;
  Context& ctx_;
};

}  // namespace sp
