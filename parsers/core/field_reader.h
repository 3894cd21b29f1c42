// A SpanReader that knows where it is (field path, Context) so that a failed
// read becomes a precise diagnostic in one line:
//
//   uint32_t count;
//   if (!r.u32(count, "count")) return false;   // -> truncated at <offset>: <path>.count
//
// Formats whose structures are found by offsets rather than in order take
// each structure as a reader of its own: sub() for a header, record() for
// what a field points at, table() for an offset and a count, which checks
// that the records are all there before anything is allocated for them.
// Positions count from data[0]; diagnostics name file offsets (base).
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.h"
#include "core/span_reader.h"

namespace sp {

// What is wrong with a field, for callers that name the field only once
// something is (a path that costs a string to build).
struct FieldProblem {
  Code code;
  uint64_t offset;
  std::string message;
};

// Where a table's offset and count were read, for its diagnostics: their
// file offsets, and their names under `path` ("" names `path` itself).
struct TableFields {
  const FieldPath& path;
  uint64_t offset_at;
  std::string_view offset;
  uint64_t count_at;
  std::string_view count;
};

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
  template <size_t N>
  [[gnu::always_inline]] bool bytes(std::array<uint8_t, N>& out, std::string_view field) {
    auto b = cur_.read(N);
    if (!b) return truncated(N, field);
    std::copy(b->begin(), b->end(), out.begin());
    return true;
  }

  // The same reads named by a whole path instead of a field under this
  // reader's: a loop's cursor() path, whose item and field the loop sets.
  [[gnu::always_inline]] bool u8(uint8_t& v, const FieldPath& at) { return cur_.read_u8(v) || truncated_at(1, at); }
  [[gnu::always_inline]] bool u16(uint16_t& v, const FieldPath& at) { return cur_.read_u16_le(v) || truncated_at(2, at); }
  [[gnu::always_inline]] bool u32(uint32_t& v, const FieldPath& at) { return cur_.read_u32_le(v) || truncated_at(4, at); }
  [[gnu::always_inline]] bool bytes(uint64_t n, Bytes& out, const FieldPath& at) {
    auto b = cur_.read(n);
    if (!b) return truncated_at(n, at);
    out = *b;
    return true;
  }
  template <size_t N>
  [[gnu::always_inline]] bool bytes(std::array<uint8_t, N>& out, const FieldPath& at) {
    auto b = cur_.read(N);
    if (!b) return truncated_at(N, at);
    std::copy(b->begin(), b->end(), out.begin());
    return true;
  }

  // The n bytes at `pos` as a reader of their own, naming its fields under
  // `path` (which must outlive it); nothing, and `truncated` at pos under
  // `path`, when they are not all there.
  [[nodiscard]] std::optional<FieldReader> sub(uint64_t pos, uint64_t n, const FieldPath& path) {
    const size_t size = cur_.size();
    if (pos <= size && n <= size - pos) return slice(pos, n, path);
    if (pos <= size) {
      field_truncated(ctx_, path, cur_.base() + pos, size - pos, n, {});
    } else {
      field_starts_past_end(ctx_, path, cur_.base() + pos, pos, size);
    }
    return std::nullopt;
  }

  // The n bytes at `pos` that the field at `field_at` points at, as a
  // reader of their own under `path` (which must outlive it); nothing, and
  // offset_out_of_bounds at the field, when they are not all inside.
  [[nodiscard]] std::optional<FieldReader> record(uint64_t pos, uint64_t n, uint64_t field_at, const FieldPath& path) {
    if (auto p = record_problem(pos, n, field_at)) {
      fail_with(*p, path, {});
      return std::nullopt;
    }
    return slice(pos, n, path);
  }
  [[nodiscard]] std::optional<FieldProblem> record_problem(uint64_t pos, uint64_t n, uint64_t field_at) const;

  // `count` records of at least `record` bytes from the current position
  // fit the bytes left, or count_too_large at the count field (at `path`).
  [[gnu::always_inline]] bool fits(uint64_t count, uint64_t record, uint64_t count_at, const FieldPath& path) {
    return count <= remaining() / record || fail_with(count_problem(count, record, count_at), path, {});
  }

  // A table of `count` records of `record` bytes at `origin + offset`, as
  // a reader of its own naming its fields under `items` (which must outlive
  // it); nothing, and a failure at the offset or the count field, when the
  // records are not all there. Nothing is allocated before the check.
  [[nodiscard]] std::optional<FieldReader> table(uint64_t origin, uint64_t offset, uint64_t count, uint64_t record,
                                                 const TableFields& f, const FieldPath& items) {
    if (auto p = table_problem(origin, offset, count, record, f.offset_at, f.count_at)) {
      fail_with(*p, f.path, p->code == Code::offset_out_of_bounds ? f.offset : f.count);
      return std::nullopt;
    }
    return slice(origin + offset, count * record, items);
  }
  [[nodiscard]] std::optional<FieldProblem> table_problem(uint64_t origin, uint64_t offset, uint64_t count,
                                                          uint64_t record, uint64_t offset_at, uint64_t count_at) const;

  // The NUL-terminated string at `pos`, read from the field at `field_at`:
  // it starts inside the data and ends before its end.
  bool string(uint64_t pos, uint64_t field_at, const FieldPath& path, FileText& out) {
    if (auto p = string_problem(pos, field_at, out)) return fail_with(*p, path, {});
    return true;
  }
  [[nodiscard]] std::optional<FieldProblem> string_problem(uint64_t pos, uint64_t field_at, FileText& out) const;

  bool fail_with(const FieldProblem& p, const FieldPath& path, std::string_view field) {
    return field_fail(ctx_, path, p.code, p.offset, field, p.message);
  }

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
  [[nodiscard]] Bytes rest() const { return cur_.rest(); }

 private:
  // [pos, pos + n), known to be inside the data.
  FieldReader slice(uint64_t pos, uint64_t n, const FieldPath& path) const {
    return FieldReader(cur_.data().subspan(static_cast<size_t>(pos), static_cast<size_t>(n)), cur_.base() + pos, path,
                       ctx_);
  }
  bool truncated(uint64_t need, std::string_view field) {
    return field_truncated(ctx_, at_, cur_.offset(), cur_.remaining(), need, field);
  }
  bool truncated_at(uint64_t need, const FieldPath& at) {
    return field_truncated(ctx_, at, cur_.offset(), cur_.remaining(), need, {});
  }
  [[nodiscard]] FieldProblem count_problem(uint64_t count, uint64_t record, uint64_t count_at) const;

  // The diagnostic paths, out of line and given values rather than the
  // reader: a reader whose address never escapes lives in registers, so a
  // read is a compare, a load and an add.
  static bool field_fail(Context& ctx, const FieldPath& at, Code code, uint64_t offset, std::string_view field,
                         std::string message);
  static void field_warn(Context& ctx, const FieldPath& at, Code code, uint64_t offset, std::string_view field,
                         std::string message);
  // `truncated` for a structure `pos` bytes into `size`, past their end:
  // "needs n bytes, 0 remain" would be wrong for n = 0 and hide that the
  // start itself is out of them.
  static void field_starts_past_end(Context& ctx, const FieldPath& at, uint64_t offset, uint64_t pos, size_t size);
  static bool field_truncated(Context& ctx, const FieldPath& at, uint64_t offset, size_t remaining, uint64_t need,
                              std::string_view field);

  SpanReader cur_;
  const FieldPath& at_;
  Context& ctx_;
};

}  // namespace sp
