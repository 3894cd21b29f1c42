#include "core/span_reader.h"

#include <gtest/gtest.h>

#include <array>

namespace sp {
namespace {

TEST(SpanReader, ReadsLittleEndianAtAnyAlignment) {
  std::array<uint8_t, 16> buf{};
  for (size_t shift = 0; shift < 8; ++shift) {
    buf.fill(0);
    const uint8_t value[8] = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08};
    std::copy(std::begin(value), std::end(value), buf.begin() + shift);
    SpanReader r(Bytes(buf).subspan(shift, 8));
    uint64_t v = 0;
    ASSERT_TRUE(r.read_u64_le(v));
    EXPECT_EQ(v, 0x0807060504030201u);
    EXPECT_EQ(r.remaining(), 0u);
  }
}

TEST(SpanReader, FailedReadChangesNothing) {
  const std::array<uint8_t, 3> buf{1, 2, 3};
  SpanReader r(buf, 100);
  uint8_t b = 0;
  ASSERT_TRUE(r.read_u8(b));
  uint32_t v = 0xDEADBEEF;
  EXPECT_FALSE(r.read_u32_le(v));
  EXPECT_EQ(v, 0xDEADBEEFu);
  EXPECT_EQ(r.position(), 1u);
  EXPECT_EQ(r.offset(), 101u);
  EXPECT_FALSE(r.read(3).has_value());
  EXPECT_FALSE(r.skip(3));
  EXPECT_EQ(r.remaining(), 2u);
  auto two = r.read(2);
  ASSERT_TRUE(two.has_value());
  EXPECT_EQ((*two)[0], 2);
  EXPECT_FALSE(r.seek(4));
  EXPECT_TRUE(r.seek(3));
}

TEST(Bytes, RangeFitsNeverWraps) {
  EXPECT_TRUE(range_fits(0, 10, 10));
  EXPECT_TRUE(range_fits(10, 0, 10));
  EXPECT_FALSE(range_fits(11, 0, 10));
  EXPECT_FALSE(range_fits(1, 10, 10));
  EXPECT_FALSE(range_fits(0xFFFFFFF0u, 0x20, 0x100));
  EXPECT_FALSE(range_fits(4, UINT64_MAX, 10));
  EXPECT_FALSE(range_fits(UINT64_MAX, 1, UINT64_MAX));
}

TEST(Bytes, CheckedArithmetic) {
  uint32_t out = 7;
  EXPECT_FALSE(checked_add<uint32_t>(0xFFFFFFF0u, 0x20u, &out));
  EXPECT_EQ(out, 7u);
  EXPECT_TRUE(checked_add<uint32_t>(1u, 2u, &out));
  EXPECT_EQ(out, 3u);
  EXPECT_FALSE(checked_mul<uint32_t>(0x10000u, 0x10000u, &out));
  EXPECT_TRUE(checked_mul<uint32_t>(0x1000u, 0x1000u, &out));
  EXPECT_EQ(out, 0x1000000u);
}

TEST(Bytes, SliceIsExactOrNothing) {
  const std::array<uint8_t, 8> buf{};
  EXPECT_EQ(slice(buf, 2, 6)->size(), 6u);
  EXPECT_FALSE(slice(buf, 2, 7).has_value());
  EXPECT_FALSE(slice(buf, 9, 0).has_value());
}

// A record shorter than its newest layout (PSV's older versions) reads
// the bytes it has and zeros past its end: a field cut after any byte,
// even its first, keeps what is there.
TEST(Bytes, PaddedLoadKeepsTheBytesBeforeTheRecordsEnd) {
  const std::array<uint8_t, 4> rec{0x11, 0x22, 0x33, 0x44};
  EXPECT_EQ(load_le_padded<uint32_t>(rec, 0), 0x44332211u);
  EXPECT_EQ(load_le_padded<uint32_t>(rec, 1), 0x00443322u);
  EXPECT_EQ(load_le_padded<uint32_t>(rec, 2), 0x00004433u);
  EXPECT_EQ(load_le_padded<uint32_t>(rec, 3), 0x00000044u);
  EXPECT_EQ(load_le_padded<uint32_t>(rec, 4), 0u);
  EXPECT_EQ(load_le_padded<uint32_t>(rec, 9), 0u);
}

TEST(CString, BoundedSearch) {
  const std::array<uint8_t, 6> buf{'a', 'b', 0, 'c', 'd', 'e'};
  EXPECT_EQ(cstring_at(buf, 0), "ab");
  EXPECT_EQ(cstring_at(buf, 2), "");
  EXPECT_FALSE(cstring_at(buf, 3).has_value());  // no NUL before the end
  EXPECT_FALSE(cstring_at(buf, 6).has_value());
  EXPECT_FALSE(cstring_at(buf, UINT64_MAX).has_value());
}

TEST(U32Array, ReadsUnaligned) {
  const std::array<uint8_t, 9> buf{0, 1, 0, 0, 0, 2, 0, 0, 0};
  U32Array a(Bytes(buf).subspan(1));
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0], 1u);
  EXPECT_EQ(a[1], 2u);
}

}  // namespace
}  // namespace sp
