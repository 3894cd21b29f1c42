// Real fxc output (../shared/external/fxc-hlslcc: 17 Direct3D 9 shaders,
// SM2.0 to 3.0, from fxc 9.29 and 9.30): every file decodes, re-encodes
// byte for byte, and lists as fxc listed it, header and slot count
// included.
#include <gtest/gtest.h>

#include "d3d9/listing.h"
#include "d3d9/program.h"
#include "support/fxc_listings.h"
#include "support/test_files.h"

namespace sp::d3d9 {
namespace {

TEST(D3d9RealFiles, EveryFileDecodesAndReencodesByteForByte) {
  const auto files = test::external_d3d9_shaders();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    const Limits limits;
    Context ctx(limits, file.size());
    Program program;
    ASSERT_TRUE(parse_program(file, 0, ctx, program)) << path << ": " << ctx.error()->to_string();
    EXPECT_TRUE(ctx.warnings().empty()) << path << ": " << ctx.warnings().front().to_string();
    EXPECT_TRUE(program.constants.has_value()) << path;
    EXPECT_EQ(write_program(program), file) << path;
  }
  EXPECT_EQ(files.size(), 17u);
}

TEST(D3d9RealFiles, ListingIsFxcs) {
  const auto files = test::external_d3d9_shaders();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  size_t identical = 0;
  for (const auto& path : files) {
    TextBuffer out;
    std::optional<Diagnostic> error;
    ASSERT_TRUE(write_listing(test::read_file(path), Limits{}, out, error)) << path << ": " << error->to_string();
    const std::string expected = test::reference_listing(path);
    EXPECT_EQ(out.str(), expected) << path;
    identical += out.str() == expected;
  }
  EXPECT_EQ(identical, 17u);
}

}  // namespace
}  // namespace sp::d3d9
