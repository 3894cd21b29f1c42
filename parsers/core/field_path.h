// The path of the field being parsed, e.g. `parts[3].PSV0.resources[2]`,
// kept as a chain of stack frames so that it costs nothing until an error
// needs it rendered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sp {

class FieldPath {
 public:
  static constexpr int64_t kNoIndex = -1;

  // The root of a parse; `name` may be empty (the whole input), or a whole
  // path rendered elsewhere ("blocks[0].X.records[3]", the bitstream
  // reader's), whose dots str() counts as frames too.
  static FieldPath root(std::string_view name = {}) { return FieldPath(nullptr, name, kNoIndex); }

  // A child frame. It points at *this, so it must not outlive it: calling
  // these on a temporary is a compile error.
  [[nodiscard]] FieldPath field(std::string_view name) const& { return FieldPath(this, name, kNoIndex); }
  [[nodiscard]] FieldPath item(std::string_view name, uint64_t index) const& {
    return FieldPath(this, name, static_cast<int64_t>(index));
  }
  FieldPath field(std::string_view) const&& = delete;
  FieldPath item(std::string_view, uint64_t) const&& = delete;

  // The item a loop over `list` is at, and its name. A loop keeps one
  // cursor() frame and updates the Cursor for each item, which is cheaper
  // than building an item() and a field() frame per item for the rare item
  // that reports something; it renders as `<list>[<index>].<name>` with the
  // values the Cursor holds at that moment.
  struct Cursor {
    uint64_t index = 0;
    std::string_view name;
  };
  [[nodiscard]] FieldPath cursor(std::string_view list, const Cursor& at) const& {
    return FieldPath(this, list, kNoIndex, &at);
  }
  FieldPath cursor(std::string_view, const Cursor&) const&& = delete;

  // The path as diagnostics print it: a path of more than kElideAbove
  // frames (a structure nested as deep as its input allows, once a user
  // raises --max-depth) keeps its first and last kKeptFrames around
  // "...(N more)...", so no diagnostic grows with its input.
  [[nodiscard]] std::string str() const;
  static constexpr size_t kElideAbove = 32;
  static constexpr size_t kKeptFrames = 8;

 private:
  void append_to(std::string& out) const;

  FieldPath(const FieldPath* parent, std::string_view name, int64_t index, const Cursor* cursor = nullptr)
      : parent_(parent), name_(name), index_(index), cursor_(cursor) {}

  const FieldPath* parent_;
  std::string_view name_;
  int64_t index_;
  const Cursor* cursor_;
};

}  // namespace sp
