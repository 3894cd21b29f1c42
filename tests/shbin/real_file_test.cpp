// The one real SHBIN at hand (../shared/external/shbin/tic80-n3ds.shbin,
// written by picasso for TIC-80's 3DS port; never committed): every field
// as picasso wrote it, the byte-for-byte round trip, the same file built
// again by the project's encoder and picasso layout, every dump, and its
// disassembly, which must read as the textured-quad vertex shader it is.
#include <gtest/gtest.h>

#include <cstring>

#include "conformance/shbin/builders.h"
#include "core/json_yaml.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "shbin/listing.h"
#include "shbin/model.h"
#include "support/test_files.h"

namespace sp::shbin {
namespace {

std::vector<uint8_t> real_file() {
  const auto files = test::external_files("shbin", ".shbin");
  return files.empty() ? std::vector<uint8_t>{} : test::read_file(files.front());
}

#define REAL_FILE_OR_SKIP(name)                                   \
  const std::vector<uint8_t> name = real_file();                   \
  if (name.empty()) GTEST_SKIP() << "no ../shared/external/shbin"

Shbin decoded(Bytes file, std::vector<Diagnostic>* warnings = nullptr) {
  const Limits limits;
  Context ctx(limits, file.size());
  Shbin s;
  EXPECT_TRUE(parse_shbin(file, 0, ctx, s)) << ctx.error()->to_string();
  if (warnings != nullptr) *warnings = ctx.warnings();
  return s;
}

TEST(ShbinRealFile, EveryFieldIsWhatPicassoWrote) {
  REAL_FILE_OR_SKIP(file);
  std::vector<Diagnostic> warnings;
  const Shbin s = decoded(file, &warnings);
  EXPECT_TRUE(warnings.empty()) << warnings.front().to_string();
  EXPECT_EQ(s.file_size, 289u);
  EXPECT_EQ(s.dvle_offsets, std::vector<uint32_t>{0xA0});
  const Dvlp& p = s.dvlp;
  EXPECT_EQ(p.offset, 0xCu);
  EXPECT_EQ(p.header_size, kPicassoDvlpSize);
  EXPECT_EQ(p.code_table, (TableRef{0x28, 11}));
  EXPECT_EQ(p.descriptor_table, (TableRef{0x54, 8}));
  EXPECT_EQ(p.line_table, (TableRef{0x94, 0}));  // picasso: the DVLP's end, no lines
  EXPECT_EQ(p.string_table, (TableRef{0, 0}));
  ASSERT_EQ(s.dvles.size(), 1u);
  const Dvle& d = s.dvles[0];
  EXPECT_EQ(d.version, 0x1002);
  EXPECT_EQ(d.type, 0);
  EXPECT_EQ(d.main, 0u);
  EXPECT_EQ(d.endmain, 11u);
  EXPECT_EQ(d.output_mask, 0x7);
  ASSERT_EQ(d.constants.size(), 1u);
  EXPECT_EQ(d.constants[0].index, 95);
  EXPECT_EQ(d.constants[0].floats(), (std::array<float, 4>{0.0f, 1.0f, 1.0f, 1.0f}));
  ASSERT_EQ(d.outmaps.size(), 3u);
  EXPECT_EQ(output_semantic_name(d.outmaps[0].semantic), "position");
  EXPECT_EQ(output_semantic_name(d.outmaps[1].semantic), "texcoord0");
  EXPECT_EQ(output_semantic_name(d.outmaps[2].semantic), "color");
  EXPECT_EQ(d.outmaps[2].reg, 2);
  ASSERT_EQ(d.uniforms.size(), 1u);
  EXPECT_EQ(d.uniforms[0].name, "projection");
  EXPECT_EQ(uniform_register(d.uniforms[0].first).klass, RegisterClass::floating);
  EXPECT_EQ(uniform_register(d.uniforms[0].last).index, 3u);
  EXPECT_EQ(d.symbols, std::string("projection\0", 11));
  // picasso pads the DVLE to 4 bytes (0x11f -> 0x120); the file has one
  // zero byte more. Zeros past the structures are not kept.
  EXPECT_EQ(claimed_end(s), 0x11Fu);
  EXPECT_TRUE(s.unclaimed.empty());
}

TEST(ShbinRealFile, ReencodesByteForByte) {
  REAL_FILE_OR_SKIP(file);
  EXPECT_EQ(write_shbin(decoded(file)), file);
}

// The project's encoder and picasso layout, from the shader's source,
// give the file itself: the same code words, descriptors in the same
// order, tables at the same offsets; only the trailing byte is the file's.
TEST(ShbinRealFile, IsWhatTheProjectsWriterBuildsFromItsSource) {
  REAL_FILE_OR_SKIP(file);
  const Shbin built = build::textured_quad(Layout::picasso);
  const std::vector<uint8_t> bytes = write_shbin(built);
  ASSERT_EQ(bytes.size(), 0x120u);
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), file.begin()));
  Shbin real = decoded(file);
  real.file_size = built.file_size;
  EXPECT_EQ(real, built);
}

