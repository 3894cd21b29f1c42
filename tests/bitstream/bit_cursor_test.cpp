// The bit cursor: every read succeeds completely or leaves the position
// where it was (core/span_reader.h's contract, at bit granularity).
#include "bitstream/bit_cursor.h"

#include <gtest/gtest.h>

#include <vector>

#include "bitstream/writer.h"

namespace sp::bitstream {
namespace {

// Bytes holding `fields` (value, width) packed LSB first, after the magic
// the writer puts first (skipped by the tests).
std::vector<uint8_t> pack(std::initializer_list<std::pair<uint64_t, unsigned>> fields) {
  Writer w(0);
  for (auto [v, width] : fields) w.emit_fixed(v, width);
  return w.finish();
}

TEST(BitCursor, FixedFieldsOfEveryWidthAtEveryShift) {
  for (unsigned shift = 0; shift < 8; ++shift) {
    for (unsigned width = 0; width <= 64; ++width) {
      const uint64_t value = width == 64 ? 0xF0E1D2C3B4A59687u : (0xF0E1D2C3B4A59687u & ((uint64_t{1} << width) - 1));
      auto bytes = pack({{0x55, shift}, {value, width}, {1, 1}});
      BitCursor c(bytes);
      uint64_t v = 0;
      ASSERT_TRUE(c.skip_bits(32 + shift));
      ASSERT_TRUE(c.read_fixed(width, v));
      EXPECT_EQ(v, value) << "width " << width << " shift " << shift;
      ASSERT_TRUE(c.read_fixed(1, v));
      EXPECT_EQ(v, 1u);
    }
  }
}

TEST(BitCursor, FailedFixedReadDoesNotMove) {
  const std::vector<uint8_t> bytes = {0xFF, 0xFF, 0xFF};
  BitCursor c(bytes);
  uint64_t v = 7;
  ASSERT_TRUE(c.read_fixed(5, v));
  EXPECT_FALSE(c.read_fixed(20, v));
  EXPECT_EQ(c.position(), 5u);
  EXPECT_EQ(v, 31u);  // untouched by the failed read
  EXPECT_FALSE(c.read_fixed(65, v));
  EXPECT_TRUE(c.read_fixed(19, v));
  EXPECT_TRUE(c.at_end());
  EXPECT_FALSE(c.read_fixed(1, v));
  EXPECT_TRUE(c.read_fixed(0, v));
  EXPECT_EQ(v, 0u);
}

TEST(BitCursor, VbrRoundTripsAtEveryWidth) {
  for (unsigned width = 2; width <= 32; ++width) {
    for (uint64_t value : {uint64_t{0}, uint64_t{1}, uint64_t{31}, uint64_t{32}, uint64_t{1000000},
                           uint64_t{0xFFFFFFFF}, uint64_t{0x100000000}, ~uint64_t{0}, uint64_t{1} << 63}) {
      Writer w(0);
      w.emit_vbr(value, width);
      w.emit_fixed(1, 1);
      auto bytes = w.finish();
      BitCursor c(bytes);
      ASSERT_TRUE(c.skip_bits(32));
      uint64_t v = 0;
      ASSERT_EQ(c.read_vbr(width, v), ReadStatus::ok) << width << " " << value;
      EXPECT_EQ(v, value);
      ASSERT_TRUE(c.read_fixed(1, v));
      EXPECT_EQ(v, 1u);
    }
  }
}

// vbr6 chunks: `count` copies of `chunk`, then `last`; decoded after the magic.
ReadStatus read_chunks(int count, uint64_t chunk, uint64_t last, uint64_t& v, uint64_t& position) {
  Writer w(0);
  for (int i = 0; i < count; ++i) w.emit_fixed(chunk, 6);
  w.emit_fixed(last, 6);
  const auto bytes = w.finish();
  BitCursor c(bytes);
  EXPECT_TRUE(c.skip_bits(32));
  const ReadStatus status = c.read_vbr(6, v);
  position = c.position();
  return status;
}

TEST(BitCursor, VbrWithMoreThan64SignificantBitsIsAnError) {
  uint64_t v = 0, position = 0;
  // vbr6 carries 5 value bits a chunk: 12 full chunks are 60 bits of ones,
  // and a 13th with 0x1F sets bit 64, the 65th.
  EXPECT_EQ(read_chunks(12, 0x3F, 0x1F, v, position), ReadStatus::vbr_too_long);
  EXPECT_EQ(position, 32u);
  // Exactly 64 bits: bits 60..63 set in the last chunk.
  ASSERT_EQ(read_chunks(12, 0x3F, 0x0F, v, position), ReadStatus::ok);
  EXPECT_EQ(v, ~uint64_t{0});
  // A chain that goes on past 64 bits, even of zeros ("Unterminated VBR").
  EXPECT_EQ(read_chunks(14, 0x20, 0, v, position), ReadStatus::vbr_too_long);
  EXPECT_EQ(position, 32u);
}

TEST(BitCursor, VbrLimitedTo32Bits) {
  Writer w(0);
  w.emit_vbr(uint64_t{1} << 32, 6);
  w.emit_vbr(0xFFFFFFFF, 6);
  auto bytes = w.finish();
  BitCursor c(bytes);
  ASSERT_TRUE(c.skip_bits(32));
  uint64_t v = 0;
  EXPECT_EQ(c.read_vbr(6, v, 32), ReadStatus::vbr_too_long);
  EXPECT_EQ(c.position(), 32u);
  ASSERT_EQ(c.read_vbr(6, v, 64), ReadStatus::ok);
  ASSERT_EQ(c.read_vbr(6, v, 32), ReadStatus::ok);
  EXPECT_EQ(v, 0xFFFFFFFFu);
}

TEST(BitCursor, TruncatedVbrDoesNotMove) {
  Writer w(0);
  w.emit_vbr(uint64_t{1} << 40, 8);
  auto bytes = w.finish();
  bytes.resize(4 + 5);  // 6 chunks of 8 bits follow the magic; keep 5
  BitCursor c(bytes);
  ASSERT_TRUE(c.skip_bits(32));
  uint64_t v = 99;
  EXPECT_EQ(c.read_vbr(8, v), ReadStatus::truncated);
  EXPECT_EQ(c.position(), 32u);
  EXPECT_EQ(v, 99u);
}

TEST(BitCursor, Char6) {
  const std::string alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._";
  Writer w(0);
  for (unsigned i = 0; i < 64; ++i) w.emit_fixed(i, 6);
  auto bytes = w.finish();
  BitCursor c(bytes);
  ASSERT_TRUE(c.skip_bits(32));
  for (unsigned i = 0; i < 64; ++i) {
    uint64_t v = 0;
    ASSERT_TRUE(c.read_char6(v));
    EXPECT_EQ(static_cast<char>(v), alphabet[i]);
  }
}

TEST(BitCursor, Align32) {
  const std::vector<uint8_t> bytes(8, 0);
  BitCursor c(bytes, 800);
  EXPECT_TRUE(c.align32());
  EXPECT_EQ(c.position(), 0u);
  ASSERT_TRUE(c.skip_bits(1));
  EXPECT_TRUE(c.align32());
  EXPECT_EQ(c.position(), 32u);
  EXPECT_EQ(c.bit_offset(), 832u);
  ASSERT_TRUE(c.skip_bits(31));
  EXPECT_TRUE(c.align32());
  EXPECT_EQ(c.position(), 64u);
  const std::vector<uint8_t> odd(6, 0);
  BitCursor d(odd);
  ASSERT_TRUE(d.skip_bits(33));
  EXPECT_FALSE(d.align32());  // 64 is past the 48 bits
  EXPECT_EQ(d.position(), 33u);
}

TEST(BitCursor, SameValuesAtEveryAlignment) {
  auto bytes = pack({{0x12345, 17}, {0xABCDEF012345ull, 48}, {3, 2}, {0xFFFFFFFFFFFFFFFFull, 64}});
  for (size_t shift = 0; shift < 16; ++shift) {
    std::vector<uint8_t> buf(shift + bytes.size());
    std::copy(bytes.begin(), bytes.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift));
    BitCursor c(Bytes(buf).subspan(shift));
    uint64_t a = 0, b = 0, d = 0, e = 0;
    ASSERT_TRUE(c.skip_bits(32));
    ASSERT_TRUE(c.read_fixed(17, a) && c.read_fixed(48, b) && c.read_fixed(2, d) && c.read_fixed(64, e));
    EXPECT_EQ(a, 0x12345u);
    EXPECT_EQ(b, 0xABCDEF012345ull);
    EXPECT_EQ(d, 3u);
    EXPECT_EQ(e, ~uint64_t{0});
  }
}

}  // namespace
}  // namespace sp::bitstream

