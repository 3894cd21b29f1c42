// Hostile SHBINs: every structural damage ends in one error with its code,
// the byte offset of the field at fault and its path; every semantic check
// is a warning of its own code; 100,000 DVLEs, counts of 0xFFFFFFFF in
// every table, offsets past the end or wrapping, unterminated strings and
// aliasing names end cleanly (the sizes and times here, and the RSS in
// memory_test.cpp).
#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "conformance/shbin/builders.h"
#include "conformance/shbin/edits.h"
#include "conformance/shbin/samples.h"
#include "shbin/describe.h"
#include "shbin/listing.h"
#include "shbin/model.h"

namespace sp::shbin {
namespace {

struct Outcome {
  bool ok = false;
  Shbin model;
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
};

Outcome outcome_of(const std::vector<uint8_t>& file) {
  const Limits limits;
  Context ctx(limits, file.size());
  Outcome o;
  o.ok = parse_shbin(file, 0, ctx, o.model);
  EXPECT_EQ(o.ok, !ctx.failed());
  o.error = ctx.take_error();
  o.warnings = ctx.take_warnings();
  return o;
}

struct Expected {
  Code code;
  uint64_t offset;
  std::string path;
};

void expect_error(const std::vector<uint8_t>& file, const Expected& e, const std::string& what) {
  const Outcome o = outcome_of(file);
  ASSERT_TRUE(o.error.has_value()) << what;
  EXPECT_EQ(o.error->code, e.code) << what << ": " << o.error->to_string();
  EXPECT_EQ(o.error->offset, e.offset) << what << ": " << o.error->to_string();
  EXPECT_EQ(o.error->path, e.path) << what << ": " << o.error->to_string();
}

// The textured quad (DVLB at 0, DVLP at 0xC, the DVLE at 0xA0) edited
// through its model, then written.
std::vector<uint8_t> quad_with(const std::function<void(Shbin&)>& edit) {
  Shbin s = build::textured_quad(Layout::picasso);
  edit(s);
  return write_shbin(s);
}

std::vector<uint8_t> quad() { return quad_with([](Shbin&) {}); }

constexpr uint64_t kDvlp = 0xC;
constexpr uint64_t kDvle = 0xA0;

TEST(ShbinHostile, HeadersAndMagics) {
  std::vector<uint8_t> f = quad();
  f[0] = 'X';
  expect_error(f, {Code::bad_magic, 0, "dvlb.magic"}, "DVLB magic");
  expect_error({'D', 'V', 'L', 'B'}, {Code::truncated, 0, "dvlb"}, "4 bytes");
  f = quad();
  f[kDvlp + 3] = 'X';
  expect_error(f, {Code::bad_magic, kDvlp, "dvlp.magic"}, "DVLP magic");
  f = quad();
  f[kDvle] = 'X';
  expect_error(f, {Code::bad_magic, kDvle, "dvles[0].magic"}, "DVLE magic");
  // A file ending inside each header.
  f = quad();
  expect_error(std::vector<uint8_t>(f.begin(), f.begin() + 0x20), {Code::truncated, kDvlp, "dvlp"}, "DVLP header");
  expect_error(std::vector<uint8_t>(f.begin(), f.begin() + kDvle + 0x3F), {Code::truncated, kDvle, "dvles[0]"},
               "DVLE header");
  // The path says which header, the offset where; the message its size
  // and what the file has left from there.
  EXPECT_EQ(outcome_of({'D', 'V', 'L', 'B', 1, 0}).error->message, "needs 8 bytes, 6 remain");
  EXPECT_EQ(outcome_of(std::vector<uint8_t>(f.begin(), f.begin() + kDvle + 0x28)).error->message,
            "needs 64 bytes, 40 remain");
}

TEST(ShbinHostile, DvleOffsetTable) {
  expect_error(quad_with([](Shbin& s) { s.dvle_count = 0xFFFFFFFF; }), {Code::count_too_large, 4, "dvlb.dvle_count"},
               "count");
  for (uint32_t offset : {0x120u, 0x1000u, 0xFFFFFFFFu})
    expect_error(quad_with([&](Shbin& s) { s.dvle_offsets[0] = offset; }),
                 {Code::offset_out_of_bounds, 8, "dvlb.dvle_offsets[0]"}, "offset " + std::to_string(offset));
  expect_error(quad_with([](Shbin& s) { s.dvle_offsets[0] = 0x100; }), {Code::truncated, 0x100, "dvles[0]"},
               "a DVLE straddling the end");
  expect_error(quad_with([](Shbin& s) { s.dvle_offsets[0] = kDvlp; }), {Code::bad_magic, kDvlp, "dvles[0].magic"},
               "a DVLE offset at the DVLP");
}

// 0xFFFFFFFF in every count, and offsets past the end or wrapping in every
// table (conformance/shbin/samples.h's tables(): the DVLP's four, the
// DVLE's five), each reported at its own field.
TEST(ShbinHostile, EveryTableCountAndOffset) {
  Shbin base = build::textured_quad(Layout::picasso);
  const std::vector<build::Table> tables = build::tables(base);
  ASSERT_EQ(tables.size(), 9u);
  for (size_t k = 0; k < tables.size(); ++k) {
    const build::Table& t = tables[k];
    const auto with = [&](const std::function<void(TableRef&)>& edit) {
      return quad_with([&](Shbin& s) { edit(*build::tables(s)[k].ref); });
    };
    for (uint32_t count : {0xFFFFFFFFu, 0x10000000u, 0x1000u})
      expect_error(with([&](TableRef& r) { r.count = count; }),
                   {Code::count_too_large, t.field + 4, t.path + "." + t.count_field},
                   t.path + " count " + std::to_string(count));
    for (uint32_t offset : {0xFFFFFFFFu, 0xFFFFFFF0u, 0x80000000u, 0x1000u})
      expect_error(with([&](TableRef& r) { r.offset = offset; }), {Code::offset_out_of_bounds, t.field, t.path + ".offset"},
                   t.path + " offset " + std::to_string(offset));
    // A table that starts inside the file and runs past its end.
    expect_error(with([&](TableRef& r) { r = {static_cast<uint32_t>(0x120 - t.origin - 4), 5}; }),
                 {Code::count_too_large, t.field + 4, t.path + "." + t.count_field}, t.path + " straddling the end");
  }
}

TEST(ShbinHostile, StringsEndInsideTheirTable) {
  // The symbol table cut before the NUL of "projection".
  expect_error(quad_with([](Shbin& s) { s.dvles[0].symbol_table.count = 10; }),
               {Code::unterminated_string, kDvle + 0x74, "dvles[0].uniforms[0].name"}, "unterminated");
  // A name offset at or past the table's end.
  for (uint32_t at : {11u, 0x1000u, 0xFFFFFFFFu})
    expect_error(quad_with([&](Shbin& s) { s.dvles[0].uniforms[0].name_offset = at; }),
                 {Code::offset_out_of_bounds, kDvle + 0x6C, "dvles[0].uniforms[0].name"}, "name offset " + std::to_string(at));
  // An empty symbol table with a uniform naming it.
  expect_error(quad_with([](Shbin& s) { s.dvles[0].symbol_table.count = 0; }),
               {Code::offset_out_of_bounds, kDvle + 0x6C, "dvles[0].uniforms[0].name"}, "no symbols");
  // Labels and line information's file names, in a second DVLE.
  Shbin s = build::vertex_and_geometry(Layout::picasso);
  s.dvles[1].labels[0].name_offset = 999;
  std::vector<uint8_t> f = write_shbin(s);
  const uint64_t label = s.dvles[1].offset + s.dvles[1].label_table.offset + 12;
  expect_error(f, {Code::offset_out_of_bounds, label, "dvles[1].labels[0].name"}, "label name");
  s = build::textured_quad(Layout::picasso);
  s.dvlp.lines = {{0, 1, "a.vsh"}, {0, 2, "a.vsh"}};
  lay_out(s, Layout::picasso);
  s.dvlp.string_table.count = 5;  // "a.vsh" without its NUL
  f = write_shbin(s);
  expect_error(f, {Code::unterminated_string, kDvlp + s.dvlp.string_table.offset, "dvlp.lines[0].file"}, "file name");
}

// Each semantic check (conformance/shbin/edits.h: the i_ cases): its own
// warning code, at the field, under its path; the file still decodes and
// lists.
TEST(ShbinHostile, EachSemanticCheckIsAWarningOfItsOwn) {
  std::set<sp::Code> codes;
  for (const build::SemanticEdit& e : build::semantic_edits()) {
    const Outcome o = outcome_of(build::edited_file(e));
    ASSERT_TRUE(o.ok) << e.name << ": " << o.error->to_string();
    std::string all;
    for (const Diagnostic& w : o.warnings) all += "\n" + w.to_string();
    ASSERT_EQ(o.warnings.size(), 1u) << e.name << all;
    EXPECT_EQ(o.warnings[0].code, e.warning) << e.name << ": " << o.warnings[0].to_string();
    EXPECT_EQ(o.warnings[0].offset, e.offset) << e.name << ": " << o.warnings[0].to_string();
    EXPECT_EQ(o.warnings[0].path, e.path) << e.name << ": " << o.warnings[0].to_string();
    codes.insert(e.warning);
    TextBuffer out;
    list_shbin(o.model, out);
    EXPECT_GT(out.size(), 0u) << e.name;
  }
  EXPECT_EQ(codes.size(), 14u);  // every code of the checks (docs/formats/shbin.md)
}

// Past --max-warnings the checks stop: the warnings are the first
// max_warnings findings and warnings_truncated, as when every finding was
// formatted and the Context dropped the rest.
TEST(ShbinHostile, ChecksStopWhereTheWarningsAreTruncated) {
  Shbin s = build::textured_quad(Layout::picasso);
  const size_t words = s.dvlp.code.size();
  s.dvlp.code.insert(s.dvlp.code.end(), 1000, 0x10u << 26);  // undefined opcode 0x10
  s.dvles[0].uniforms.push_back({.name_offset = 0, .first = 0x7F, .last = 0x7F, .name = "late"});  // in no register class
  lay_out(s, Layout::picasso);
  const Outcome o = outcome_of(write_shbin(s));
  ASSERT_TRUE(o.ok) << o.error->to_string();
  const Limits limits;
  ASSERT_EQ(o.warnings.size(), limits.max_warnings + 1u);
  for (size_t k = 0; k < limits.max_warnings; ++k) {
    EXPECT_EQ(o.warnings[k].code, Code::undefined_opcode);
    EXPECT_EQ(o.warnings[k].path, "dvlp.code[" + std::to_string(words + k) + "]");
  }
  EXPECT_EQ(o.warnings.back().code, Code::warnings_truncated);
  EXPECT_EQ(o.warnings.back().offset, o.warnings[limits.max_warnings - 1].offset + 4);
}

// 100,000 offset table entries naming one DVLE: decoded once.
TEST(ShbinHostile, OneHundredThousandEntriesSharingADvle) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvle_of.assign(100000, 0);
  lay_out(s, Layout::picasso);
  const std::vector<uint8_t> f = write_shbin(s);
  EXPECT_LT(f.size(), 401000u);
  const Outcome o = outcome_of(f);
  ASSERT_TRUE(o.ok) << o.error->to_string();
  EXPECT_EQ(o.model.dvles.size(), 1u);
  EXPECT_EQ(o.model.dvle_of.size(), 100000u);
  EXPECT_TRUE(o.warnings.empty());
}

// 100,000 distinct DVLEs, each with a uniform and an output.
TEST(ShbinHostile, OneHundredThousandDvles) {
  Shbin s = build::textured_quad(Layout::picasso);
  Dvle d = s.dvles[0];
  d.constants.clear();
  s.dvles.assign(100000, d);
  lay_out(s, Layout::picasso);  // an entry for each DVLE the table did not name
  ASSERT_EQ(s.dvle_offsets.size(), 100000u);
  const std::vector<uint8_t> f = write_shbin(s);
  const Outcome o = outcome_of(f);
  ASSERT_TRUE(o.ok) << o.error->to_string();
  EXPECT_EQ(o.model.dvles.size(), 100000u);
  EXPECT_EQ(o.model.dvles[99999].uniforms[0].name, "projection");
  EXPECT_EQ(write_shbin(o.model), f);
}

// Names that alias: 20,000 uniforms all naming one 60,000-byte string
// would copy 1.2 GB; the decode budget stops it.
TEST(ShbinHostile, AliasedNamesExhaustTheDecodeBudget) {
  Shbin s = build::textured_quad(Layout::picasso);
  const Uniform projection = s.dvles[0].uniforms[0];
  s.dvles[0].uniforms.assign(20000, projection);
  s.dvles[0].uniforms[0].name = std::string(60000, 'n');
  lay_out(s, Layout::picasso);
  for (Uniform& u : s.dvles[0].uniforms) u.name_offset = 0;
  const Outcome o = outcome_of(write_shbin(s));
  ASSERT_TRUE(o.error.has_value());
  EXPECT_EQ(o.error->code, Code::decode_budget_exceeded) << o.error->to_string();
}

// A DVLE's symbol table is charged to the decode budget as a whole, named
// or not (here a 600-byte name no uniform names any more: both name the
// first): the read ends at the table's size field.
TEST(ShbinHostile, ASymbolTableLargerThanTheBudgetIsRefusedAtItsSize) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvles[0].uniforms.push_back(build::uniform(std::string(600, 'n'), RegisterClass::floating, 10));
  lay_out(s, Layout::picasso);
  s.dvles[0].uniforms[1].name_offset = 0;
  const std::vector<uint8_t> file = write_shbin(s);
  Limits limits;
  limits.decode_budget_per_byte = 0;  // 64 records, whatever the size
  Context ctx(limits, file.size());
  Shbin model;
  EXPECT_FALSE(parse_shbin(file, 0, ctx, model));
  ASSERT_TRUE(ctx.error().has_value());
  // The DVLE is at 0xA0, its symbol table's size field at 0xA0 + 60.
  EXPECT_EQ(ctx.error()->to_string(),
            "decode_budget_exceeded at 220: dvles[0].symbol_table: 77 more records would exceed the decode budget of "
            "--decode-budget-per-byte (0) records per input byte");
}

