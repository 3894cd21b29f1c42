// Every text field the container's writer sets, made hostile (invalid
// UTF-8, control characters, a NUL inside: support/printed_text.h), in
// every valid container of the conformance suite: each reads back, and
// every printer prints it or ends in one error.
#include <gtest/gtest.h>

#include "dxcontainer/writer.h"
#include "support/containers.h"
#include "support/printed_text.h"
#include "support/test_files.h"

namespace sp::test {
namespace {

TEST(DxcPrintedText, HostileTextInEveryFieldOfEveryValidCaseIsPrintable) {
  size_t k = 0, set = 0, files = 0;
  for (const auto& path : committed_containers("y_")) {
    const std::vector<uint8_t> original = read_file(path);
    dxc::ParseResult r = dxc::parse_container(original);
    if (!r.ok()) continue;  // a y_ case of another format's suite
    const size_t here = set_hostile_texts(*r.container, k);
    if (here == 0) continue;
    set += here;
    ++files;
    const std::vector<uint8_t> file = dxc::write_container(*r.container);
    const std::string what = path.filename().string();
    ASSERT_TRUE(dxc::parse_container(file).ok()) << what;
    expect_printers_hold(file, what);
  }
  // Every hostile text in every kind of field, several times over.
  EXPECT_GT(files, 10u);
  EXPECT_GT(set, 10 * hostile_texts().size());
}

}  // namespace
}  // namespace sp::test