namespace sp::bitstream {
namespace {

// A plain chunk-by-chunk VBR decoder (LLVM's loop, plus the significant-bit
// rule), against which the cursor's one-window fast path is checked on
// random bits at every width, both limits and every position near the end.
ReadStatus reference_vbr(Bytes bytes, uint64_t pos, unsigned width, unsigned max_bits, uint64_t& v, uint64_t& end) {
  auto bit = [&](uint64_t i) { return (bytes[i / 8] >> (i % 8)) & 1u; };
  const uint64_t size = bytes.size() * 8;
  uint64_t result = 0;
  for (unsigned shift = 0;; shift += width - 1) {
    if (width > size - pos) return ReadStatus::truncated;
    uint64_t piece = 0;
    for (unsigned i = 0; i < width; ++i) piece |= uint64_t{bit(pos + i)} << i;
    pos += width;
    const uint64_t bits = piece & ((uint64_t{1} << (width - 1)) - 1);
    for (unsigned i = 0; i < width - 1; ++i)
      if ((bits >> i) & 1) {
        if (shift + i >= max_bits) return ReadStatus::vbr_too_long;
        result |= uint64_t{1} << (shift + i);
      }
    if (((piece >> (width - 1)) & 1) == 0) {
      v = result;
      end = pos;
      return ReadStatus::ok;
    }
    if (shift + width - 1 >= max_bits) return ReadStatus::vbr_too_long;
  }
}

TEST(BitCursor, VbrFastPathMatchesReference) {
  uint64_t seed = 0x9E3779B97F4A7C15u;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  for (int round = 0; round < 4000; ++round) {
    std::vector<uint8_t> bytes(1 + next() % 24);
    // Mostly set high bits of chunks (long chains), sometimes random.
    for (auto& b : bytes) b = static_cast<uint8_t>(round % 3 == 0 ? next() : next() | next());
    const auto width = static_cast<unsigned>(2 + next() % 31);
    const unsigned max_bits = next() % 2 ? 64 : 32;
    const uint64_t pos = next() % (bytes.size() * 8);
    uint64_t want = 0, want_end = 0, got = 0;
    const ReadStatus expected = reference_vbr(bytes, pos, width, max_bits, want, want_end);
    BitCursor c(bytes);
    ASSERT_TRUE(c.seek(pos));
    const ReadStatus actual = c.read_vbr(width, got, max_bits);
    // Where a chain is both overlong and cut off, either answer is right.
    if (expected != actual && expected != ReadStatus::ok && actual != ReadStatus::ok) continue;
    ASSERT_EQ(actual, expected) << "width " << width << " max " << max_bits << " pos " << pos << " round " << round;
    if (expected == ReadStatus::ok) {
      EXPECT_EQ(got, want);
      EXPECT_EQ(c.position(), want_end);
    } else {
      EXPECT_EQ(c.position(), pos);
    }
  }
}

}  // namespace
}  // namespace sp::bitstream
