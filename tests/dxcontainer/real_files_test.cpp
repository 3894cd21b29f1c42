// Every real container in ../shared/external parses without error, and
// prefixes and misaligned copies behave (see also hostile_test.cpp).
#include <gtest/gtest.h>

#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

TEST(RealFiles, EveryExternalContainerParses) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    const ParseResult r = parse_container(file);
    EXPECT_TRUE(r.ok()) << path << ": " << r.error->to_string();
    for (const Diagnostic& w : r.warnings) {
      // The only findings in real files: one unsigned dxc file and fxc's
      // unaligned parts.
      EXPECT_TRUE(w.code == Code::digest_not_signed || w.code == Code::part_misaligned) << path << ": " << w.to_string();
    }
  }
}

TEST(RealFiles, D3D9BytecodeIsRejectedCleanly) {
  size_t seen = 0;
  for (const auto& path : test::external_files("fxc-hlslcc", ".o")) {
    const auto file = test::read_file(path);
    if (looks_like_container(file)) continue;
    const ParseResult r = parse_container(file);
    ASSERT_FALSE(r.ok()) << path;
    EXPECT_EQ(r.error->code, Code::not_a_container);
    ++seen;
  }
  if (seen == 0) GTEST_SKIP() << "no SM2/SM3 files in ../shared/external";
}

}  // namespace
}  // namespace sp::dxc
