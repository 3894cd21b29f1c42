// A forward cursor over the bits of a byte span, the bit-level sibling of
// core/span_reader.h: LLVM bitstreams pack fields LSB-first into
// little-endian 32-bit words, so bit i of the stream is bit (i % 8) of byte
// i / 8. Every read either succeeds completely or changes nothing, so a
// failed read leaves position() at the start of the field that failed and the
// caller can report that exact bit.
//
// Loads copy 8 bytes at a time (load_le, any alignment); near the end of the
// span the remaining bytes are copied into a zeroed word, never read past.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/bytes.h"

namespace sp::bitstream {

// How a VBR read can fail, so callers can name the right diagnostic.
enum class ReadStatus : uint8_t { ok, truncated, vbr_too_long };

class BitCursor {
 public:
  BitCursor() = default;
  // `base_bit` is the absolute bit offset of data[0] in the whole input.
  explicit BitCursor(Bytes data, uint64_t base_bit = 0)
      : data_(data), size_bits_(static_cast<uint64_t>(data.size()) * 8), base_bit_(base_bit) {}

  [[nodiscard]] uint64_t position() const { return pos_; }          // bits from data[0]
  [[nodiscard]] uint64_t bit_offset() const { return base_bit_ + pos_; }  // bits from the input's start
  [[nodiscard]] uint64_t base_bit() const { return base_bit_; }
  [[nodiscard]] uint64_t size_bits() const { return size_bits_; }
  [[nodiscard]] uint64_t remaining_bits() const { return size_bits_ - pos_; }
  [[nodiscard]] bool at_end() const { return pos_ == size_bits_; }
  [[nodiscard]] Bytes data() const { return data_; }

  // `width` (0..64) bits as an unsigned value.
  [[nodiscard, gnu::always_inline]] bool read_fixed(unsigned width, uint64_t& v) {
    if (width > remaining_bits() || width > 64) return false;
    v = peek(width);
    pos_ += width;
    return true;
  }

  // A variable-width integer in chunks of `width` (2..32) bits: the top bit
  // of each chunk says another follows, the rest are value bits, least
  // significant chunk first. A value with more than `max_bits` (<= 64)
  // significant bits, or a chain that continues past them, is vbr_too_long:
  // LLVM's ReadVBR64 stops at the same point ("Unterminated VBR") but keeps
  // the low bits of an overlong last chunk silently.
  [[nodiscard, gnu::always_inline]] ReadStatus read_vbr(unsigned width, uint64_t& v, unsigned max_bits = 64) {
    // Most values fit one chunk: one load, no loop.
    if (width <= remaining_bits()) {
      const uint64_t piece = peek(width);
      if ((piece & (uint64_t{1} << (width - 1))) == 0) {
        pos_ += width;
        v = piece;
        return ReadStatus::ok;
      }
    }
    return read_vbr_chain(width, v, max_bits);
  }

  // A chain of chunks. The common case (a chain inside the next 57 bits)
  // takes one load: the first chunk whose continuation bit is clear is
  // found with one mask and a count of trailing zeros, then the value bits
  // are gathered. Longer chains go chunk by chunk.
  [[nodiscard]] ReadStatus read_vbr_chain(unsigned width, uint64_t& v, unsigned max_bits) {
    const uint64_t window = load8(pos_ >> 3) >> (pos_ & 7);  // >= 57 valid bits (zeros past the end)
    const uint64_t stops = ~window & kContinuationBits[width];
    if (stops == 0) return read_vbr_long(width, v, max_bits);
    const unsigned value_bits = width - 1;
    const auto chunks = static_cast<unsigned>(std::countr_zero(stops)) / width + 1;
    // Past the end the window holds zeros, which read as a last chunk.
    if (uint64_t{chunks} * width > remaining_bits()) return ReadStatus::truncated;
    // As in read_vbr_long: no chunk may continue at or past max_bits, and
    // the last one may not carry value bits beyond it.
    const unsigned last_shift = (chunks - 1) * value_bits;
    if (last_shift >= max_bits) return ReadStatus::vbr_too_long;
    const uint64_t value_mask = (uint64_t{1} << value_bits) - 1;
    const uint64_t last = (window >> ((chunks - 1) * width)) & value_mask;
    if (last_shift + value_bits > max_bits && (last >> (max_bits - last_shift)) != 0) return ReadStatus::vbr_too_long;
    uint64_t result = 0;
    for (unsigned i = 0; i < chunks; ++i) result |= ((window >> (i * width)) & value_mask) << (i * value_bits);
    pos_ += uint64_t{chunks} * width;
    v = result;
    return ReadStatus::ok;
  }

