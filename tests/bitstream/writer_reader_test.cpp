// Writer -> reader round trips: every abbreviation operand kind, blobs,
// nested blocks, BLOCKINFO (abbrevs and names registered for other blocks),
// several top-level blocks and the wrapper; and the bcanalyzer dump of what
// was written.
#include <gtest/gtest.h>

#include <stdexcept>

#include "bitstream/reader.h"
#include "bitstream/support.h"
#include "bitstream/wrapper.h"
#include "core/strings.h"

namespace sp::bitstream {
namespace {

using test::bcanalyzer;
using test::walk;

constexpr uint32_t kOtherMagic = 0x12345678;

// One line per entry the reader returns.
std::string trace(const std::vector<uint8_t>& file) {
  Limits limits;
  Context ctx(limits, file.size());
  Stream s;
  EXPECT_TRUE(locate_stream(file, ctx, s));
  Reader r(s.bytes, s.offset * 8, ctx);
  uint32_t magic = 0;
  EXPECT_TRUE(r.start(magic));
  std::string out = strprintf("magic %08x\n", magic);
  for (;;) {
    switch (r.next()) {
      case Reader::Entry::error:
        return out + "error " + ctx.error()->to_string() + "\n";
      case Reader::Entry::end_of_stream:
        return out;
      case Reader::Entry::enter_block:
        out += strprintf("%*senter %u width %u words %u\n", static_cast<int>(2 * r.depth() - 2), "", r.block().id,
                         r.block().code_width, r.block().num_words);
        break;
      case Reader::Entry::end_block:
        out += strprintf("%*send %u\n", static_cast<int>(2 * r.depth() - 2), "", r.block().id);
        break;
      case Reader::Entry::define_abbrev:
        out += strprintf("%*sabbrev\n", static_cast<int>(2 * r.depth()), "");
        break;
      case Reader::Entry::record: {
        const Record& rec = r.record();
        out += strprintf("%*srecord %u abbrev %u", static_cast<int>(2 * r.depth()), "", rec.code, rec.abbrev_id);
        for (uint64_t v : rec.ops) out += strprintf(" %llu", static_cast<unsigned long long>(v));
        if (rec.array_start >= 0) out += strprintf(" array@%lld", static_cast<long long>(rec.array_start));
        if (rec.has_blob) out += " blob '" + std::string(rec.blob.begin(), rec.blob.end()) + "'";
        out += "\n";
        break;
      }
    }
  }
}

std::vector<uint64_t> chars(std::string_view s) { return {s.begin(), s.end()}; }

TEST(WriterReader, EveryOperandKind) {
  Writer w(kLlvmIrMagic);
  w.enter_block(8, 3);
  const AbbrevOp all[] = {{Encoding::fixed, 5},  {Encoding::literal, 77}, {Encoding::vbr, 6},
                          {Encoding::char6, 0},  {Encoding::fixed, 32},   {Encoding::vbr, 32},
                          {Encoding::array, 0},  {Encoding::fixed, 8}};
  const uint32_t a = w.define_abbrev(all);
  const AbbrevOp c6[] = {{Encoding::literal, 16}, {Encoding::array, 0}, {Encoding::char6, 0}};
  const uint32_t b = w.define_abbrev(c6);
  const AbbrevOp vb[] = {{Encoding::vbr, 4}, {Encoding::array, 0}, {Encoding::vbr, 3}};
  const uint32_t v = w.define_abbrev(vb);
  const AbbrevOp bl[] = {{Encoding::literal, 5}, {Encoding::vbr, 6}, {Encoding::blob, 0}};
  const uint32_t blob = w.define_abbrev(bl);
  const uint64_t ops_a[] = {77, 1000, 'x', 0xFFFFFFFF, 0x12345678, 'h', 'i', 0};
  w.record(a, 3, ops_a);
  w.record(b, 16, chars("a.c_Z9"));
  const uint64_t ops_v[] = {1, 2, 3, 100000};
  w.record(v, 9, ops_v);
  const uint64_t ops_bl[] = {42};
  const std::string text = "blob\x01 data";
  w.record(blob, 5, ops_bl, Bytes(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
  w.record(blob, 5, ops_bl, Bytes());
  const uint64_t raw[] = {0, ~uint64_t{0}, 1u << 31};
  w.record(1, raw);
  w.record(2, {});
  w.end_block();
  const auto file = w.finish();
  EXPECT_EQ(trace(file),
            "magic dec04342\n"
            "enter 8 width 3 words " + std::to_string((file.size() - 12) / 4) + "\n"
            "  abbrev\n  abbrev\n  abbrev\n  abbrev\n"
            "  record 3 abbrev 4 77 1000 120 4294967295 305419896 104 105 0 array@5\n"
            "  record 16 abbrev 5 97 46 99 95 90 57 array@0\n"
            "  record 9 abbrev 6 1 2 3 100000 array@0\n"
            "  record 5 abbrev 7 42 blob 'blob\x01 data'\n"
            "  record 5 abbrev 7 42 blob ''\n"
            "  record 1 abbrev 3 0 18446744073709551615 2147483648\n"
            "  record 2 abbrev 3\n"
            "end 8\n");
  EXPECT_TRUE(walk(file).warnings.empty());
}

TEST(WriterReader, WidthZeroIsLiteralZero) {
  Writer w(kOtherMagic);
  w.enter_block(9, 3);
  const AbbrevOp ops[] = {{Encoding::fixed, 3}, {Encoding::fixed, 0}, {Encoding::vbr, 0}};
  const uint32_t id = w.define_abbrev(ops);
  w.emit_fixed(id, 3);
  w.emit_fixed(6, 3);  // the code; the two zero-width operands take no bits
  w.end_block();
  EXPECT_EQ(trace(w.finish()), "magic 12345678\nenter 9 width 3 words 2\n  abbrev\n  record 6 abbrev 4 0 0\nend 9\n");
}

// A field of an abbreviated record that cannot be read ends the walk at
// that record: the reader returns the error, never the record with the
// fields it did read. The record's code (fixed(32) with 7 bits left), a
// scalar operand (fixed(32) with 30 bits left) and an array element (a
// vbr6 chain of 14 chunks).
TEST(WriterReader, AnAbbreviatedFieldThatCannotBeReadEndsTheWalkAtItsRecord) {
  const std::string entered = "magic dec04342\nenter 8 width ";
  const auto record_of = [](std::vector<AbbrevOp> ops, auto operands) {
    return test::one_block([&](Writer& w) {
      w.define_abbrev(ops);
      w.emit_fixed(4, 3);
      operands(w);
    });
  };
  const auto none = [](Writer&) {};
  EXPECT_EQ(trace(record_of({{Encoding::fixed, 32}}, none)),
            entered + "3 words 1\n  abbrev\nerror truncated at bit 121: blocks[0].block8.records[0]: record "
                      "operand runs past the end of the stream\n");
  EXPECT_EQ(trace(record_of({{Encoding::literal, 1}, {Encoding::fixed, 32}}, none)),
            entered + "3 words 2\n  abbrev\nerror truncated at bit 130: blocks[0].block8.records[0]: record "
                      "operand runs past the end of the stream\n");
  EXPECT_EQ(trace(record_of({{Encoding::literal, 1}, {Encoding::array, 0}, {Encoding::vbr, 6}},
                            [](Writer& w) {
                              w.emit_vbr(1, 6);
                              for (int i = 0; i < 14; ++i) w.emit_fixed(0x3F, 6);
                              w.emit_fixed(0, 6);
                            })),
            entered + "3 words 5\n  abbrev\nerror vbr_too_long at bit 135: blocks[0].block8.records[0]: operand: "
                      "vbr6 value has more than 64 significant bits\n");
}

TEST(WriterReader, NestedBlocksAndAbbrevScopes) {
  Writer w(kOtherMagic);
  w.enter_block(8, 4);
  const AbbrevOp outer[] = {{Encoding::literal, 1}, {Encoding::fixed, 4}};
  w.define_abbrev(outer);
  w.enter_block(9, 5);
  const AbbrevOp inner[] = {{Encoding::literal, 2}, {Encoding::fixed, 7}};
  const uint32_t id = w.define_abbrev(inner);
  EXPECT_EQ(id, 4u);  // the outer block's abbrevs are not in scope
  const uint64_t v[] = {99};
  w.record(id, 2, v);
  w.end_block();
  const uint64_t o[] = {9};
  w.record(4, 1, o);
  w.end_block();
  EXPECT_EQ(trace(w.finish()),
            "magic 12345678\nenter 8 width 4 words 6\n  abbrev\n  enter 9 width 5 words 2\n    abbrev\n"
            "    record 2 abbrev 4 99\n  end 9\n  record 1 abbrev 4 9\nend 8\n");
}

TEST(WriterReader, BlockInfoAbbrevsNamesAndMultipleModules) {
  Writer w(kOtherMagic);
  for (int module = 0; module < 2; ++module) {
    w.enter_block(8, 3);
    w.begin_blockinfo();
    w.set_bid(12);
    w.block_name(module == 0 ? "FIRST" : "SECOND");
    w.record_name(1, "ONE");
    w.record_name(1, "SHADOWED");  // the first name wins
    w.record_name(2, "");
    const AbbrevOp ops[] = {{Encoding::literal, 1}, {Encoding::array, 0}, {Encoding::char6, 0}};
    EXPECT_EQ(w.blockinfo_abbrev(ops), 4u);
    w.end_blockinfo();
    w.enter_block(12, 3);
    const AbbrevOp local[] = {{Encoding::literal, 3}};
    EXPECT_EQ(w.define_abbrev(local), 5u);  // after the BLOCKINFO abbrev
    w.record(4, 1, chars("abc"));
    w.record(5, 3, {});
    w.record(2, {});
    w.end_block();
    w.end_block();
  }
  const auto file = w.finish();
  const auto stats = walk(file).stats;
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->top_level_blocks, 2u);
  EXPECT_EQ(stats->blocks, 6u);
  const auto dump = bcanalyzer(file);
  ASSERT_TRUE(dump);
  EXPECT_NE(dump->find("  <FIRST NumWords="), std::string::npos) << *dump;
  EXPECT_NE(dump->find("  <SECOND NumWords="), std::string::npos) << *dump;
  EXPECT_NE(dump->find("    <ONE abbrevid=4 op0=97 op1=98 op2=99/> record string = 'abc'\n"), std::string::npos);
  EXPECT_NE(dump->find("    <UnknownCode3 abbrevid=5/>\n    </>\n  </FIRST>\n"), std::string::npos) << *dump;
  EXPECT_EQ(dump->find("SHADOWED"), std::string::npos);
  EXPECT_EQ(dump->substr(dump->size() - 2), "\n\n");
}

TEST(WriterReader, BlockInfoIsReplacedNotMerged) {
  Writer w(kOtherMagic);
  w.enter_block(8, 3);
  w.begin_blockinfo();
  w.set_bid(9);
  w.block_name("OLD");
  w.end_blockinfo();
  w.begin_blockinfo();
  w.set_bid(10);
  w.block_name("NEW");
  w.end_blockinfo();
  w.enter_block(9, 2);
  w.end_block();
  w.enter_block(10, 2);
  w.end_block();
  w.end_block();
  const auto dump = bcanalyzer(w.finish());
  ASSERT_TRUE(dump);
  EXPECT_NE(dump->find("<UnknownBlock9 "), std::string::npos) << *dump;
  EXPECT_NE(dump->find("<NEW "), std::string::npos) << *dump;
}

// The writer feeds the corpus and the round trips, so a caller's mistake
// must stop it rather than write a record the reader would take apart
// differently: an abbrev id that no DEFINE_ABBREV in scope gave, or
// operands that do not match the abbreviation in number.
TEST(WriterReader, AnAbbreviatedRecordThatDoesNotMatchItsAbbreviationThrows) {
  const AbbrevOp pair[] = {{Encoding::literal, 7}, {Encoding::fixed, 3}, {Encoding::vbr, 6}};
  // A writer that has thrown holds part of a record, so each misuse gets
  // its own.
  const auto write = [&](uint32_t id_past_defined, std::span<const uint64_t> ops) {
    Writer w(kLlvmIrMagic);
    w.enter_block(8, 3);
    const uint32_t id = w.define_abbrev(pair);
    w.record(id + id_past_defined, 7, ops);
    w.end_block();
    return w.finish();
  };
  const uint64_t one[] = {1};
  const uint64_t two[] = {1, 2};
  const uint64_t three[] = {1, 2, 3};
  EXPECT_THROW(write(1, two), std::logic_error);
  EXPECT_THROW(write(-1u, two), std::logic_error);  // 3, an id the stream itself uses
  EXPECT_THROW(write(0, one), std::logic_error);
  EXPECT_THROW(write(0, three), std::logic_error);
  EXPECT_EQ(trace(write(0, two)),
            "magic dec04342\n"
            "enter 8 width 3 words 2\n"
            "  abbrev\n"
            "  record 7 abbrev 4 1 2\n"
            "end 8\n");
}

// identify and the registry's probe see only the head of a file: a wrapper
// magic with too few bytes behind it is still bitcode (so the reader, not
// "unknown format", reports the truncation), and a whole wrapper header is
// bitcode only when its offset points at the IR magic.
TEST(WriterReader, AWrapperIsBitcodeWhenItsOffsetPointsAtTheMagic) {
  Writer w(kLlvmIrMagic);
  w.enter_block(13, 5);
  w.end_block();
  const auto file = wrap(w.finish(), 0x01000007, 12);
  EXPECT_TRUE(looks_like_bitcode(file));
  for (size_t n = 4; n < kWrapperHeaderSize; ++n)
    EXPECT_TRUE(looks_like_bitcode(Bytes(file.data(), n))) << n << " bytes";
  auto elsewhere = file;
  elsewhere[8] = 24;  // past the magic, into the stream
  EXPECT_FALSE(looks_like_bitcode(elsewhere));
  auto outside = file;
  outside[8] = static_cast<uint8_t>(file.size() - 2);  // the magic would end past the file
  EXPECT_FALSE(looks_like_bitcode(outside));
  // A whole header and nothing else: its offset cannot point at a magic.
  EXPECT_FALSE(looks_like_bitcode(Bytes(file.data(), kWrapperHeaderSize)));
}

TEST(WriterReader, WrapperAndDumpLine) {
  Writer w(kLlvmIrMagic);
  w.enter_block(13, 5);
  w.record(1, chars("LLVM"));
  w.end_block();
  const auto stream = w.finish();
  const auto file = wrap(stream, 0x01000007, 12);
  const auto stats = walk(file).stats;
  ASSERT_TRUE(stats);
  EXPECT_TRUE(stats->wrapped);
  EXPECT_EQ(stats->magic, kLlvmIrMagic);
  EXPECT_EQ(*bcanalyzer(file),
            strprintf("<BITCODE_WRAPPER_HEADER Magic=0x0b17c0de Version=0x00000000 Offset=0x00000014 "
                      "Size=0x%08zx CPUType=0x01000007/>\n",
                      stream.size()) +
                "<IDENTIFICATION_BLOCK_ID NumWords=3 BlockCodeSize=5>\n"
                "  <STRING op0=76 op1=76 op2=86 op3=77/>\n"
                "</IDENTIFICATION_BLOCK_ID>\n\n\n");
}

TEST(WriterReader, DumpRendersBlobsStringsAndMetadataStrings) {
  Writer w(kLlvmIrMagic);
  w.enter_block(15, 3);  // METADATA_BLOCK
  const AbbrevOp strings[] = {{Encoding::literal, 35}, {Encoding::vbr, 6}, {Encoding::vbr, 6}, {Encoding::blob, 0}};
  const uint32_t s = w.define_abbrev(strings);
  // Two strings, "ab" and "\n\x7f'", lengths as vbr6 in the blob, padded to 32 bits.
  Writer lengths(0);
  lengths.emit_vbr(2, 6);
  lengths.emit_vbr(3, 6);
  auto len = lengths.finish();
  std::vector<uint8_t> blob(len.begin() + 4, len.end());
  const uint64_t offset = blob.size();
  for (char c : std::string("ab\n\x7f'")) blob.push_back(static_cast<uint8_t>(c));
  const uint64_t ops[] = {2, offset};
  w.record(s, 35, ops, blob);
  const AbbrevOp name[] = {{Encoding::literal, 4}, {Encoding::array, 0}, {Encoding::fixed, 8}};
  const uint32_t n = w.define_abbrev(name);
  w.record(n, 4, chars("it's"));
  const uint64_t unprintable[] = {'a', 0x80};
  w.record(n, 4, unprintable);
  const uint64_t wraps[] = {0x141};  // LLVM looks at the low byte only: 'A'
  const AbbrevOp name16[] = {{Encoding::literal, 4}, {Encoding::array, 0}, {Encoding::vbr, 6}};
  const uint32_t n16 = w.define_abbrev(name16);
  w.record(n16, 4, wraps);
  w.record(n16, 4, {});
  w.end_block();
  EXPECT_EQ(*bcanalyzer(w.finish()),
            "<METADATA_BLOCK NumWords=10 BlockCodeSize=3>\n"
            "  <STRINGS abbrevid=4 op0=2 op1=4/> num-strings = 2 {\n"
            "    'ab'\n"
            "    '\\n\\x7F''\n"
            "  }\n"
            "  <NAME abbrevid=5 op0=105 op1=116 op2=39 op3=115/> record string = 'it's'\n"
            "  <NAME abbrevid=5 op0=97 op1=128/>\n"
            "  <NAME abbrevid=6 op0=321/> record string = 'A'\n"
            "  <NAME abbrevid=6/> record string = ''\n"
            "</METADATA_BLOCK>\n\n\n");
}

}  // namespace
}  // namespace sp::bitstream
