// The CLI on bitcode: identify, check (bit offsets in diagnostics), dump of
// bitcode and of a DXContainer whose DXIL bitcode is damaged.
#include <gtest/gtest.h>

#include <filesystem>


#include "core/bytes.h"
#include "dxcontainer/container.h"
#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp {
namespace {

namespace fs = std::filesystem;
using conform::run_command;

TEST(BitcodeCli, IdentifyCheckDump) {
  const fs::path bc = fs::path(SP_BITCODE_DIR) / "clang-22.O0.hello.c.bc";
  const fs::path wrapped = fs::path(SP_BITCODE_DIR) / "wrapped.structs.c.bc";
  if (!fs::exists(bc) || !fs::exists(wrapped)) GTEST_SKIP() << "not generated";
  auto r = run_command({SP_CLI, "identify", bc.string(), wrapped.string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find(": llvm bitcode, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(": llvm bitcode (wrapped: offset 20, size "), std::string::npos) << r.out;
  r = run_command({SP_CLI, "check", bc.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_command({SP_CLI, "dump", "--format=json", wrapped.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"triple\": \"x86_64-apple-macosx11.0.0\""), std::string::npos);
  EXPECT_EQ(run_command({SP_CLI, "dump", "--format=obj2yaml", bc.string()}).exit_code, 2);
  // A truncated copy: exit 1, one error line with a bit offset.
  auto bytes = test::read_file(bc);
  bytes.resize(bytes.size() / 2 & ~size_t{3});
  const test::TempFile cut("cut.bc", bytes);
  r = run_command({SP_CLI, "check", cut.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.err.starts_with(cut.string() + ": error: ")) << r.err;
  EXPECT_NE(r.err.find(" at bit "), std::string::npos) << r.err;
  // The dump streams: what it printed before the error stays on stdout.
  r = run_command({SP_CLI, "dump", "--format=bcanalyzer", cut.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.out.starts_with("<IDENTIFICATION_BLOCK")) << r.out.substr(0, 200);
  EXPECT_TRUE(r.err.starts_with(cut.string() + ": error: ")) << r.err;
}

// Output that cannot be written (here /dev/full) is an I/O error, exit 2,
// not a success with half a dump.
TEST(BitcodeCli, UnwritableOutputIsAnIoError) {
  const fs::path bc = fs::path(SP_BITCODE_DIR) / "clang-22.O0.hello.c.bc";
  if (!fs::exists(bc) || !fs::exists("/dev/full")) GTEST_SKIP() << "not generated, or no /dev/full";
  for (const char* format : {"--format=bcanalyzer", "--format=json"}) {
    const auto r = run_command({"/bin/sh", "-c", "exec \"$0\" dump \"$1\" \"$2\" >/dev/full", SP_CLI, format, bc.string()});
    EXPECT_EQ(r.exit_code, 2) << format;
    EXPECT_EQ(r.err, "error: cannot write to standard output\n") << format;
  }
}

TEST(BitcodeCli, DamagedDxilBitcodeInAContainer) {
  const auto files = test::external_files("vkd3d-proton", ".dxbc");
  for (const auto& path : files) {
    auto bytes = test::read_file(path);
    const dxc::ParseResult c = dxc::parse_container(bytes);
    if (!c.ok()) continue;
    for (size_t i = 0; i < c.container->parts.size(); ++i) {
      const auto* program = dxc::content_if<dxc::Program>(c.container->parts[i]);
      if (program == nullptr) continue;
      const auto offset = static_cast<size_t>(program->bitcode.data() - bytes.data());
      auto check = run_command({SP_CLI, "check", path.string()});
      ASSERT_EQ(check.exit_code, 0) << check.err;
      // The first block's NumWords (bytes 8..11 of the bitcode) past the end.
      store_le_at(bytes, offset + 8, uint32_t{0x7FFFFFFF});
      const test::TempFile damaged("damaged.dxbc", bytes);
      check = run_command({SP_CLI, "check", damaged.string()});
      EXPECT_EQ(check.exit_code, 1);
      const std::string expected = "error: block_length_out_of_bounds at bit " + std::to_string((offset + 8) * 8) +
                                   ": parts[" + std::to_string(i) + "].DXIL.bitcode.blocks[0]: ";
      EXPECT_NE(check.err.find(expected), std::string::npos) << check.err;
      const auto dump = run_command({SP_CLI, "dump", "--format=json", path.string()});
      EXPECT_NE(dump.out.find("\"triple\": \"dxil-ms-dx\""), std::string::npos);
      return;  // one container is enough
    }
  }
  GTEST_SKIP() << "no dxc container in ../shared/external/vkd3d-proton";
}

}  // namespace
}  // namespace sp
