// Valid VSL shaders (conformance/vbc/builders.h: real SPIR-V from
// glslangValidator, records that agree with it) decode to the fields they
// were built from, without a warning, and re-encode byte for byte; copies
// at any alignment decode to the same thing; every proper prefix is
// rejected inside itself.
#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <string>

#include "conformance/vbc/builders.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "vbc/describe.h"
#include "support/test_files.h"
#include "vbc/support.h"

namespace sp::vbc {
namespace {

using test::parse;

TEST(VbcRoundTrip, EveryValidSampleDecodesWithoutWarningAndReencodesByteForByte) {
  size_t samples = 0;
  for (const build::Sample& s : build::valid_samples()) {
    const std::vector<uint8_t> file = build::bytes(s.shader);
    const ParseResult r = parse(file);
    ASSERT_TRUE(r.ok()) << s.name << ": " << r.error->to_string();
    EXPECT_TRUE(r.warnings.empty()) << s.name << ": " << r.warnings.front().to_string();
    EXPECT_EQ(write_shader(*r.shader), file) << s.name;
    ++samples;
  }
  EXPECT_EQ(samples, 7u);
}

void expect_same_interface(const std::vector<InterfaceVariable>& got, const std::vector<InterfaceVariable>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].location, want[i].location) << i;
    EXPECT_EQ(got[i].base_type, want[i].base_type) << i;
    EXPECT_EQ(got[i].dims, want[i].dims) << i;
    EXPECT_EQ(got[i].array_size, want[i].array_size) << i;
  }
}

// All five stages, 32 bindings and 4 subpass
// inputs (with 16 vertex inputs, a 1024-byte uniform, a 32-character name
// and a 64-element array: every limit of VSL's compiler at its maximum).
TEST(VbcRoundTrip, EveryLimitAtItsMaximumDecodesFieldForField) {
  const Shader built = build::sample("every_limit");
  Sections written;
  const std::vector<uint8_t> file = write_shader(built, {}, &written);
  const ParseResult r = parse(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const Shader& got = *r.shader;
  EXPECT_EQ(got.present_stages(), kAllStageBits);
  for (const Stage s : kStages) {
    EXPECT_EQ(got.stage(s).code.data(), file.data() + (got.stage(s).file_offset)) << stage_name(s);
    EXPECT_TRUE(std::equal(got.stage(s).code.begin(), got.stage(s).code.end(), built.stage(s).code.begin(),
                           built.stage(s).code.end()))
        << stage_name(s);
    ASSERT_EQ(got.stage(s).module.entry_points.size(), 1u) << stage_name(s);
    EXPECT_EQ(got.stage(s).module.entry_points[0].execution_model, execution_model_of(s));
    EXPECT_EQ(got.stage(s).module.entry_points[0].name, "main");
  }
  expect_same_interface(got.vertex_inputs, built.vertex_inputs);
  expect_same_interface(got.fragment_outputs, built.fragment_outputs);
  EXPECT_EQ(got.vertex_inputs.size(), 16u);
  ASSERT_EQ(got.bindings.size(), 32u);
  for (size_t i = 0; i < got.bindings.size(); ++i) {
    EXPECT_EQ(got.bindings[i].slot, built.bindings[i].slot) << i;
    EXPECT_EQ(got.bindings[i].base_type, built.bindings[i].base_type) << i;
    EXPECT_EQ(got.bindings[i].stage_mask, built.bindings[i].stage_mask) << i;
    EXPECT_EQ(got.bindings[i].layout, built.bindings[i].layout) << i;
    EXPECT_EQ(got.bindings[i].file_offset, written.bindings + 4 + 8 * i) << i;
  }
  ASSERT_TRUE(got.uniform.has_value());
  EXPECT_EQ(got.uniform->size, 1024u);
  EXPECT_EQ(got.uniform->stage_mask, kAllStageBits);
  ASSERT_EQ(got.uniform->members.size(), built.uniform->members.size());
  for (size_t i = 0; i < got.uniform->members.size(); ++i) {
    const UniformMember& m = got.uniform->members[i];
    const UniformMember& w = built.uniform->members[i];
    EXPECT_EQ(m.name, w.name);
    EXPECT_EQ(m.offset, w.offset) << m.name.printable();
    EXPECT_EQ(m.base_type, w.base_type) << m.name.printable();
    EXPECT_EQ(m.dims, w.dims) << m.name.printable();
    EXPECT_EQ(m.array_size, w.array_size) << m.name.printable();
  }
  EXPECT_EQ(got.uniform->members[1].name.size(), 32u);
  EXPECT_EQ(got.uniform->members.back().offset, 1020u);
  ASSERT_EQ(got.subpass_inputs.size(), 4u);
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(got.subpass_inputs[i].texel_type, built.subpass_inputs[i].texel_type) << i;
    EXPECT_EQ(got.subpass_inputs[i].components, built.subpass_inputs[i].components) << i;
  }
  EXPECT_EQ(got.sections.vertex_inputs, written.vertex_inputs);
  EXPECT_EQ(got.sections.fragment_outputs, written.fragment_outputs);
  EXPECT_EQ(got.sections.uniform, written.uniform);
  EXPECT_EQ(got.sections.subpass_inputs, written.subpass_inputs);
  EXPECT_EQ(got.sections.bytecode, written.bytecode);
  EXPECT_EQ(write_shader(got), file);
}