TEST(ShbinRealFile, DumpsInEveryFormat) {
  REAL_FILE_OR_SKIP(file);
  const formats::Format& format = formats::reader_for(file);
  ASSERT_EQ(format.name, "shbin");
  EXPECT_EQ(format.identify(file),
            "3ds shbin, 1 DVLE, 11 code words, 8 operand descriptors, first DVLE: vertex shader, version 0x1002, 289 "
            "bytes");
  const formats::FileRead r = formats::read(format, file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const nlohmann::ordered_json j = formats::describe(r);
  EXPECT_EQ(j["format"], "shbin");
  EXPECT_EQ(j["dvlp"]["code"][4]["text"], "dp4 o0.x, c0, r0");
  EXPECT_EQ(j["dvlp"]["descriptors"][1]["sources"][0]["swizzle"], "yyyy");
  EXPECT_EQ(j["dvles"][0]["uniforms"][0]["registers"], "c0-c3");
  EXPECT_EQ(j["dvles"][0]["constants"][0]["register"], "c95");
  EXPECT_EQ(j["dvles"][0]["constants"][0]["values"][1], 1.0);
  EXPECT_EQ(j["dvles"][0]["outmaps"][1]["semantic"], "texcoord0");
  EXPECT_TRUE(j["warnings"].empty());
  const std::string yaml = json_to_yaml(j).document("");
  EXPECT_NE(yaml.find("name:            projection"), std::string::npos) << yaml;
  const std::vector<formats::DumpText> dumps = formats::write_every_dump(format, file);
  ASSERT_EQ(dumps.size(), 1u);
  EXPECT_EQ(dumps[0].name, "pica");
  EXPECT_TRUE(dumps[0].ok);
}

// What the shader does, read off its listing: position = projection *
// (v0.xyz, 1); texcoord0 = v1; color = (v1.z, v1.z, v1.z, 1), with the
// 1 from the constant picasso put in c95.
TEST(ShbinRealFile, DisassemblyReadsAsATexturedQuadVertexShader) {
  REAL_FILE_OR_SKIP(file);
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_TRUE(write_listing(file, Limits{}, out, error)) << error->to_string();
  const std::string text = out.str();
  for (const char* line : {
           ".fvec projection[4]\n",
           ".constf const_c95(0.0, 1.0, 1.0, 1.0)\n",
           ".out out_position position o0\n",
           ".out out_texcoord0 texcoord0 o1\n",
           ".out out_color color o2\n",
           ".proc main\n",
           "    mov r0.xyz, v0                           ; 0000: 4e000000\n",
           "    mov r0.w, const_c95.y                    ; 0001: 4e07f001\n",
           "    mov r1.xyz, v1.z                         ; 0002: 4e201002\n",
           "    mov r1.w, const_c95.y                    ; 0003: 4e27f001\n",
           "    dp4 out_position.x, projection[0], r0    ; 0004: 08020803\n",
           "    dp4 out_position.w, projection[3], r0    ; 0007: 08023806\n",
           "    mov out_texcoord0, v1                    ; 0008: 4c201007\n",
           "    mov out_color, r1                        ; 0009: 4c411007\n",
           "    end                                      ; 000a: 88000000\n.end\n",
       })
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  // One line per code word.
  size_t words = 0;
  for (size_t at = text.find("; 0"); at != std::string::npos; at = text.find("; 0", at + 1)) ++words;
  EXPECT_EQ(words, 11u);
}

// Every proper prefix ends in an error, but for the cuts through the
// padding after the last structure, which prefix_may_parse accepts; every
// misaligned copy reads the same.
TEST(ShbinRealFile, PrefixesFailAndMisalignedCopiesReadTheSame) {
  REAL_FILE_OR_SKIP(file);
  const formats::Format& format = *formats::find("shbin");
  for (size_t n = 0; n < file.size(); ++n) {
    const std::vector<uint8_t> prefix(file.begin(), file.begin() + static_cast<ptrdiff_t>(n));
    const formats::Decoded d = format.parse(prefix, 0, {});
    if (n >= 0x11F) {
      EXPECT_TRUE(d.ok()) << n;
      EXPECT_TRUE(format.prefix_may_parse(file, prefix, d)) << n;
    } else {
      EXPECT_FALSE(d.ok()) << n;
    }
  }
  EXPECT_FALSE(format.prefix_may_parse(file, Bytes(file).first(0x11E), {}));
  const std::string reference = formats::describe(formats::read(format, file)).dump();
  std::vector<uint8_t> buffer(file.size() + 16);
  for (size_t shift = 1; shift < 16; ++shift) {
    std::memcpy(buffer.data() + shift, file.data(), file.size());
    const Bytes copy(buffer.data() + shift, file.size());
    EXPECT_EQ(formats::describe(formats::read(format, copy)).dump(), reference) << shift;
  }
}

}  // namespace
}  // namespace sp::shbin
