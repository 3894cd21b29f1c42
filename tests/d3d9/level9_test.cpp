// fxc's Level9 part and the debug information: the samples of
// conformance/d3d9/level9_samples.h through the registry (each damaged one
// ends in its error), and every real Level9 part (../shared/external/
// directxtk, 317 of them) decoded, re-encoded byte for byte and cut short
// at every byte.
#include <gtest/gtest.h>

#include <algorithm>

#include "conformance/d3d9/level9_samples.h"
#include "core/strings.h"
#include "d3d9/listing.h"
#include "dxcontainer/container.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "fxc/listing.h"
#include "support/test_files.h"

namespace sp::d3d9 {
namespace {

// The Aon9 part of a container, or none.
std::optional<dxc::Part> level9_part(Bytes file) {
  dxc::ParseOptions options;
  options.verify_digest = false;
  const dxc::ParseResult r = dxc::parse_container(file, options);
  if (!r.ok()) return std::nullopt;
  for (const dxc::Part& p : r.container->parts)
    if (fourcc_text(p.fourcc) == "Aon9") return p;
  return std::nullopt;
}

TEST(Level9Samples, EachEndsAsItMust) {
  for (const build::Sample& s : build::level9_samples()) {
    const formats::FileRead r = formats::read(formats::reader_for(s.bytes), s.bytes);
    if (!s.error) {
      EXPECT_TRUE(r.ok()) << s.name << ": " << r.error->to_string();
      std::vector<Code> warnings;
      for (const Diagnostic& w : r.warnings) warnings.push_back(w.code);
      EXPECT_EQ(warnings, s.warnings) << s.name;
      continue;
    }
    ASSERT_FALSE(r.ok()) << s.name << " was accepted";
    EXPECT_EQ(r.error->code, *s.error) << s.name << ": " << r.error->to_string();
    EXPECT_EQ(r.error->offset, s.offset) << s.name << ": " << r.error->to_string();
    EXPECT_EQ(r.error->path, s.path) << s.name << ": " << r.error->to_string();
  }
}

// identify names the container's parts; json and yaml describe the part
// under its format's name.
TEST(Level9Samples, IdentifyAndDescribeShowThePart) {
  const build::Sample& s = build::level9_samples().front();
  const formats::Format& format = formats::reader_for(s.bytes);
  EXPECT_EQ(format.identify(s.bytes), "dxcontainer DXBC, version 1.0, 2 parts: Aon9 SHDR");
  const formats::FileRead r = formats::read(format, s.bytes);
  ASSERT_TRUE(r.ok());
  const auto tree = formats::describe(r);
  EXPECT_EQ(tree["parts"][0]["name"], "Aon9");
  EXPECT_EQ(tree["parts"][0]["d3d9"]["samplers"]["mappings"][0]["resource"], 0);
  EXPECT_EQ(tree["parts"][0]["d3d9"]["program"]["debug_info"]["files"][1], "common.fxh");
}

TEST(Level9Samples, BuiltPartsComeBackByteForByte) {
  size_t parts = 0;
  for (const build::Sample& s : build::level9_samples()) {
    const std::optional<dxc::Part> part = level9_part(s.bytes);
    if (s.error || !part) continue;
    const Limits limits;
    Context ctx(limits, part->data.size());
    Level9 level9;
    ASSERT_TRUE(parse_level9(part->data, part->offset + 8, ctx, level9)) << s.name;
    const std::vector<uint8_t> again = write_level9(level9);
    EXPECT_TRUE(std::equal(again.begin(), again.end(), part->data.begin(), part->data.end())) << s.name;
    ++parts;
  }
  EXPECT_EQ(parts, 5u);
}

// The Level9 sections of the sample with debug information, as the rules
// read off DirectXTK's listings print them: two files, a jump of eight
// lines within one, and each kind of variable label.
TEST(Level9Samples, ListingPrintsTheMappingsLinesAndVariables) {
  const build::Sample& s = *std::find_if(build::level9_samples().begin(), build::level9_samples().end(),
                                         [](const build::Sample& x) { return x.name == "level9_ps_2_0_debug_info"; });
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_TRUE(fxc::write_listing(s.bytes, Limits{}, out, error)) << error->to_string();
  const std::string listing = out.str();
  const std::string expected =
      "//\n// Constant buffer to DX9 shader constant mappings:\n//\n"
      "// Target Reg Buffer  Start Reg # of Regs        Data Conversion\n"
      "// ---------- ------- --------- --------- ----------------------\n"
      "// c0         cb0             0         1  ( FLT, FLT, FLT, FLT)\n"
      "//\n"
      "//\n// Sampler/Resource to DX9 shader sampler mappings:\n//\n"
      "// Target Sampler Source Sampler  Source Resource\n"
      "// -------------- --------------- ----------------\n"
      "// s0             s0              t0               \n"
      "//\n"
      "//\n// Level9 shader bytecode:\n//\n"
      "    ps_2_0\n"
      "    dcl t0  // pin<0,1,2,3>\n"
      "    dcl_2d s0\n"
      "\n#line 12 \"shader.fx\"\n"
      "    texld r0, t0, s0  // Helper::c<0,1,2>\n"
      "\n#line 20\n"
      "    mul r0, r0, c0  // ::color<0,1,2,3>\n"
      "\n#line 40 \"common.fxh\"\n"
      "    mov oC0, r0  // ::main<0,1,2,3>\n"
      "\n// approximately 3 instruction slots used (1 texture, 2 arithmetic)\nps_4_0\n";
  EXPECT_NE(listing.find(expected), std::string::npos) << listing;
}

// A variable without a scope (a local, the return value) prints as
// "::name" whatever the entry point's name offset is, even one that
// happens to be 0, which a scope offset of 0 never means.
TEST(Level9Samples, AnUnscopedVariableStaysUnscopedWhenTheEntryPointNameIsAtOffsetZero) {
  const auto s = std::find_if(build::level9_samples().begin(), build::level9_samples().end(),
                              [](const build::Sample& x) { return x.name == "dbug_ps_2_0"; });
  ASSERT_NE(s, build::level9_samples().end());
  std::vector<uint8_t> file = s->bytes;
  store_le_at<uint32_t>(file, 12 + 36, 0);  // the debug header's entry_point, at byte 12
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_TRUE(write_listing(file, Limits{}, out, error)) << error->to_string();
  const std::string listing = out.str();
  EXPECT_NE(listing.find("    mul r0, r0, c0  // ::color<0,1,2,3>\n"), std::string::npos) << listing;
  EXPECT_NE(listing.find("    dcl t0  // main::pin<0,1,2,3>\n"), std::string::npos) << listing;
}

// identify names the shader model, the version token and the file's size.
TEST(D3d9Identify, NamesTheShaderModelTokenAndSize) {
  const std::vector<uint8_t>& file = build::sample("vs_2_x_no_table").bytes;
  const formats::Format& format = formats::reader_for(file);
  EXPECT_EQ(format.name, "d3d9");
  EXPECT_EQ(format.identify(file), strprintf("d3d9 vs_2_x (version token 0xfffe0201), %zu bytes", file.size()));
  EXPECT_EQ(format.identify(Bytes(file).first(3)), "d3d9 (truncated version token)");
}


TEST(Level9RealFiles, EveryPartDecodesAndReencodesByteForByte) {
  size_t parts = 0, debug = 0;
  for (const auto& path : test::external_files("directxtk", ".dxbc")) {
    const auto file = test::read_file(path);
    const std::optional<dxc::Part> part = level9_part(file);
    if (!part) continue;
    const Limits limits;
    Context ctx(limits, part->data.size());
    Level9 level9;
    ASSERT_TRUE(parse_level9(part->data, part->offset + 8, ctx, level9)) << path << ": " << ctx.error()->to_string();
    for (const Diagnostic& w : ctx.warnings()) ADD_FAILURE() << path << ": " << w.to_string();
    const std::vector<uint8_t> again = write_level9(level9);
    EXPECT_TRUE(std::equal(again.begin(), again.end(), part->data.begin(), part->data.end())) << path;
    ++parts;
    debug += level9.program.debug.has_value();
  }
  if (parts == 0) GTEST_SKIP() << "no ../shared/external/directxtk";
  EXPECT_EQ(parts, 317u);
  EXPECT_EQ(debug, 293u);
}

// Every proper prefix of every 8th real part, in a heap block of its own
// size (ASan sees a read past it), at an odd address: an error, never an
// accepted part (its size field names the whole).
TEST(Level9RealFiles, EveryPrefixOfAPartIsAnError) {
  size_t parts = 0, prefixes = 0;
  for (const auto& path : test::external_files("directxtk", ".dxbc")) {
    const auto file = test::read_file(path);
    const std::optional<dxc::Part> part = level9_part(file);
    if (!part || parts++ % 8 != 0) continue;
    for (size_t n = 0; n < part->data.size(); ++n) {
      std::vector<uint8_t> block(n + 1);
      std::copy_n(part->data.begin(), n, block.begin() + 1);
      const Limits limits;
      Context ctx(limits, n);
      Level9 level9;
      EXPECT_FALSE(parse_level9(Bytes(block).subspan(1), 0, ctx, level9)) << path << " at " << n;
      EXPECT_TRUE(ctx.failed()) << path << " at " << n;
      ++prefixes;
    }
  }
  if (parts == 0) GTEST_SKIP() << "no ../shared/external/directxtk";
  EXPECT_GT(prefixes, 30000u);
}

}  // namespace
}  // namespace sp::d3d9
