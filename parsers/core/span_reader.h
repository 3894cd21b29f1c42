// A forward cursor over a byte span, after Chromium's base::SpanReader: every
// read either succeeds completely or changes nothing, so a failed read leaves
// position() where it was and the caller can report that exact offset.
#pragma once

#include <bit>
#include <optional>
#include <string_view>

#include "core/bytes.h"
#include "core/file_text.h"

namespace sp {

class SpanReader {
 public:
  // `base` is the absolute offset of data[0] in the whole input, so errors
  // raised deep inside a part still name a file offset.
  explicit SpanReader(Bytes data, uint64_t base = 0) : data_(data), base_(base) {}

  [[nodiscard]] size_t remaining() const { return data_.size() - pos_; }
  [[nodiscard]] size_t position() const { return pos_; }
  [[nodiscard]] size_t size() const { return data_.size(); }
  [[nodiscard]] uint64_t offset() const { return base_ + pos_; }
  [[nodiscard]] uint64_t base() const { return base_; }
  [[nodiscard]] Bytes data() const { return data_; }
  [[nodiscard]] Bytes rest() const { return data_.subspan(pos_); }

  [[nodiscard]] bool read_u8(uint8_t& v) { return read_int(v); }
  [[nodiscard]] bool read_u16_le(uint16_t& v) { return read_int(v); }
  [[nodiscard]] bool read_u32_le(uint32_t& v) { return read_int(v); }
  [[nodiscard]] bool read_u64_le(uint64_t& v) { return read_int(v); }

  // The next n bytes, or nothing (and no movement) when fewer remain.
  [[nodiscard]] std::optional<Bytes> read(uint64_t n) {
    if (n > remaining()) return std::nullopt;
    Bytes out = data_.subspan(pos_, static_cast<size_t>(n));
    pos_ += static_cast<size_t>(n);
    return out;
  }

  [[nodiscard]] bool skip(uint64_t n) {
    if (n > remaining()) return false;
    pos_ += static_cast<size_t>(n);
    return true;
  }

  // Moves to an absolute position inside data(); the end itself is allowed.
  [[nodiscard]] bool seek(uint64_t pos) {
    if (pos > data_.size()) return false;
    pos_ = static_cast<size_t>(pos);
    return true;
  }

 private:
  template <typename T>
  bool read_int(T& v) {
    if (sizeof(T) > remaining()) return false;
    v = load_le<T>(data_.data() + pos_);
    pos_ += sizeof(T);
    return true;
  }

  Bytes data_;
  size_t pos_ = 0;
  uint64_t base_;
};

// A NUL-terminated string that starts at `offset` and ends inside b (bounded
// search: never reads past b). Nothing when offset is outside b or there is no
// terminator before the end. Eight bytes at a time, and always inline:
// parsers call it once per name, names are short, and a call (to it or to
// memchr) costs more than the search; its result would also come back
// through memory and make the caller's next load wait.
[[nodiscard, gnu::always_inline]] inline std::optional<FileText> cstring_at(Bytes b, uint64_t offset) {
  if (offset >= b.size()) return std::nullopt;
  const auto* start = b.data() + offset;
  const size_t max = b.size() - static_cast<size_t>(offset);
  auto text = [start](size_t length) { return FileText(std::string_view(reinterpret_cast<const char*>(start), length)); };
  size_t i = 0;
  for (; max - i >= 8; i += 8) {
    // The lowest set bit of `zero` marks the first zero byte (bits above a
    // zero byte may be set spuriously; that one never is).
    const uint64_t v = load_le<uint64_t>(start + i);
    const uint64_t zero = (v - 0x0101010101010101u) & ~v & 0x8080808080808080u;
    if (zero != 0) return text(i + static_cast<size_t>(std::countr_zero(zero)) / 8);
  }
  for (; i < max; ++i)
    if (start[i] == 0) return text(i);
  return std::nullopt;
}

// A view of little-endian u32 values stored at any alignment.
class U32Array {
 public:
  U32Array() = default;
  explicit U32Array(Bytes bytes) : bytes_(bytes) {}
  [[nodiscard]] size_t size() const { return bytes_.size() / 4; }
  [[nodiscard]] bool empty() const { return bytes_.size() < 4; }
  [[nodiscard]] uint32_t operator[](size_t i) const { return load_le<uint32_t>(bytes_.data() + 4 * i); }
  [[nodiscard]] Bytes bytes() const { return bytes_; }

 private:
  Bytes bytes_;
};

}  // namespace sp
