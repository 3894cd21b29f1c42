// The path of the field being parsed, e.g. `parts[3].PSV0.resources[2]`,
// kept as a chain of stack frames so that it costs nothing until an error
// needs it rendered.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace sp {

class FieldPath {
 public:
  static constexpr int64_t kNoIndex = -1;

  // The root of a parse; `name` may be empty (the whole input).
  static FieldPath root(std::string_view name = {}) { return FieldPath(nullptr, name, kNoIndex); }

  // A child frame. It points at *this, so it must not outlive it: calling
  // these on a temporary is a compile error.
  [[nodiscard]] FieldPath field(std::string_view name) const& { return FieldPath(this, name, kNoIndex); }
  [[nodiscard]] FieldPath item(std::string_view name, uint64_t index) const& {
    return FieldPath(this, name, static_cast<int64_t>(index));
  }
  FieldPath field(std::string_view) const&& = delete;
  FieldPath item(std::string_view, uint64_t) const&& = delete;

  [[nodiscard]] std::string str() const;

 private:
  FieldPath(const FieldPath* parent, std::string_view name, int64_t index)
      : parent_(parent), name_(name), index_(index) {}

  const FieldPath* parent_;
  std::string_view name_;
  int64_t index_;
};

}  // namespace sp
