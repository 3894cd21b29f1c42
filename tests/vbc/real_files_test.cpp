// Real .vbc files, when ../shared/external/vbc holds some (written by
// VSL's compiler; never committed): each decodes, re-encodes byte for
// byte, and has SPIR-V SPIRV-Tools accepts. Skipped when there are none.
#include <gtest/gtest.h>

#include "support/test_files.h"
#include "vbc/shader.h"

namespace sp::vbc {
namespace {

TEST(VbcRealFiles, EveryFileDecodesAndReencodesByteForByte) {
  const auto files = sp::test::external_files("vbc", ".vbc");
  if (files.empty()) GTEST_SKIP() << "no .vbc files in ../shared/external/vbc";
  for (const auto& path : files) {
    const std::vector<uint8_t> file = sp::test::read_file(path);
    const ParseResult r = parse_shader(file, Limits{});
    ASSERT_TRUE(r.ok()) << path << ": " << r.error->to_string();
    for (const Diagnostic& w : r.warnings) ADD_FAILURE() << path << ": " << w.to_string();
    EXPECT_EQ(write_shader(*r.shader), file) << path;
  }
}

}  // namespace
}  // namespace sp::vbc