// picasso's 0x28-byte DVLP header is told from nihstro's by the tables it
// points at: an empty table points nowhere, whatever its offset says.
TEST(ShbinHostile, AnEmptyDescriptorTableAtOffsetZeroKeepsPicassosHeader) {
  const std::vector<uint8_t> file = quad_with([](Shbin& s) {
    s.dvlp.descriptors.clear();
    lay_out(s, Layout::picasso);
    s.dvlp.descriptor_table = {0, 0};
  });
  const Outcome o = outcome_of(file);
  ASSERT_TRUE(o.ok) << o.error->to_string();
  EXPECT_EQ(o.model.dvlp.header_size, kPicassoDvlpSize);
}

// A prefix of a file may parse only when it holds everything the file
// claims: the end of the furthest structure, whichever that is (the DVLP's
// header, a table of 8-byte operand descriptors).
TEST(ShbinHostile, TheClaimedEndIsTheEndOfTheFurthestStructure) {
  Shbin s = build::textured_quad(Layout::picasso);
  lay_out(s, Layout::picasso);
  s.dvlp.descriptor_table = {0x10000, 3};
  EXPECT_EQ(claimed_end(s), s.dvlp.offset + 0x10000 + 3 * 8);
  s.dvlp.offset = 0x20000;
  s.dvlp.code_table = s.dvlp.descriptor_table = s.dvlp.line_table = s.dvlp.string_table = {0, 0};
  EXPECT_EQ(claimed_end(s), 0x20000u + kPicassoDvlpSize);
}

