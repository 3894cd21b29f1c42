// Hostile bitstreams: each ends in one clean error
// in linear work and bounded memory; every truncation of a valid stream is
// rejected; copies at every alignment give the same output.
#include <gtest/gtest.h>

#include "bitcode/bcanalyzer.h"
#include "bitstream/support.h"

namespace sp::bitstream {
namespace {

using test::bcanalyzer;
using test::one_block;
using test::walk;
using test::walk_error;

// 100,000 ENTER_SUBBLOCKs, each claiming the rest of the stream.
std::vector<uint8_t> nested(size_t depth) {
  Writer w(kLlvmIrMagic);
  for (size_t i = 0; i < depth; ++i) {
    w.emit_fixed(kEnterSubblock, i == 0 ? 2 : 3);
    w.emit_vbr(8, 8);
    w.emit_vbr(3, 4);
    w.align32();
    w.emit_fixed(static_cast<uint32_t>(2 * (depth - i - 1)), 32);
  }
  return w.finish();
}

TEST(BitstreamHostile, HundredThousandNestedBlocks) {
  const auto file = nested(100000);
  const Diagnostic d = walk_error(file);
  EXPECT_EQ(d.code, Code::limit_exceeded);
  EXPECT_EQ(d.offset, 32u + 64u * 64);  // the 65th block
  // With the limit lifted the explicit stack takes them all, and the
  // stream ends inside the innermost one: one step per block, so half the
  // blocks take half the steps.
  Limits deep;
  deep.max_depth = 1000000;
  const test::WalkResult all = walk(file, deep);
  ASSERT_TRUE(all.error.has_value());
  EXPECT_EQ(all.error->code, Code::unterminated_block);
  EXPECT_LE(all.steps, 100000u + 1);
  EXPECT_LE(all.steps, 2 * walk(nested(50000), deep).steps);
  EXPECT_EQ(bcanalyzer(file), std::nullopt);
}

TEST(BitstreamHostile, EmptySetRecordName) {
  Writer w(kLlvmIrMagic);
  w.begin_blockinfo();
  w.set_bid(8);
  w.record(kSetRecordName, {});
  w.end_blockinfo();
  EXPECT_EQ(walk_error(w.finish()).code, Code::invalid_blockinfo);
}

TEST(BitstreamHostile, LengthOfTwoToThe32InATinyFile) {
  for (Encoding kind : {Encoding::array, Encoding::blob}) {
    auto file = one_block([&](Writer& w) {
      std::vector<AbbrevOp> ops = {{Encoding::literal, 1}, {kind, 0}};
      if (kind == Encoding::array) ops.push_back({Encoding::fixed, 1});
      w.define_abbrev(ops);
      w.emit_fixed(4, 3);
      w.emit_vbr(uint64_t{1} << 32, 6);
    });
    EXPECT_LT(file.size(), 32u);
    const Diagnostic d = walk_error(file);
    EXPECT_EQ(d.code, Code::count_too_large) << encoding_name(kind);
    EXPECT_EQ(d.path, "blocks[0].block8.records[0]");
  }
  // Unabbreviated, and with every limit lifted.
  auto file = one_block([](Writer& w) {
    w.emit_fixed(kUnabbrevRecord, 3);
    w.emit_vbr(1, 6);
    w.emit_vbr(0xFFFFFFFF, 6);
  });
  Limits lifted;
  lifted.max_record_operands = UINT32_MAX;
  EXPECT_EQ(walk_error(file, lifted).code, Code::count_too_large);
}

TEST(BitstreamHostile, TooManyOperandsOrAbbrevs) {
  Limits small;
  small.max_record_operands = 3;
  small.max_abbrevs_per_block = 2;
  auto ops = one_block([](Writer& w) {
    const uint64_t v[] = {1, 2, 3, 4};
    w.record(1, v);
  });
  const Diagnostic too_many = walk_error(ops, small);
  EXPECT_EQ(too_many.code, Code::limit_exceeded);
  EXPECT_EQ(too_many.message.rfind("4 operands exceed ", 0), 0u) << too_many.message;
  // An abbreviation is held to the same limit when it is defined, so a
  // record read through it never has more.
  const Diagnostic wide_abbrev = walk_error(one_block([](Writer& w) {
    const AbbrevOp a[] = {{Encoding::literal, 1}, {Encoding::literal, 2}, {Encoding::literal, 3}, {Encoding::literal, 4}};
    w.define_abbrev(a);
  }), small);
  EXPECT_EQ(wide_abbrev.code, Code::limit_exceeded);
  EXPECT_EQ(wide_abbrev.path, "blocks[0].block8.abbrevs[0]");
  auto abbrevs = one_block([](Writer& w) {
    const AbbrevOp a[] = {{Encoding::literal, 1}};
    for (int i = 0; i < 3; ++i) w.define_abbrev(a);
  });
  const Diagnostic d = walk_error(abbrevs, small);
  EXPECT_EQ(d.code, Code::limit_exceeded);
  EXPECT_EQ(d.path, "blocks[0].block8.abbrevs[2]");
}

// One-bit array elements print as " opN=1": the dump would outgrow the
// input a hundredfold, so it stops at limits.max_text_per_input_byte.
TEST(BitstreamHostile, DumpTextIsBoundedByTheInput) {
  auto file = one_block([](Writer& w) {
    const AbbrevOp ops[] = {{Encoding::literal, 1}, {Encoding::array, 0}, {Encoding::fixed, 1}};
    w.define_abbrev(ops);
    const std::vector<uint64_t> ones(200000, 1);
    w.record(4, 1, ones);
  });
  EXPECT_FALSE(walk(file).error);
  Limits limits;
  Context ctx(limits, file.size());
  // The cap counts this dump's text only, and a failed dump leaves what
  // the caller's string held before it.
  std::string out = "kept";
  EXPECT_FALSE(bitcode::dump_bcanalyzer(file, ctx, out));
  EXPECT_EQ(ctx.error()->code, Code::limit_exceeded);
  EXPECT_EQ(out, "kept");
}

// One record of four million one-bit operands (half a megabyte) prints
// about 50 MB, more than the 32 MB the input allows: the dump stops within
// one batch of operands of the limit instead of writing the whole record
// first.
TEST(BitstreamHostile, DumpOfAHugeRecordStopsAtTheTextLimit) {
  Limits limits;
  auto file = one_block([&](Writer& w) {
    const AbbrevOp ops[] = {{Encoding::literal, 1}, {Encoding::array, 0}, {Encoding::fixed, 1}};
    w.define_abbrev(ops);
    const std::vector<uint64_t> ones(limits.max_record_operands - 1, 1);
    w.record(4, 1, ones);
  });
  EXPECT_FALSE(walk(file).error);
  Context ctx(limits, file.size());
  TextBuffer text;
  EXPECT_FALSE(bitcode::dump_bcanalyzer(file, ctx, text));
  EXPECT_EQ(ctx.error()->code, Code::limit_exceeded);
  const uint64_t max_text = uint64_t{limits.max_text_per_input_byte} * file.size() + 4096;
  EXPECT_LT(text.size(), max_text + 256 * 64);
}

// A small stream with everything in it: BLOCKINFO, abbrevs, arrays, blobs,
// nested blocks, METADATA_STRINGS.
std::vector<uint8_t> sample() {
  Writer w(kLlvmIrMagic);
  w.enter_block(8, 3);
  w.begin_blockinfo();
  w.set_bid(14);
  const AbbrevOp name[] = {{Encoding::fixed, 3}, {Encoding::vbr, 8}, {Encoding::array, 0}, {Encoding::char6, 0}};
  w.blockinfo_abbrev(name);
  w.end_blockinfo();
  const uint64_t version[] = {2};
  w.record(1, version);
  w.enter_block(14, 4);
  const uint64_t entry[] = {7, 'm', 'a', 'i', 'n'};
  w.record(4, 1, entry);
  w.end_block();
  w.enter_block(15, 3);
  const AbbrevOp strings[] = {{Encoding::literal, 35}, {Encoding::vbr, 6}, {Encoding::vbr, 6}, {Encoding::blob, 0}};
  w.define_abbrev(strings);
  const uint8_t blob[] = {0x03, 0, 0, 0, 'a', 'b', 'c'};
  const uint64_t counts[] = {1, 4};
  w.record(4, 35, counts, blob);
  w.end_block();
  w.end_block();
  return w.finish();
}

TEST(BitstreamHostile, EveryTruncationIsRejected) {
  const auto file = sample();
  ASSERT_TRUE(bcanalyzer(file)) << "the sample must be valid";
  ASSERT_FALSE(walk(file).error);
  for (size_t n = 0; n < file.size(); ++n) {
    const std::vector<uint8_t> prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n));
    if (n == 4) {  // the bare magic: an empty stream, valid (llvm-bcanalyzer-22 agrees)
      EXPECT_EQ(bcanalyzer(prefix), "\n\n");
      continue;
    }
    EXPECT_TRUE(walk(prefix).error) << n;
    EXPECT_FALSE(bcanalyzer(prefix)) << n;
  }
}

