// Every error class of docs/formats/bitcode.md §Error classes (LLVM 22's BitstreamReader messages in
// the test names' comments), each ending in one error with its stable code,
// bit offset and path.
#include <gtest/gtest.h>

#include "bitstream/reader.h"
#include "bitstream/support.h"
#include "bitstream/wrapper.h"
#include "conformance/bitcode/builders.h"
#include "core/span_writer.h"

namespace sp::bitstream {
namespace {

using test::one_block;
using test::walk;
using test::walk_error;

// DEFINE_ABBREV with raw operand fields: (is_literal, encoding or value, data).
using build::raw_abbrev;
using build::RawOp;

TEST(BitstreamErrors, FixedOrVbrWiderThan32) {  // "Fixed or VBR abbrev record with size > MaxChunkData"
  for (uint64_t enc : {uint64_t{1}, uint64_t{2}}) {
    const Diagnostic d = walk_error(one_block([&](Writer& w) { raw_abbrev(w, {{true, 1}, {false, enc, 33}}); }));
    EXPECT_EQ(d.code, Code::invalid_abbrev);
    EXPECT_EQ(d.unit, OffsetUnit::bit);
    EXPECT_EQ(d.path, "blocks[0].block8.abbrevs[0]");
  }
  // 32 itself is fine.
  EXPECT_FALSE(walk(one_block([](Writer& w) { raw_abbrev(w, {{true, 1}, {false, 1, 32}}); })).error);
}

TEST(BitstreamErrors, InvalidEncoding) {  // "Invalid encoding"
  for (uint64_t enc : {uint64_t{0}, uint64_t{6}, uint64_t{7}}) {
    const Diagnostic d = walk_error(one_block([&](Writer& w) { raw_abbrev(w, {{true, 1}, {false, enc}}); }));
    EXPECT_EQ(d.code, Code::invalid_abbrev) << enc;
    // The operand starts after the magic (32), ENTER_SUBBLOCK (64 + 32),
    // the abbrev id (3), the count (5) and the literal (1 + 8).
    EXPECT_EQ(d.offset, 32u + 64 + 3 + 5 + 9) << enc;
  }
}

// DEFINE_ABBREV's operand count is a 32-bit field: 2^31 is read (and is
// too many for the bits left, after its eight vbr5 chunks), 2^32 is not
// (at the count).
TEST(BitstreamErrors, AbbrevOperandCountHas32Bits) {
  const auto count_of = [](uint64_t count) {
    return walk_error(one_block([&](Writer& w) {
      w.emit_fixed(kDefineAbbrev, 3);
      w.emit_vbr(count, 5);
    }));
  };
  const Diagnostic fits = count_of(uint64_t{1} << 31);
  EXPECT_EQ(fits.code, Code::count_too_large);
  EXPECT_EQ(fits.offset, 32u + 64 + 3 + 8 * 5);
  EXPECT_EQ(fits.path, "blocks[0].block8.abbrevs[0]");
  const Diagnostic too_long = count_of(uint64_t{1} << 32);
  EXPECT_EQ(too_long.code, Code::vbr_too_long);
  EXPECT_EQ(too_long.offset, 32u + 64 + 3);
  EXPECT_EQ(too_long.path, "blocks[0].block8.abbrevs[0]");
}

TEST(BitstreamErrors, AbbrevWithNoOperands) {  // "Abbrev record with no operands"
  EXPECT_EQ(walk_error(one_block([](Writer& w) { raw_abbrev(w, {}); })).code, Code::invalid_abbrev);
}

TEST(BitstreamErrors, AbbrevStartsWithArrayOrBlob) {  // "Abbreviation starts with an Array or a Blob"
  EXPECT_EQ(walk_error(one_block([](Writer& w) { raw_abbrev(w, {{false, 3}, {false, 1, 8}}); })).code,
            Code::invalid_abbrev);
  EXPECT_EQ(walk_error(one_block([](Writer& w) { raw_abbrev(w, {{false, 5}}); })).code, Code::invalid_abbrev);
}

TEST(BitstreamErrors, ArrayNotSecondToLast) {  // "Array op not second to last"
  EXPECT_EQ(walk_error(one_block([](Writer& w) { raw_abbrev(w, {{true, 1}, {false, 3}}); })).code,
            Code::invalid_abbrev);
  EXPECT_EQ(walk_error(one_block([](Writer& w) {
              raw_abbrev(w, {{true, 1}, {false, 3}, {false, 1, 8}, {false, 1, 8}});
            })).code,
            Code::invalid_abbrev);
}

TEST(BitstreamErrors, ArrayElementArrayBlobOrLiteral) {  // "Array element type can't be an Array or a Blob"
  for (RawOp element : {RawOp{false, 3}, RawOp{false, 5}, RawOp{true, 7}, RawOp{false, 1, 0}}) {
    EXPECT_EQ(walk_error(one_block([&](Writer& w) { raw_abbrev(w, {{true, 1}, {false, 3}, element}); })).code,
              Code::invalid_abbrev);
  }
}

TEST(BitstreamErrors, BlobNotLast) {
  EXPECT_EQ(walk_error(one_block([](Writer& w) { raw_abbrev(w, {{true, 1}, {false, 5}, {false, 1, 8}}); })).code,
            Code::invalid_abbrev);
}

TEST(BitstreamErrors, CodeWidthZeroOrAbove32) {
  for (uint32_t width : {0u, 33u, 64u}) {
    Writer w(kLlvmIrMagic);
    build::raw_enter_block(w, 8, width, 0);
    const Diagnostic d = walk_error(w.finish());
    EXPECT_EQ(d.code, Code::invalid_code_width) << width;
    EXPECT_EQ(d.path, "blocks[0]");
  }
}

TEST(BitstreamErrors, InvalidAbbrevNumber) {  // "Invalid abbrev number"
  const Diagnostic d = walk_error(one_block([](Writer& w) {
    w.record(1, {});
    w.emit_fixed(5, 3);
  }));
  EXPECT_EQ(d.code, Code::invalid_abbrev_id);
  EXPECT_EQ(d.offset, 32u + 64 + 3 + 6 + 6);
  EXPECT_EQ(d.path, "blocks[0].block8.records[1]");
}

TEST(BitstreamErrors, BlobEndsTooSoon) {  // "Blob ends too soon"
  const auto blob_of = [](uint64_t length) {
    Writer w(kLlvmIrMagic);
    w.enter_block(8, 3);
    const AbbrevOp ops[] = {{Encoding::literal, 1}, {Encoding::blob, 0}};
    w.define_abbrev(ops);
    w.emit_fixed(4, 3);
    w.emit_vbr(length, 6);
    w.align32();
    return w;
  };
  Writer past = blob_of(9);  // 9 bytes + 3 of padding, but only the END_BLOCK word follows
  past.end_block();
  EXPECT_EQ(walk_error(past.finish()).code, Code::count_too_large);
  // A length whose padded size in bits wraps 64 bits.
  Writer wrapping = blob_of(uint64_t{1} << 61);
  wrapping.end_block();
  EXPECT_EQ(walk_error(wrapping.finish()).code, Code::count_too_large);
  // Bytes and padding up to the stream's last bit fit; what is missing is
  // the END_BLOCK after them.
  Writer exact = blob_of(3);
  exact.emit_fixed(0x00636261, 32);
  EXPECT_EQ(walk_error(exact.finish()).code, Code::unterminated_block);
}

// A VBR field holds 64 bits; a record's code has 32 (a literal code
// wider than that is refused with its abbreviation).
TEST(BitstreamErrors, RecordCodePast32Bits) {
  const Diagnostic d = walk_error(one_block([](Writer& w) {
    const AbbrevOp ops[] = {{Encoding::vbr, 6}};
    w.define_abbrev(ops);
    w.emit_fixed(4, 3);
    w.emit_vbr(uint64_t{1} << 32, 6);
  }));
  EXPECT_EQ(d.code, Code::invalid_value);
  EXPECT_EQ(d.message, "record code 4294967296 does not fit 32 bits");
  EXPECT_EQ(d.path, "blocks[0].block8.records[0]");
}

// The first error is the input's: once a caller records one in the
// reader's context, the reader reads nothing more.
TEST(BitstreamErrors, AnErrorInTheContextEndsTheRead) {
  const auto file = one_block([](Writer& w) { w.record(1, {}); });
  Limits limits;
  Context ctx(limits, file.size());
  Stream s;
  ASSERT_TRUE(locate_stream(file, ctx, s));
  Reader r(s.bytes, s.offset * 8, ctx);
  uint32_t magic = 0;
  ASSERT_TRUE(r.start(magic));
  ASSERT_EQ(r.next(), Reader::Entry::enter_block);
  ctx.fail(Code::invalid_value, 0, FieldPath::root("caller"), "a caller's check");
  const uint64_t at = r.bit_offset();
  EXPECT_EQ(r.next(), Reader::Entry::error);
  EXPECT_EQ(r.bit_offset(), at);
  EXPECT_EQ(ctx.error()->message, "a caller's check");
}

TEST(BitstreamErrors, UnterminatedVbr) {  // "Unterminated VBR"
  auto file = one_block([](Writer& w) {
    w.emit_fixed(kUnabbrevRecord, 3);
    w.emit_vbr(1, 6);
    w.emit_vbr(1, 6);
    for (int i = 0; i < 14; ++i) w.emit_fixed(0x3F, 6);
    w.emit_fixed(0, 6);
  });
  const Diagnostic d = walk_error(file);
  EXPECT_EQ(d.code, Code::vbr_too_long);
  EXPECT_EQ(d.offset, 32u + 64 + 3 + 12);
  EXPECT_EQ(d.path, "blocks[0].block8.records[0]");
}

TEST(BitstreamErrors, SizeNotPlausible) {  // "Size is not plausible"
  auto unabbrev = one_block([](Writer& w) {
    w.emit_fixed(kUnabbrevRecord, 3);
    w.emit_vbr(1, 6);
    w.emit_vbr(1000, 6);
  });
  EXPECT_EQ(walk_error(unabbrev).code, Code::count_too_large);
  auto array = one_block([](Writer& w) {
    const AbbrevOp ops[] = {{Encoding::literal, 1}, {Encoding::array, 0}, {Encoding::fixed, 8}};
    w.define_abbrev(ops);
    w.emit_fixed(4, 3);
    w.emit_vbr(20, 6);  // 160 bits of elements, fewer remain
  });
  EXPECT_EQ(walk_error(array).code, Code::count_too_large);
}

TEST(BitstreamErrors, StreamNotWholeWords) {  // "Invalid bitcode signature"
  auto file = one_block([](Writer&) {});
  file.push_back(0);
  const Diagnostic d = walk_error(file);
  EXPECT_EQ(d.code, Code::bitstream_size);
  EXPECT_EQ(d.offset, 0u);
  EXPECT_EQ(walk_error({0x42, 0x43}).code, Code::bitstream_size);
  EXPECT_EQ(walk_error({}).code, Code::truncated);
}

TEST(BitstreamErrors, TopLevelMayHoldOnlyBlocks) {
  for (uint64_t id : {uint64_t{0}, uint64_t{2}, uint64_t{3}}) {
    Writer w(kLlvmIrMagic);
    w.emit_fixed(id, 2);
    const Diagnostic d = walk_error(w.finish());
    EXPECT_EQ(d.code, Code::invalid_top_level) << id;
    EXPECT_EQ(d.offset, 32u);
    EXPECT_EQ(d.path, "blocks[0]");
  }
}

TEST(BitstreamErrors, StreamEndsInsideABlock) {  // LLVM 22's BitcodeReader accepts this
  // (Zero padding would read as END_BLOCK, so the stream ends right after
  // a record that fills its last word.)
  Writer w(kLlvmIrMagic);
  w.enter_block(8, 4);
  w.record(1, {});  // 4 + 6 + 6 bits
  w.record(1, {});
  const Diagnostic d = walk_error(w.finish());
  EXPECT_EQ(d.code, Code::unterminated_block);
  EXPECT_EQ(d.offset, 32u + 64 + 32);
  EXPECT_EQ(d.path, "blocks[0].block8");
  Writer empty(kLlvmIrMagic);
  empty.enter_block(8, 3);
  EXPECT_EQ(walk_error(empty.finish()).code, Code::unterminated_block);
}

TEST(BitstreamErrors, NumWordsPastTheStreamIsAnError) {
  Writer w(kLlvmIrMagic);
  w.enter_block(8, 3);
  w.end_block_with_words(2);
  const Diagnostic d = walk_error(w.finish());
  EXPECT_EQ(d.code, Code::block_length_out_of_bounds);
  EXPECT_EQ(d.offset, 32u + 32);
}

// A record's char6 operand with four bits left in the stream: the read
// stops there, as a fixed operand's does, rather than invent a character.
TEST(BitstreamErrors, Char6OperandPastTheEndIsTruncation) {
  // A fixed operand first, whose width puts the char6 four bits before the
  // stream's last word ends.
  const auto stream = [](unsigned width, uint64_t& end) {
    Writer w(kLlvmIrMagic);
    w.enter_block(8, 3);
    const AbbrevOp ops[] = {{Encoding::literal, 1}, {Encoding::fixed, width}, {Encoding::char6, 0}};
    w.emit_fixed(w.define_abbrev(ops), 3);
    w.emit_fixed(0, width);
    end = w.bit_position();
    return w.finish();
  };
  unsigned width = 1;
  uint64_t end = 0;
  while ((void)stream(width, end), end % 32 != 28) ++width;
  ASSERT_LE(width, 32u);
  const Diagnostic d = walk_error(stream(width, end));
  EXPECT_EQ(d.code, Code::truncated);
  EXPECT_EQ(d.message, "record operand runs past the end of the stream");
}

// A VBR field the stream ends inside (here ENTER_SUBBLOCK's block id,
// whose vbr8 chunks all say another follows) is cut off, not too long.
TEST(BitstreamErrors, VbrCutOffByTheEndIsTruncation) {
  Writer w(kLlvmIrMagic);
  w.emit_fixed(kEnterSubblock, 2);
  w.emit_fixed(0x3FFFFFFF, 30);  // three chunks of 0xFF, then six bits of one
  const Diagnostic d = walk_error(w.finish());
  EXPECT_EQ(d.code, Code::truncated);
  EXPECT_EQ(d.offset, 32u + 2);  // where the field starts: a failed read does not move
  EXPECT_EQ(d.message, "block id runs past the end of the stream");
}

// ENTER_SUBBLOCK's id and abbrev width, then the end of the stream where
// its NumWords word would start: the block is cut off, not a block of
// zero words.
TEST(BitstreamErrors, NumWordsCutOffIsTruncation) {
  Writer w(kLlvmIrMagic);
  w.emit_fixed(kEnterSubblock, 2);
  w.emit_vbr(8, 8);  // block id
  w.emit_vbr(3, 4);  // abbrev id width
  const Diagnostic d = walk_error(w.finish());  // padded to the word boundary
  EXPECT_EQ(d.code, Code::truncated);
  EXPECT_EQ(d.offset, 32u + 32);
  EXPECT_NE(d.message.find("NumWords field runs past the end"), std::string::npos) << d.message;
}

TEST(BitstreamErrors, NumWordsDisagreeingWithEndBlockIsAWarning) {
  Writer w(kLlvmIrMagic);
  w.enter_block(8, 3);
  w.enter_block(9, 3);
  w.end_block_with_words(0);  // really 1
  w.end_block();
  const auto r = walk(w.finish());
  ASSERT_FALSE(r.error);
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, Code::block_length_mismatch);
  EXPECT_EQ(r.warnings[0].path, "blocks[0].block8.blocks[0].block9");
}

TEST(BitstreamErrors, BlockInfoRecords) {
  auto bad = [](auto body) {
    Writer w(kLlvmIrMagic);
    w.begin_blockinfo();
    body(w);
    w.end_blockinfo();
    return walk_error(w.finish());
  };
  EXPECT_EQ(bad([](Writer& w) { w.record(kSetBid, {}); }).code, Code::invalid_blockinfo);
  EXPECT_EQ(bad([](Writer& w) { w.record(kBlockName, {}); }).code, Code::invalid_blockinfo);
  const Diagnostic d = bad([](Writer& w) {
    w.set_bid(8);
    w.record(kSetRecordName, {});  // llvm-bcanalyzer-22 aborts on this
  });
  EXPECT_EQ(d.code, Code::invalid_blockinfo);
  EXPECT_EQ(d.path, "blocks[0].BLOCKINFO_BLOCK.records[1]");
  EXPECT_EQ(bad([](Writer& w) {
              const AbbrevOp ops[] = {{Encoding::literal, 1}};
              w.define_abbrev(ops);
            }).code,
            Code::invalid_blockinfo);
  const Diagnostic wide = bad([](Writer& w) {
    const uint64_t past_32_bits[] = {uint64_t{1} << 32};  // block 0 if cut to 32 bits
    w.record(kSetBid, past_32_bits);
  });
  EXPECT_EQ(wide.code, Code::invalid_blockinfo);
  EXPECT_EQ(wide.message, "SETBID block id does not fit 32 bits");
  // The largest 32-bit id fits.
  Writer widest(kLlvmIrMagic);
  widest.begin_blockinfo();
  widest.set_bid(UINT32_MAX);
  widest.end_blockinfo();
  EXPECT_FALSE(walk(widest.finish()).error);
}

// The abbreviations BLOCKINFO registers for a block count against the
// same limit as a block's own; the error names the BLOCKINFO block's own
// DEFINE_ABBREV, by its place among them.
TEST(BitstreamErrors, BlockInfoAbbrevsPastTheLimit) {
  Limits limits;
  limits.max_abbrevs_per_block = 2;
  const auto registering = [&](int count) {
    Writer w(kLlvmIrMagic);
    w.begin_blockinfo();
    w.set_bid(8);
    const AbbrevOp ops[] = {{Encoding::literal, 1}};
    for (int i = 0; i < count; ++i) (void)w.blockinfo_abbrev(ops);
    w.end_blockinfo();
    return walk(w.finish(), limits);
  };
  EXPECT_FALSE(registering(2).error);
  const auto r = registering(3);
  ASSERT_TRUE(r.error);
  EXPECT_EQ(r.error->code, Code::limit_exceeded);
  EXPECT_NE(r.error->message.find("abbreviations for block 8"), std::string::npos) << r.error->message;
  EXPECT_EQ(r.error->path, "blocks[0].BLOCKINFO_BLOCK.abbrevs[2]");
}

TEST(BitstreamErrors, Wrapper) {
  const auto stream = one_block([](Writer&) {});
  auto file = wrap(stream);
  EXPECT_FALSE(walk(file).error);
  // Offset + size past the end, and wrapping in 32 bits.
  for (auto [offset, size] : {std::pair<uint32_t, uint32_t>{20, 1000}, {0xFFFFFFF0u, 0x20u}, {20, 0xFFFFFFFFu}}) {
    auto bad = file;
    store_le_at(bad, 8, offset);
    store_le_at(bad, 12, size);
    const Diagnostic d = walk_error(bad);
    EXPECT_EQ(d.code, Code::wrapper_out_of_bounds);
    EXPECT_EQ(d.unit, OffsetUnit::byte);
  }
  auto short_file = std::vector<uint8_t>(file.begin(), file.begin() + 12);
  const Diagnostic cut = walk_error(short_file);
  EXPECT_EQ(cut.code, Code::truncated);
  EXPECT_EQ(cut.message, "bitcode wrapper header needs 20 bytes, the file has 12");
  // An offset inside the header is legal but suspicious.
  auto overlap = file;
  store_le_at(overlap, 8, uint32_t{0});
  store_le_at(overlap, 12, uint32_t{0});
  const auto r = walk(overlap);
  EXPECT_EQ(r.error.value_or(Diagnostic{}).code, Code::truncated);  // an empty stream
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_EQ(r.warnings[0].code, Code::wrapper_overlaps_header);
}

TEST(BitstreamErrors, ErrorLineSaysBit) {
  Writer w(kLlvmIrMagic);
  w.emit_fixed(3, 2);
  EXPECT_EQ(walk_error(w.finish()).to_string(),
            "invalid_top_level at bit 32: blocks[0]: abbrev id 3 at the top level: only blocks (ENTER_SUBBLOCK) may "
            "appear there");
}

}  // namespace
}  // namespace sp::bitstream