// A uniform member's name has a one-byte length, so the writer (which
// also writes hostile files) takes up to 255 bytes, which the reader
// refuses by VSL's limit of 32 with the length the file gives; 256 are the
// writer's caller's mistake.
TEST(VbcRoundTrip, TheWriterTakesMemberNamesUpTo255Bytes) {
  Shader s = build::sample("every_limit");
  const std::string longest(255, 'm');
  s.uniform->members[0].name = longest;
  const ParseResult r = parse(write_shader(s));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::name_too_long);
  EXPECT_EQ(r.error->message, "a name of 255 characters: VSL allows at most 32");
  s.uniform->members[0].name = longest + "m";
  EXPECT_THROW((void)write_shader(s), std::invalid_argument);
}

TEST(VbcRoundTrip, TheUniformIsALoneZeroWhenAbsent) {
  Sections at;
  const std::vector<uint8_t> file = write_shader(build::sample("bare"), {}, &at);
  EXPECT_EQ(at.subpass_inputs - at.uniform, 2u);
  EXPECT_EQ(load_le<uint16_t>(file.data() + at.uniform), 0);
  const ParseResult r = parse(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_FALSE(r.shader->uniform.has_value());
}

// Everything the registry offers of a file, for comparing copies.
std::string everything(Bytes file) {
  const formats::Format& f = *formats::find("vbc");
  const formats::FileRead r = formats::read(f, file);
  std::string out = r.ok() ? formats::describe(r).dump() : r.error->to_string();
  for (const formats::DumpText& d : formats::write_every_dump(f, file)) out += "\n" + std::string(d.name) + "\n" + d.text;
  return out;
}

// Every u16, u32 and SPIR-V word is read by copying, at whatever alignment
// the buffer gives it (UBSan's alignment check watches under asan).
TEST(VbcRoundTrip, MisalignedCopiesGiveIdenticalOutput) {
  for (const build::Sample& s : build::valid_samples()) {
    const std::vector<uint8_t> file = build::bytes(s.shader);
    const std::string aligned = everything(file);
    ASSERT_NE(aligned.find("\"format\":\"vbc\""), std::string::npos) << s.name;
    std::vector<uint8_t> buffer(file.size() + 16);
    for (size_t shift = 1; shift < 16; ++shift) {
      std::memcpy(buffer.data() + shift, file.data(), file.size());
      const Bytes copy(buffer.data() + shift, file.size());
      EXPECT_EQ(everything(copy), aligned) << s.name << " at +" << shift;
      const ParseResult r = parse_shader(copy, Limits{});
      ASSERT_TRUE(r.ok()) << s.name;
      EXPECT_EQ(write_shader(*r.shader), file) << s.name << " at +" << shift;
    }
  }
}

// The file must be consumed exactly and the stages are sized by the
// header: no proper prefix is a file, and each fails at or before its end.
TEST(VbcRoundTrip, EveryProperPrefixIsRejectedInsideIt) {
  for (const std::string name : {"basic", "every_limit"}) {
    const std::vector<uint8_t> file = build::bytes(build::sample(name));
    for (size_t n = 0; n < file.size(); ++n) {
      const ParseResult r = parse_shader(Bytes(file).first(n), Limits{});
      ASSERT_FALSE(r.ok()) << name << " cut at " << n;
      EXPECT_LE(r.error->offset, n) << name << ": " << r.error->to_string();
    }
  }
}

// A file cut inside the last stage: the error names the stage, where its
// SPIR-V starts, the bytes the header's word count gives and those that
// remain.
TEST(VbcRoundTrip, AFileCutInsideAStageSaysWhatRemains) {
  const std::vector<uint8_t> file = build::bytes(build::sample("basic"));
  const ParseResult whole = parse_shader(file, Limits{});
  ASSERT_TRUE(whole.ok()) << whole.error->to_string();
  const StageCode& frag = whole.shader->stage(Stage::frag);
  ASSERT_TRUE(frag.present());
  const ParseResult cut = parse_shader(Bytes(file).first(file.size() - 6), Limits{});
  ASSERT_FALSE(cut.ok());
  EXPECT_EQ(cut.error->code, Code::truncated);
  EXPECT_EQ(cut.error->offset, frag.file_offset);
  EXPECT_EQ(cut.error->path, "stages.frag");
  EXPECT_EQ(cut.error->message, "needs " + std::to_string(frag.code.size()) + " bytes, " +
                                    std::to_string(frag.code.size() - 6) + " remain");
}

}  // namespace
}  // namespace sp::vbc

namespace sp::vbc {
namespace {

// The committed SPIR-V (the fallback for machines without glslang-tools)
// is what glslangValidator writes from the committed GLSL: when the build
// compiled the GLSL, each module is compared with its fallback.
TEST(VbcSpirvSamples, CommittedFallbacksAreWhatGlslangWrites) {
  if (!SP_VBC_GLSLANG) GTEST_SKIP() << "glslangValidator is not installed: the build used the fallbacks";
  size_t compared = 0;
  for (const build::SpirvSample& s : build::spirv_samples()) {
    const std::vector<uint8_t> committed =
        sp::test::read_file(std::filesystem::path(SP_VBC_SHADER_DIR) / (std::string(s.name) + ".spv"));
    EXPECT_TRUE(std::equal(s.bytes.begin(), s.bytes.end(), committed.begin(), committed.end()))
        << s.name << ": regenerate conformance/vbc/shaders/" << s.name
        << ".spv with the glslangValidator command of conformance/vbc/CMakeLists.txt";
    ++compared;
  }
  EXPECT_EQ(compared, 11u);
}

}  // namespace
}  // namespace sp::vbc
