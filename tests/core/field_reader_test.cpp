#include "core/field_reader.h"

#include <gtest/gtest.h>

#include <vector>

namespace sp {
namespace {

// Twelve bytes at file offset 100: a count of 2 and a string table.
const std::vector<uint8_t> kData = {2, 0, 0, 0, 'a', 'b', 0, 'c', 'd', 'e', 'f', 'g'};

struct Fixture {
  Limits limits;
  Context ctx{limits, kData.size()};
  const FieldPath root = FieldPath::root("blob");
  FieldReader r{Bytes(kData), 100, root, ctx};
};

TEST(FieldReader, SubReadsItsBytesUnderItsOwnPathAndOffset) {
  Fixture f;
  const FieldPath header = f.root.field("header");
  std::optional<FieldReader> h = f.r.sub(4, 4, header);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->offset(), 104u);
  uint32_t v = 0;
  EXPECT_TRUE(h->u32(v, "word"));
  EXPECT_EQ(v, 0x63006261u);
  uint8_t past = 0;
  EXPECT_FALSE(h->u8(past, "past"));
  EXPECT_EQ(f.ctx.error()->to_string(), "truncated at 108: blob.header.past: needs 1 bytes, 0 remain");
}

TEST(FieldReader, SubPastTheEndIsTruncatedAtItsStart) {
  Fixture f;
  const FieldPath header = f.root.field("header");
  EXPECT_FALSE(f.r.sub(8, 8, header));
  EXPECT_EQ(f.ctx.error()->to_string(), "truncated at 108: blob.header: needs 8 bytes, 4 remain");
  Fixture g;
  EXPECT_FALSE(g.r.sub(20, 0, header));
  EXPECT_EQ(g.ctx.error()->to_string(), "truncated at 120: blob.header: starts 20 bytes in, past the end of 12");
}

TEST(FieldReader, TableNamesItsOffsetOrItsCountField) {
  const FieldPath items = FieldPath::root("items");
  Fixture f;
  EXPECT_FALSE(f.r.table(4, 9, 0, 4, {f.root, 0, "offset", 4, "count"}, items));
  EXPECT_EQ(f.ctx.error()->code, Code::offset_out_of_bounds);
  EXPECT_EQ(f.ctx.error()->offset, 0u);
  EXPECT_EQ(f.ctx.error()->path, "blob.offset");
  Fixture g;
  EXPECT_FALSE(g.r.table(4, 0, 0xFFFFFFFFFFFFFFFFu, 4, {g.root, 0, "offset", 4, "count"}, items));
  EXPECT_EQ(g.ctx.error()->to_string(),
            "count_too_large at 4: blob.count: 18446744073709551615 records of 4 bytes at byte 104 need over 2^64 "
            "bytes, 8 remain");
  Fixture h;
  std::optional<FieldReader> t = h.r.table(4, 4, 2, 2, {h.root, 0, "offset", 4, "count"}, items);
  ASSERT_TRUE(t);
  EXPECT_EQ(t->offset(), 108u);
  EXPECT_EQ(t->remaining(), 4u);
  EXPECT_FALSE(h.ctx.failed());
}

TEST(FieldReader, RecordIsOutOfBoundsAtThePointingField) {
  Fixture f;
  const FieldPath type = f.root.field("type");
  EXPECT_TRUE(f.r.record(8, 4, 50, type));
  EXPECT_FALSE(f.r.record(9, 4, 50, type));
  EXPECT_EQ(f.ctx.error()->code, Code::offset_out_of_bounds);
  EXPECT_EQ(f.ctx.error()->offset, 50u);
  EXPECT_EQ(f.ctx.error()->path, "blob.type");
}

TEST(FieldReader, StringsEndInsideTheData) {
  const FieldPath name = FieldPath::root("name");
  Fixture f;
  FileText s;
  EXPECT_TRUE(f.r.string(4, 60, name, s));
  EXPECT_EQ(s.bytes(), "ab");
  EXPECT_FALSE(f.r.string(7, 60, name, s));
  EXPECT_EQ(f.ctx.error()->code, Code::unterminated_string);
  EXPECT_EQ(f.ctx.error()->offset, 107u);
  Fixture g;
  EXPECT_FALSE(g.r.string(12, 60, name, s));
  EXPECT_EQ(g.ctx.error()->code, Code::offset_out_of_bounds);
  EXPECT_EQ(g.ctx.error()->offset, 60u);
}

TEST(FieldReader, FitsChecksACountAgainstWhatRemains) {
  Fixture f;
  const FieldPath count = f.root.field("count");
  EXPECT_TRUE(f.r.fits(3, 4, 100, count));
  EXPECT_FALSE(f.r.fits(4, 4, 100, count));
  EXPECT_EQ(f.ctx.error()->to_string(), "count_too_large at 100: blob.count: 4 records of 4 bytes at byte 100 need "
                                        "16 bytes, 12 remain");
}

}  // namespace
}  // namespace sp
