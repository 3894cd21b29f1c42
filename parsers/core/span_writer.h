// The writing counterpart of SpanReader: a growable little-endian byte
// appender (after Chromium's base::SpanWriter, but owning a std::vector so
// writers need not size their output up front). Byte order is part of every
// name; values are stored by copy (store_le), never through a cast pointer.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bytes.h"

namespace sp {

class ByteWriter {
 public:
  ByteWriter() = default;

  [[nodiscard]] size_t size() const { return buf_.size(); }
  [[nodiscard]] Bytes bytes() const { return buf_; }
  [[nodiscard]] std::vector<uint8_t> take() { return std::move(buf_); }

  void put_u8(uint8_t v) { buf_.push_back(v); }
  void put_u16_le(uint16_t v) { put_int(v); }
  void put_u32_le(uint32_t v) { put_int(v); }
  void put_u64_le(uint64_t v) { put_int(v); }

  void put_bytes(Bytes b) { buf_.insert(buf_.end(), b.begin(), b.end()); }
  void put_chars(std::string_view s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
  // The characters of s followed by a NUL.
  void put_cstring(std::string_view s) {
    put_chars(s);
    put_u8(0);
  }
  void put_zeros(size_t n) { buf_.insert(buf_.end(), n, uint8_t{0}); }
  // Zero bytes up to the next multiple of 4 of size().
  void pad_to_4() { put_zeros(static_cast<size_t>(align_up4(buf_.size()) - buf_.size())); }

  // Makes what was written since `start` exactly `n` bytes long: zero
  // padding, or cutting off its end (records written at a stride other
  // than their size). `start` past the end is a bug in the caller.
  void fit_since(size_t start, size_t n) {
    if (start > buf_.size()) throw std::out_of_range("ByteWriter::fit_since past the end");
    buf_.resize(start + n);
  }

  // Overwrites 4 bytes already written at `offset` (a field whose value is
  // known only later, such as an offset or a size). Writing past the end is
  // a bug in the caller, not something the data can cause.
  void patch_u32_le(size_t offset, uint32_t v) { store_le_at(buf_, offset, v); }

 private:
  template <typename T>
  void put_int(T v) {
    const size_t at = buf_.size();
    buf_.resize(at + sizeof(T));
    store_le(buf_.data() + at, v);
  }

  std::vector<uint8_t> buf_;
};

}  // namespace sp
