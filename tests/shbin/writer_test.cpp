// The writer: parse(write(model)) == model for models laid out in picasso's
// and nihstro's layouts, with one and several DVLEs, geometry shaders,
// every instruction format, line information, shared DVLEs; each layout's
// shape; models edited field by field encode to exactly those fields.
#include <gtest/gtest.h>

#include <set>

#include "conformance/shbin/builders.h"
#include "conformance/shbin/samples.h"
#include "shbin/model.h"

namespace sp::shbin {
namespace {

struct Parsed {
  bool ok = false;
  Shbin model;
  std::vector<Diagnostic> warnings;
  std::optional<Diagnostic> error;
};

Parsed read_back(const std::vector<uint8_t>& file) {
  const Limits limits;
  Context ctx(limits, file.size());
  Parsed p;
  p.ok = parse_shbin(file, 0, ctx, p.model);
  p.warnings = ctx.warnings();
  p.error = ctx.error();
  return p;
}

// parse(write(s)) == s, without warnings, and write(parse(write(s))) is
// the same bytes.
void expect_round_trip(const Shbin& s, const std::string& what) {
  const std::vector<uint8_t> bytes = write_shbin(s);
  ASSERT_EQ(bytes.size(), s.file_size) << what;
  const Parsed p = read_back(bytes);
  ASSERT_TRUE(p.ok) << what << ": " << p.error->to_string();
  EXPECT_TRUE(p.warnings.empty()) << what << ": " << p.warnings.front().to_string();
  EXPECT_EQ(p.model, s) << what;
  EXPECT_EQ(write_shbin(p.model), bytes) << what;
}

// Every sample of conformance/shbin/samples.h: both layouts, every
// instruction format, geometry shaders, shared DVLEs and tables, line
// information, tables out of order, unclaimed bytes.
TEST(ShbinWriter, EverySampleRoundTrips) {
  const std::vector<build::Sample> all = build::samples();
  EXPECT_GT(all.size(), 25u);
  for (const build::Sample& s : all) expect_round_trip(s.shbin, s.name);
}

// format_<f>_picasso holds every opcode of format f and nothing else but
// its closing end.
TEST(ShbinWriter, EachFormatSampleHoldsEveryOpcodeOfItsFormat) {
  size_t formats = 0;
  for (const build::Sample& s : build::samples()) {
    if (!s.name.starts_with("format_")) continue;
    ++formats;
    const std::vector<uint32_t>& code = s.shbin.dvlp.code;
    ASSERT_FALSE(code.empty());
    EXPECT_EQ(pica::decode(code.back()).op, pica::Op::end) << s.name;
    const pica::Format f = pica::decode(code.front()).format;
    EXPECT_EQ(s.name, "format_" + std::string(pica::format_name(f)) + "_picasso");
    std::set<pica::Op> ops;
    for (size_t k = 0; k + 1 < code.size(); ++k) {
      EXPECT_EQ(pica::decode(code[k]).format, f) << s.name << " word " << k;
      ops.insert(pica::decode(code[k]).op);
    }
    for (const pica::OpcodeInfo& row : pica::all_opcodes())
      if (row.format == f) {
        EXPECT_TRUE(ops.contains(row.op)) << s.name << ": " << row.name;
      }
  }
  EXPECT_EQ(formats, 10u);
}

TEST(ShbinWriter, EveryInstructionFormatSurvivesTheFile) {
  const build::Code code = build::every_format_code();
  const Parsed p = read_back(write_shbin(build::sample("every_format_picasso")));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.model.dvlp.code, code.words);
  EXPECT_EQ(p.model.dvlp.descriptors, code.descriptors);
  std::set<pica::Format> formats;
  for (uint32_t w : p.model.dvlp.code) formats.insert(pica::decode(w).format);
  EXPECT_EQ(formats.size(), 10u);  // 0, 1, 1i, 1u, 1c, 2, 3, 4, 5, 5i
}

// picasso: 0x28-byte DVLP, code right after it, each DVLE after the
// program, its tables in order constants, labels, outputs, uniforms,
// symbols, padded to a word.
TEST(ShbinWriter, PicassoLayout) {
  const Shbin s = build::vertex_and_geometry(Layout::picasso);
  EXPECT_EQ(s.dvlp.offset, 16u);
  EXPECT_EQ(s.dvlp.header_size, kPicassoDvlpSize);
  EXPECT_EQ(s.dvlp.code_table.offset, kPicassoDvlpSize);
  const uint64_t program_end = s.dvlp.offset + kPicassoDvlpSize + 4 * 9 + 8 * s.dvlp.descriptors.size();
  EXPECT_EQ(s.dvlp.line_table, (TableRef{static_cast<uint32_t>(program_end - s.dvlp.offset), 0}));
  ASSERT_EQ(s.dvles.size(), 2u);
  EXPECT_EQ(s.dvles[0].offset, align_up4(program_end));
  const Dvle& vs = s.dvles[0];
  EXPECT_EQ(vs.constant_table.offset, kDvleHeaderSize);
  EXPECT_LT(vs.constant_table.offset, vs.label_table.offset);
  EXPECT_LT(vs.label_table.offset, vs.outmap_table.offset);
  EXPECT_LT(vs.outmap_table.offset, vs.uniform_table.offset);
  EXPECT_LT(vs.uniform_table.offset, vs.symbol_table.offset);
  EXPECT_EQ(s.dvles[1].offset % 4, 0u);
  EXPECT_EQ(s.file_size % 4, 0u);
  EXPECT_EQ(s.dvle_offsets, (std::vector<uint32_t>{vs.offset, s.dvles[1].offset}));
  // Names: the uniforms', then the labels'.
  EXPECT_EQ(vs.symbols, std::string("projection\0loop_params\0use_light\0position\0vmain\0", 48));
}

// nihstro: 0x1C-byte DVLP with the DVLE headers right after it, then the
// program, then each DVLE's outputs, constants, uniforms, labels, symbols,
// unpadded; the reader tells the header sizes apart.
TEST(ShbinWriter, NihstroLayout) {
  const Shbin s = build::vertex_and_geometry(Layout::nihstro);
  EXPECT_EQ(s.dvlp.header_size, kNihstroDvlpSize);
  EXPECT_EQ(s.dvles[0].offset, s.dvlp.offset + kNihstroDvlpSize);
  EXPECT_EQ(s.dvles[1].offset, s.dvles[0].offset + kDvleHeaderSize);
  EXPECT_EQ(s.dvlp.code_table.offset, kNihstroDvlpSize + 2 * kDvleHeaderSize);
  const Dvle& vs = s.dvles[0];
  EXPECT_LT(vs.outmap_table.offset, vs.constant_table.offset);
  EXPECT_LT(vs.constant_table.offset, vs.uniform_table.offset);
  EXPECT_LT(vs.uniform_table.offset, vs.label_table.offset);
  EXPECT_LT(vs.label_table.offset, vs.symbol_table.offset);
  EXPECT_EQ(s.file_size, claimed_end(s));  // no padding
  const Parsed p = read_back(write_shbin(s));
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.model.dvlp.header_size, kNihstroDvlpSize);
  // nihstro writes version 0 everywhere; the reader reports, never checks.
  EXPECT_EQ(p.model.dvles[0].version, 0);
}