TEST(BitstreamHostile, SameOutputAtEveryAlignment) {
  const auto file = sample();
  const auto reference = bcanalyzer(file);
  ASSERT_TRUE(reference);
  for (size_t shift = 1; shift < 16; ++shift) {
    // A heap block of exactly the file's size at each misalignment.
    std::vector<uint8_t> buf(shift + file.size());
    std::copy(file.begin(), file.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift));
    Limits limits;
    Context ctx(limits, file.size());
    std::string out;
    ASSERT_TRUE(bitcode::dump_bcanalyzer(Bytes(buf).subspan(shift), ctx, out)) << shift;
    EXPECT_EQ(out, *reference) << shift;
  }
}

// The error that ended the bcanalyzer dump of `file`, or nothing when it
// ends in text.
std::optional<Diagnostic> dump_error(const std::vector<uint8_t>& file) {
  const Limits limits;
  Context ctx(limits, file.size());
  std::string out;
  if (bitcode::dump_bcanalyzer(file, ctx, out)) return std::nullopt;
  EXPECT_TRUE(ctx.failed()) << "the dump failed without an error";
  return ctx.take_error();
}

// An error of the bitcode format's codes (its own or the core's) at a bit
// of `file`, up to its end (where a stream that ends inside a block ends).
void expect_clean(const std::optional<Diagnostic>& error, const std::vector<uint8_t>& file, const std::string& what) {
  if (!error) return;
  const CodeInfo& info = code_info(error->code);
  EXPECT_TRUE(info.owner == "bitcode" || info.owner == "core") << what << ": " << info.name;
  EXPECT_EQ(info.severity, Severity::error) << what << ": " << info.name;
  EXPECT_EQ(error->unit, OffsetUnit::bit) << what;
  EXPECT_LE(error->offset, file.size() * 8) << what << ": " << error->to_string();
}

// Not a fuzzer, but cheap: every single-bit flip of the sample is
// accepted or ends in one clean error, by the walk and by the dump (which
// also decodes the blobs, so it may reject what the walk accepts).
TEST(BitstreamHostile, EveryByteFlipEndsCleanly) {
  const auto file = sample();
  for (size_t bit = 0; bit < file.size() * 8; ++bit) {
    auto copy = file;
    copy[bit / 8] = static_cast<uint8_t>(copy[bit / 8] ^ (1u << (bit % 8)));
    const test::WalkResult r = walk(copy);
    expect_clean(r.error, copy, "walk, bit " + std::to_string(bit));
    const std::optional<Diagnostic> dumped = dump_error(copy);
    expect_clean(dumped, copy, "dump, bit " + std::to_string(bit));
    EXPECT_TRUE(!r.error || dumped.has_value()) << "bit " << bit << ": the dump accepts what the walk rejects";
  }
}

}  // namespace
}  // namespace sp::bitstream
