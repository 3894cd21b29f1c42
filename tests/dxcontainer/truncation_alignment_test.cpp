// Every proper prefix of every container the tests
// know (shared/external, and the yaml2obj-built ones when yaml2obj-22 is
// installed) is rejected cleanly, and copies at offsets 1..15 of a buffer
// give output identical to the original, run after run.
#include <gtest/gtest.h>

#include <cstring>

#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "dxcontainer/obj2yaml.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

// Everything a caller can observe about a parse.
std::string observe(Bytes input) {
  const ParseResult r = parse_container(input);
  if (!r.ok()) return "error: " + r.error->to_string();
  return describe(*r.container, r.warnings).dump() + to_obj2yaml(*r.container);
}

TEST(Truncation, EveryProperPrefixIsRejected) {
  const auto files = test::all_containers();
  if (files.empty()) GTEST_SKIP() << "no containers (../shared/external absent, yaml2obj-22 not installed)";
  // The digest does not decide acceptance; skipping it keeps this O(n^2)
  // sweep fast.
  ParseOptions options;
  options.verify_digest = false;
  size_t prefixes = 0;
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    for (size_t n = 0; n < file.size(); ++n) {
      // A fresh heap copy of exactly n bytes, so ASan sees any read past it.
      const std::vector<uint8_t> prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n));
      const ParseResult r = parse_container(prefix, options);
      ASSERT_FALSE(r.ok()) << path << " accepted a prefix of " << n << " bytes";
      ASSERT_FALSE(r.container.has_value());
      ++prefixes;
    }
  }
  RecordProperty("prefixes", static_cast<int>(prefixes));
}

TEST(Alignment, CopiesAtOffsets1To15GiveIdenticalOutput) {
  const auto files = test::all_containers();
  if (files.empty()) GTEST_SKIP() << "no containers (../shared/external absent, yaml2obj-22 not installed)";
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    const std::string reference = observe(file);
    EXPECT_EQ(observe(file), reference) << path << ": two runs differ";
    std::vector<uint8_t> buffer(file.size() + 16);
    for (size_t shift = 1; shift < 16; ++shift) {
      std::memcpy(buffer.data() + shift, file.data(), file.size());
      EXPECT_EQ(observe(Bytes(buffer).subspan(shift, file.size())), reference) << path << " at offset " << shift;
    }
  }
}

}  // namespace
}  // namespace sp::dxc
