// The llvm-bcanalyzer dump (parsers/bitcode/bcanalyzer.h) on streams made
// to outgrow its text limit.
#include <gtest/gtest.h>

#include "bitcode/bcanalyzer.h"
#include "bitstream/support.h"

namespace sp::bitcode {
namespace {

// The text limit is checked after every record, not only inside long
// ones: a thousand short records, each a 24-character line, outgrow
// the 4,096 characters an input may print with no allowance per byte
// (limits.max_text_per_input_byte 0) after the block's line (45) at the
// 169th, and the error is at that record's first bit, in its block.
TEST(BitcodeAnalyzer, ManyShortRecordsStopAtTheTextLimit) {
  const std::vector<uint8_t> file = test::one_block([](bitstream::Writer& w) {
    const uint64_t one[] = {1};
    for (int i = 0; i < 1000; ++i) w.record(4, one);  // "  <UnknownCode4 op0=1/>\n"
  }, 8, 0x12345678);  // not LLVM IR's magic: no names of LLVM's table
  Limits limits;
  limits.max_text_per_input_byte = 0;
  Context ctx(limits, file.size());
  std::string out;
  EXPECT_FALSE(dump_bcanalyzer(file, ctx, out));
  ASSERT_TRUE(ctx.failed());
  const Diagnostic& d = *ctx.error();
  EXPECT_EQ(d.code, Code::limit_exceeded);
  EXPECT_EQ(d.path, "blocks[0].block8");
  // The block's records start at bit 96 (the magic, ENTER_SUBBLOCK aligned
  // to 32 bits, the block's length); each takes 21 bits (abbrev id 3,
  // code, operand count and operand as vbr6).
  EXPECT_EQ(d.unit, OffsetUnit::bit);
  EXPECT_EQ(d.offset, 96u + 21u * 168);
}

}  // namespace
}  // namespace sp::bitcode