  // Chains longer than one window, chunk by chunk.
  [[nodiscard]] ReadStatus read_vbr_long(unsigned width, uint64_t& v, unsigned max_bits) {
    const unsigned value_bits = width - 1;
    const uint64_t flag = uint64_t{1} << value_bits;
    const uint64_t mask = (uint64_t{1} << width) - 1;
    const uint64_t limit = remaining_bits();
    uint64_t used = 0;  // bits of the chain read so far
    uint64_t window = 0;
    unsigned left = 0;  // bits of `window` not yet used
    uint64_t result = 0;
    // Invariant at the top of the loop: shift < max_bits (the chain stops
    // below, like LLVM's, before a chunk could start at or past max_bits).
    for (unsigned shift = 0;; shift += value_bits) {
      if (width > limit - used) return ReadStatus::truncated;
      if (left < width) {
        const uint64_t at = pos_ + used;
        window = load8(at >> 3) >> (at & 7);
        left = 64 - static_cast<unsigned>(at & 7);  // at least 57 >= width
      }
      const uint64_t piece = window & mask;
      window >>= width;
      left -= width;
      used += width;
      const uint64_t bits = piece & (flag - 1);
      // Value bits of this chunk at or above max_bits (max_bits - shift is
      // then below value_bits <= 31, so the shift is defined).
      if (shift + value_bits > max_bits && (bits >> (max_bits - shift)) != 0) return ReadStatus::vbr_too_long;
      result |= bits << shift;
      if ((piece & flag) == 0) {
        pos_ += used;
        v = result;
        return ReadStatus::ok;
      }
      if (shift + value_bits >= max_bits) return ReadStatus::vbr_too_long;
    }
  }

  // Six bits as a character of [a-zA-Z0-9._].
  [[nodiscard]] bool read_char6(uint64_t& v) {
    uint64_t raw;
    if (!read_fixed(6, raw)) return false;
    v = decode_char6(static_cast<unsigned>(raw));
    return true;
  }

  // Moves to the next multiple of 32 bits (of data[0]; streams start
  // word-aligned). False, without moving, when that lies past the end.
  [[nodiscard]] bool align32() {
    const uint64_t to = (pos_ + 31) & ~uint64_t{31};
    if (to > size_bits_) return false;
    pos_ = to;
    return true;
  }

  [[nodiscard]] bool skip_bits(uint64_t n) {
    if (n > remaining_bits()) return false;
    pos_ += n;
    return true;
  }

  [[nodiscard]] bool seek(uint64_t bit) {
    if (bit > size_bits_) return false;
    pos_ = bit;
    return true;
  }

  static constexpr uint64_t decode_char6(unsigned v) {
    if (v < 26) return 'a' + v;
    if (v < 52) return 'A' + (v - 26);
    if (v < 62) return '0' + (v - 52);
    return v == 62 ? '.' : '_';
  }

 private:
  // For each width 2..32, the continuation bits of the chunks that fit whole
  // in 57 bits (the fewest a window holds).
  static constexpr auto kContinuationBits = [] {
    std::array<uint64_t, 33> masks{};
    for (unsigned w = 2; w <= 32; ++w)
      for (unsigned end = w; end <= 57; end += w) masks[w] |= uint64_t{1} << (end - 1);
    return masks;
  }();

  // The next `width` bits; the caller has checked that they exist.
  [[nodiscard, gnu::always_inline]] uint64_t peek(unsigned width) const {
    if (width == 0) return 0;
    const uint64_t byte = pos_ >> 3;
    const unsigned shift = static_cast<unsigned>(pos_ & 7);
    uint64_t lo = load8(byte) >> shift;
    if (width + shift > 64) lo |= load8(byte + 8) << (64 - shift);  // only for width > 56
    return width == 64 ? lo : lo & ((uint64_t{1} << width) - 1);
  }

  // Eight bytes from `byte`, zero-filled past the end of the span.
  [[nodiscard, gnu::always_inline]] uint64_t load8(uint64_t byte) const {
    const uint64_t size = data_.size();
    if (byte + 8 <= size) return load_le<uint64_t>(data_.data() + byte);
    uint8_t tail[8] = {};
    if (byte < size) std::memcpy(tail, data_.data() + byte, static_cast<size_t>(size - byte));
    return load_le<uint64_t>(tail);
  }

  Bytes data_;
  uint64_t size_bits_ = 0;
  uint64_t base_bit_ = 0;
  uint64_t pos_ = 0;
};

}  // namespace sp::bitstream