// Room for the distinct DVLEs is made once, for exactly as many as there
// are (libstdc++'s reserve gives the capacity asked for): a hundred
// thousand of them then cost no reallocation peak, and no more room than
// they fill.
TEST(ShbinHostile, DistinctDvlesAreAllocatedOnce) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvles.assign(3, s.dvles[0]);
  lay_out(s, Layout::picasso);
  const Outcome o = outcome_of(write_shbin(s));
  ASSERT_TRUE(o.ok) << o.error->to_string();
  EXPECT_EQ(o.model.dvles.size(), 3u);
  EXPECT_EQ(o.model.dvles.capacity(), 3u);
}

// Every proper prefix of every sample: an error, or a cut through padding
// only; and no single-byte change makes the reader, the checks, the
// dumps or the writer misbehave (ASan + UBSan watch), and every accepted
// one re-encodes to itself.
TEST(ShbinHostile, PrefixesAndByteFlips) {
  std::vector<std::vector<uint8_t>> samples = {write_shbin(build::textured_quad(Layout::picasso)),
                                               write_shbin(build::textured_quad(Layout::nihstro)),
                                               write_shbin(build::vertex_and_geometry(Layout::picasso)),
                                               write_shbin(build::vertex_and_geometry(Layout::nihstro))};
  for (const auto& f : samples) {
    const Outcome whole = outcome_of(f);
    ASSERT_TRUE(whole.ok);
    const uint64_t end = claimed_end(whole.model);
    for (size_t n = 0; n < f.size(); ++n) {
      const Outcome o = outcome_of(std::vector<uint8_t>(f.begin(), f.begin() + static_cast<ptrdiff_t>(n)));
      EXPECT_EQ(o.ok, n >= end) << n;
    }
    size_t flips = 0;
    for (size_t at = 0; at < f.size(); ++at)
      for (uint8_t value : {uint8_t{0}, uint8_t{0xFF}, static_cast<uint8_t>(f[at] ^ 0x80)}) {
        std::vector<uint8_t> g = f;
        g[at] = value;
        const Outcome o = outcome_of(g);
        if (!o.ok) continue;
        ++flips;
        TextBuffer out;
        list_shbin(o.model, out);
        EXPECT_FALSE(describe(o.model, o.warnings).dump().empty());
        EXPECT_EQ(write_shbin(o.model), g) << at;
      }
    EXPECT_GT(flips, f.size());
  }
}

}  // namespace
}  // namespace sp::shbin
