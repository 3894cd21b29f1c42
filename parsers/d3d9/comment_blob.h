// A comment block's records that point at each other by byte offsets from
// the first byte after the fourcc (the constant table's, the debug
// information's): strings and arrays checked to lie inside the block
// before anything reads them or is allocated for them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::d3d9 {

// What is wrong with a field, before the path of the field is rendered
// (a type's path is built only for a diagnostic).
struct Problem {
  Code code;
  uint64_t offset;
  std::string message;
};

class CommentBlob {
 public:
  // `data` starts after the fourcc at file offset `base`; `what` names the
  // block in messages ("the constant table").
  CommentBlob(Bytes data, uint64_t base, std::string_view what) : data_(data), base_(base), what_(what) {}

  [[nodiscard]] Bytes data() const { return data_; }
  [[nodiscard]] uint64_t base() const { return base_; }
  [[nodiscard]] uint32_t u32(uint64_t at) const { return load_le<uint32_t>(data_.data() + at); }
  [[nodiscard]] uint16_t u16(uint64_t at) const { return load_le<uint16_t>(data_.data() + at); }

  // The NUL-terminated string at `offset`, named by the field at file
  // offset `field`.
  [[nodiscard]] std::optional<Problem> string_problem(uint32_t offset, uint64_t field, FileText& out) const;
  // `count` records of `size` bytes at `offset` lie inside the block; the
  // two fields' file offsets name the culprit.
  [[nodiscard]] std::optional<Problem> array_problem(uint32_t offset, uint64_t count, uint32_t size,
                                                     uint64_t offset_field, uint64_t count_field) const;

 private:
  Bytes data_;
  uint64_t base_;
  std::string_view what_;
};

}  // namespace sp::d3d9