TEST(ShbinWriter, NihstroHasNoRoomForLineInformation) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvlp.lines = {{0, 1, "a.vsh"}};
  EXPECT_THROW(lay_out(s, Layout::nihstro), std::invalid_argument);
}

// The seed's line information and file names, in the 0x28-byte header.
TEST(ShbinWriter, LineInformationRoundTrips) {
  Shbin s = build::textured_quad(Layout::picasso);
  for (uint32_t k = 0; k < s.dvlp.code.size(); ++k) s.dvlp.lines.push_back({0, 10 + k, k < 4 ? "quad.vsh" : "lib.vsh"});
  lay_out(s, Layout::picasso);
  EXPECT_EQ(s.dvlp.strings, std::string("quad.vsh\0lib.vsh\0", 17));
  EXPECT_EQ(s.dvlp.lines[5].file_offset, 9u);
  expect_round_trip(s, "lines");
}

// Several offset table entries naming one DVLE: decoded once.
TEST(ShbinWriter, SharedDvlesRoundTrip) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvle_of = {0, 0, 0};
  lay_out(s, Layout::picasso);
  EXPECT_EQ(s.dvle_offsets, (std::vector<uint32_t>{s.dvles[0].offset, s.dvles[0].offset, s.dvles[0].offset}));
  expect_round_trip(s, "shared");
  const Parsed p = read_back(write_shbin(s));
  EXPECT_EQ(p.model.dvles.size(), 1u);
}

TEST(ShbinWriter, GeometryShaderFieldsRoundTrip) {
  const Parsed p = read_back(write_shbin(build::vertex_and_geometry(Layout::picasso)));
  ASSERT_TRUE(p.ok);
  const Dvle& gs = p.model.dvles[1];
  EXPECT_EQ(gs.type, static_cast<uint8_t>(ShaderType::geometry));
  EXPECT_EQ(gs.flags, 1);
  EXPECT_EQ(gs.geometry_mode, 2);
  EXPECT_EQ(gs.fixed_vertex_start, 48);
  EXPECT_EQ(gs.fixed_vertex_count, 4);
  ASSERT_EQ(gs.uniforms.size(), 1u);
  EXPECT_EQ(gs.uniforms[0].name, "gsh.scale");
  EXPECT_EQ(gs.labels[0].length, 5u);
}

// Bytes no structure claims, when not zero, are kept and written back.
TEST(ShbinWriter, UnclaimedBytesAreKept) {
  std::vector<uint8_t> file = write_shbin(build::textured_quad(Layout::picasso));
  file.insert(file.end(), {0, 0, 0xAB, 0, 0xCD, 0, 0});
  const Parsed p = read_back(file);
  ASSERT_TRUE(p.ok);
  ASSERT_EQ(p.model.unclaimed.size(), 1u);
  EXPECT_EQ(p.model.unclaimed[0].offset, 0x122u);
  EXPECT_EQ(p.model.unclaimed[0].bytes, std::string("\xAB\0\xCD", 3));
  EXPECT_EQ(write_shbin(p.model), file);
}

// Header fields are written as the model holds them, whatever the tables
// hold: a hostile count or offset is one field away.
TEST(ShbinWriter, FieldsAreWrittenAsTheModelHoldsThem) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvles[0].uniform_table.count = 0xFFFFFFFF;
  s.dvles[0].constant_table.offset = 0xFFFFFFF0;
  const std::vector<uint8_t> bytes = write_shbin(s);
  ASSERT_EQ(bytes.size(), s.file_size);
  const uint32_t at = s.dvles[0].offset;
  EXPECT_EQ(load_le<uint32_t>(bytes.data() + at + 0x34), 0xFFFFFFFFu);
  EXPECT_EQ(load_le<uint32_t>(bytes.data() + at + 0x18), 0xFFFFFFF0u);
  // The constant itself has nowhere to go inside the file: dropped.
  s.file_size = 0;
  EXPECT_TRUE(write_shbin(s).empty());
}

}  // namespace
}  // namespace sp::shbin
