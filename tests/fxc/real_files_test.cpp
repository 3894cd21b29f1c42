// Real fxc output (../shared/external/fxc-hlslcc, 112 DXBC files from
// three fxc versions, and the DXBC shaders of vkd3d-proton's tests):
// every legacy chunk decodes, re-encodes byte for byte, and lists as fxc
// listed it.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "fxc/chunks.h"
#include "fxc/listing.h"
#include "support/fxc_listings.h"
#include "support/test_files.h"

namespace sp::fxc {
namespace {

struct DecodedChunk {
  std::string tag;
  Bytes bytes;
  Chunk chunk;
};

// Every chunk of the container that chunks.h knows, decoded; the test
// fails on the first that does not decode.
std::vector<DecodedChunk> decode_all(const std::filesystem::path& path, const std::vector<uint8_t>& file) {
  std::vector<DecodedChunk> out;
  dxc::ParseOptions options;
  options.verify_digest = false;
  const dxc::ParseResult r = dxc::parse_container(file, options);
  if (!r.ok()) {
    ADD_FAILURE() << path << ": " << r.error->to_string();
    return out;
  }
  for (const dxc::Part& p : r.container->parts) {
    const std::string tag = fourcc_text(p.fourcc);
    const ChunkKind* kind = chunk_kind(tag);
    if (kind == nullptr) continue;
    const Limits limits;  // Context keeps a reference
    Context ctx(limits, p.data.size());
    const FieldPath root = FieldPath::root(tag);
    DecodedChunk d{tag, p.data, {}};
    const bool ok = parse_chunk(*kind, ChunkScope{p.data, p.offset + 8, root, ctx}, d.chunk);
    const auto error = ctx.take_error();
    if (!ok || error) {
      ADD_FAILURE() << path << ": " << (error ? error->to_string() : tag + " failed without a diagnostic");
      continue;
    }
    // fxc's own output: not even a semantic check has anything to say.
    for (const Diagnostic& w : ctx.warnings()) ADD_FAILURE() << path << ": " << w.to_string();
    out.push_back(std::move(d));
  }
  return out;
}

TEST(FxcRealFiles, EveryChunkDecodesAndReencodesByteForByte) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  std::map<std::string, size_t> chunks;
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    for (const DecodedChunk& d : decode_all(path, file)) {
      const ChunkKind* kind = chunk_kind(d.tag);
      const std::vector<uint8_t> again = kind->write(d.chunk.model);
      EXPECT_TRUE(std::equal(again.begin(), again.end(), d.bytes.begin(), d.bytes.end()))
          << path << ": " << d.tag << " re-encodes to " << again.size() << " bytes, was " << d.bytes.size();
      ++chunks[d.tag];
    }
  }
  // 112 fxc files and the vkd3d-proton shaders each have a program; the
  // fxc files have RDEF and STAT (46 of 29 DWORDs, 66 of 37), six of them
  // IFCE.
  EXPECT_GE(chunks["SHDR"] + chunks["SHEX"], 112u);
  EXPECT_EQ(chunks["RDEF"], 112u);
  EXPECT_EQ(chunks["STAT"], 112u);
  EXPECT_EQ(chunks["IFCE"], 6u);
}

// Every proper prefix of every real RDEF, copied to a misaligned block of
// its own size (so ASan sees a read past it): an error, or (when what is
// cut off is padding no record needed) a model that writes it back.
TEST(FxcRealFiles, EveryPrefixOfEveryRealRdefEndsCleanly) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  size_t chunks = 0, accepted = 0;
  const Limits limits;  // Context keeps a reference
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    for (const DecodedChunk& d : decode_all(path, file)) {
      if (d.tag != "RDEF") continue;
      ++chunks;
      for (size_t n = 0; n < d.bytes.size(); ++n) {
        std::vector<uint8_t> block(n + 1);
        std::copy_n(d.bytes.begin(), n, block.begin() + 1);
        const Bytes prefix = Bytes(block).subspan(1);
        Context ctx(limits, n);
        const FieldPath root = FieldPath::root("RDEF");
        Rdef rdef;
        if (!parse_rdef(ChunkScope{prefix, 0, root, ctx}, rdef)) {
          EXPECT_TRUE(ctx.failed()) << path << ": a prefix of " << n << " failed without a diagnostic";
          continue;
        }
        ++accepted;
        const std::vector<uint8_t> again = write_rdef(rdef);
        EXPECT_TRUE(std::equal(again.begin(), again.end(), prefix.begin(), prefix.end())) << path << " at " << n;
      }
    }
  }
  EXPECT_EQ(chunks, 112u);
  // Only the 0xAB padding after the last string can go.
  EXPECT_LE(accepted, 3 * chunks);
}

