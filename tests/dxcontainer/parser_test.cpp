// Parser, the reusable API: one parser fed every container the tests know,
// with damaged copies in between, reports exactly what parse_container
// reports for each, and copies of its results outlive the next parse.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

std::string observe(const ParseResult& r) {
  std::string out;
  for (const Diagnostic& w : r.warnings) out += w.to_string() + "\n";
  if (!r.ok()) return out + "error: " + r.error->to_string();
  return out + describe(*r.container, r.warnings).dump();
}

// The file, a prefix of it, and copies with one 32-bit word overwritten:
// successes, warnings and errors from every part parser, in turn.
std::vector<std::vector<uint8_t>> variants(const std::vector<uint8_t>& file) {
  std::vector<std::vector<uint8_t>> out = {file, std::vector<uint8_t>(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(file.size() / 2))};
  for (size_t at = 0; at + 4 <= file.size(); at += 60) {
    for (uint32_t value : {3u, 0xFFFFFFFFu}) {
      std::vector<uint8_t> damaged = file;
      store_le_at(damaged, at, value);
      out.push_back(std::move(damaged));
    }
  }
  return out;
}

TEST(Parser, ReportsWhatParseContainerReports) {
  const auto files = test::all_containers();
  if (files.empty()) GTEST_SKIP() << "no containers (../shared/external absent, yaml2obj-22 not installed)";
  ParseOptions options;
  options.verify_digest = false;  // keeps the sweep fast; both share the digest code
  Parser parser(options);
  size_t inputs = 0;
  for (const auto& path : files) {
    for (const auto& input : variants(test::read_file(path))) {
      ASSERT_EQ(observe(parser.parse(input)), observe(parse_container(input, options))) << path << " #" << inputs;
      ++inputs;
    }
  }
  RecordProperty("inputs", static_cast<int>(inputs));
}

TEST(Parser, CopiesOutliveTheNextParse) {
  const auto files = test::all_containers();
  if (files.size() < 2) GTEST_SKIP() << "needs two containers";
  const auto first = test::read_file(files.front());
  const auto second = test::read_file(files.back());
  Parser parser;
  const ParseResult kept = parser.parse(first);
  ASSERT_TRUE(kept.ok()) << kept.error->to_string();
  const std::string expected = observe(kept);
  (void)parser.parse(second);
  (void)parser.parse(first);
  EXPECT_EQ(observe(kept), expected);
  EXPECT_EQ(kept.container->parts.get_allocator().arena(), nullptr);
}

}  // namespace
}  // namespace sp::dxc
