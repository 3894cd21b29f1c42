// A file read whole through the registry (formats/read.h): a container's
// layer, then each DXIL / ILDB part's bitcode by the format registered for
// those parts; and the minimal module the test containers carry so that
// they are valid down to the bitcode.
#include <gtest/gtest.h>

#include <string>

#include "bitcode/bcanalyzer.h"
#include "bitcode/minimal_module.h"
#include "bitcode/module.h"
#include "dxcontainer/model.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/containers.h"
#include "support/test_files.h"

namespace sp {
namespace {

using dxc::build::valid_program;
using formats::FileRead;

FileRead read_container(const std::vector<uint8_t>& bytes) {
  return formats::read(*formats::find("dxcontainer"), bytes);
}
using test::container_of;
using test::program;

TEST(MinimalModule, IsOneModuleTheIrLayerAccepts) {
  const std::vector<uint8_t> bytes = bitcode::minimal_module();
  EXPECT_EQ(bytes.size(), 16u);
  const bitcode::ParseResult r = bitcode::parse_bitcode(bytes);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.file->modules.size(), 1u);
  EXPECT_EQ(r.file->modules[0].version, 1u);
  EXPECT_TRUE(r.warnings.empty());
}

// The conformance worker compares each dump's error with a peer's: the
// dumps of a whole input count their offsets from its first byte, as the
// dump command does.
TEST(FileRead, EveryDumpOfAnInputCountsOffsetsFromItsFirstByte) {
  const std::vector<uint8_t> whole = bitcode::minimal_module();
  const Bytes cut = Bytes(whole).first(whole.size() - 4);
  const std::vector<formats::DumpText> dumps = formats::write_every_dump(*formats::find("bitcode"), cut);
  ASSERT_EQ(dumps.size(), 1u);
  EXPECT_EQ(dumps[0].name, "bcanalyzer");
  EXPECT_FALSE(dumps[0].ok);
  ASSERT_TRUE(dumps[0].error.has_value());
  const Limits limits;
  Context ctx(limits, cut.size());
  std::string text;
  ASSERT_FALSE(bitcode::dump_bcanalyzer(cut, ctx, text));
  EXPECT_EQ(*dumps[0].error, *ctx.error());
  EXPECT_EQ(dumps[0].error->to_string(),
            "block_length_out_of_bounds at bit 64: blocks[0]: block 8 declares 1 words but 0 remain in the stream");
}

TEST(FileRead, ValidProgramsAreDecodedBesideTheirParts) {
  const auto bytes = container_of({{"SFI0", test::u32s({0, 0})}, {"DXIL", valid_program(5)}, {"ILDB", valid_program(5)}});
  const FileRead f = read_container(bytes);
  ASSERT_TRUE(f.ok()) << f.error->to_string();
  ASSERT_EQ(f.embedded.size(), 2u);
  EXPECT_EQ(f.embedded[0].payload.path, "parts[1].DXIL");
  EXPECT_EQ(f.embedded[0].format->name, "bitcode");
  EXPECT_EQ(f.embedded[1].payload.path, "parts[2].ILDB");
  const auto tree = formats::describe(f);
  EXPECT_FALSE(tree["parts"][0].contains("bitcode"));
  EXPECT_EQ(tree["parts"][1]["bitcode"]["modules"][0]["version"], 1);
  EXPECT_EQ(tree["parts"][2]["bitcode"]["modules"][0]["version"], 1);
}

TEST(FileRead, ABitcodeErrorIsTheFilesUnderItsPartsPath) {
  // Four zero bytes of bitcode: the container layer accepts the part, the
  // IR layer finds no magic.
  const auto bytes = container_of({{"SFI0", test::u32s({0, 0})}, {"DXIL", program(1, 16, 4)}});
  const FileRead f = read_container(bytes);
  EXPECT_TRUE(f.top.ok());
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error->code, Code::bad_magic);
  EXPECT_EQ(f.error->unit, OffsetUnit::bit);
  EXPECT_EQ(f.error->path.rfind("parts[1].DXIL.bitcode", 0), 0u) << f.error->path;
  // The bitcode starts 24 bytes into the part, whose data follows its
  // 8-byte header.
  const auto& container = *static_cast<const dxc::Container*>(f.top.model.get());
  const uint64_t part_data = container.parts[1].offset + 8;
  EXPECT_EQ(f.error->offset, (part_data + 24) * 8);
}

TEST(FileRead, AContainerErrorStopsBeforeTheBitcode) {
  const auto bytes = container_of({{"DXIL", program(1, 0x7FFFFFF0, 4)}});
  const FileRead f = read_container(bytes);
  ASSERT_FALSE(f.ok());
  EXPECT_EQ(f.error->code, Code::bitcode_out_of_bounds);
  EXPECT_EQ(f.error, f.top.error);
  EXPECT_TRUE(f.embedded.empty());
}

// The suite's promise: a y_ container is one `check` accepts, bitcode and
// all, and an n_ container one it rejects.
TEST(FileRead, ConformanceCasesAreWhatTheirPrefixSays) {
  for (const std::string prefix : {"y_", "n_"}) {
    const auto cases = test::committed_containers(prefix);
    EXPECT_GT(cases.size(), 50u) << prefix;
    for (const auto& path : cases) {
      const FileRead f = read_container(test::read_file(path));
      EXPECT_EQ(f.ok(), prefix == "y_") << path.filename() << (f.error ? ": " + f.error->to_string() : "");
    }
  }
}

}  // namespace
}  // namespace sp