// vkd3d-proton's sample_d_cl_s, which fxc wrote with the DWORD 0x2000
// after its eight operands (docs/formats/fxc.md, "A DWORD after the
// operands"): read as that word, written back, and listed as the same
// instruction without it.
TEST(FxcRealFiles, TheDwordFxcWritesAfterASamplesOperandsIsKeptAndNotListed) {
  const auto files = test::external_files("vkd3d-proton", "texture_feedback_sample_grad_code_dxbc.dxbc");
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  const auto file = test::read_file(files.front());
  const std::vector<DecodedChunk> chunks = decode_all(files.front(), file);
  const auto shex = std::find_if(chunks.begin(), chunks.end(), [](const DecodedChunk& d) { return d.tag == "SHEX"; });
  ASSERT_NE(shex, chunks.end());
  Program program = std::get<Program>(shex->chunk.model);
  const Instruction& sample = program.instructions.at(8);
  EXPECT_EQ(opcode_info(sample.token & 0x7FF)->name, "sample_d_cl_s");
  EXPECT_EQ(sample.trailing_word, 0x2000u);
  for (const Instruction& in : program.instructions) {
    if (&in == &sample) continue;
    EXPECT_FALSE(in.trailing_word.has_value()) << in.offset;
  }

  const auto list = [](const Program& p) {
    TextBuffer out;
    list_program(p, listing_quirks(""), false, out);
    return out.str();
  };
  const std::string listed = list(program);
  Instruction& without = program.instructions.at(8);
  without.trailing_word.reset();
  without.token = (without.token & ~(0x7Fu << 24)) | static_cast<uint32_t>(encoded_words(program, without)) << 24;
  EXPECT_EQ(list(program), listed);
  EXPECT_NE(listed.find("sample_d_cl_s"), std::string::npos) << listed;
}

// The whole listing, byte for byte, less what the
// binary cannot hold (the command line).
TEST(FxcRealFiles, ListingIsFxcs) {
  size_t compared = 0;
  for (const auto& path : test::external_files("fxc-hlslcc", ".o")) {
    const auto file = test::read_file(path);
    if (!dxc::looks_like_container(file)) continue;  // D3D9 bytecode: not this format
    TextBuffer out;
    std::optional<Diagnostic> error;
    ASSERT_TRUE(write_listing(file, Limits{}, out, error)) << path << ": " << error->to_string();
    EXPECT_EQ(out.str(), test::reference_listing(path)) << path;
    ++compared;
  }
  if (compared == 0) GTEST_SKIP() << "no ../shared/external";
  EXPECT_EQ(compared, 112u);
}

// DirectXTK's shaders, compiled with /Qstrip_reflect (no RDEF, no STAT):
// the disassembler's header, CB0 and 0 slots; floats as MSVC prints them;
// the Level9 part's mappings and program with its #line and variables.
// Four were written by an older fxc, which their bytes do not name
// (docs/formats/fxc.md, "Stripped files"): they list as that version does
// when told which it was, as `dump --fxc-version` tells it.
TEST(FxcRealFiles, StrippedListingsAreFxcs) {
  const std::map<std::string, std::string_view> older_fxc = {
      {"dxtk11-BasicEffect_PSBasicTxNoFog-0a968e92.dxbc", "9.30.9200.16384"},
      {"dxtk11-DualTextureEffect_PSDualTexture-0bbcb70a.dxbc", "9.29.952.3111"},
      {"dxtk11-DualTextureEffect_PSDualTextureNoFog-3a377e19.dxbc", "9.30.9200.16384"},
      {"dxtk11-DualTextureEffect_PSDualTextureNoFog-3db6823f.dxbc", "9.29.952.3111"}};
  size_t identical = 0, level9 = 0, as_older = 0;
  for (const auto& path : test::external_files("directxtk", ".dxbc")) {
    const auto file = test::read_file(path);
    const auto older = older_fxc.find(path.filename().string());
    const std::string_view version = older != older_fxc.end() ? older->second : std::string_view{};
    TextBuffer out;
    std::optional<Diagnostic> error;
    ASSERT_TRUE(write_listing(file, Limits{}, out, error, version)) << path << ": " << error->to_string();
    const std::string listing = out.str();
    EXPECT_EQ(listing, test::reference_listing(path)) << path;
    if (listing != test::reference_listing(path)) continue;
    ++identical;
    as_older += older != older_fxc.end();
    level9 += listing.find("// Level9 shader bytecode:") != std::string::npos;
    // Listed as the newest fxc, the older four differ from what fxc wrote:
    // the version is what tells them apart.
    if (older != older_fxc.end()) {
      TextBuffer newest;
      ASSERT_TRUE(write_listing(file, Limits{}, newest, error)) << path;
      EXPECT_NE(newest.str(), listing) << path;
    }
  }
  if (identical == 0) GTEST_SKIP() << "no ../shared/external/directxtk";
  EXPECT_EQ(identical, 545u);
  EXPECT_EQ(as_older, 4u);
  EXPECT_EQ(level9, 317u);
}

}  // namespace
}  // namespace sp::fxc
