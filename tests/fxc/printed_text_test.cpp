// Every text field the fxc chunks' writers set and the container's
// signature names, made hostile (cases::with_hostile_texts), in every valid
// case of the fxc suite and in the real fxc files when they are there:
// each reads back, and every printer (fxc's listing too) prints it or ends
// in one error.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "conformance/fxc/builders.h"
#include "dxcontainer/container.h"
#include "support/printed_text.h"
#include "support/test_files.h"

namespace sp::fxc {
namespace {

void expect_hostile_copies_print(const std::vector<std::filesystem::path>& files, size_t& set) {
  size_t k = 0;
  for (const auto& path : files) {
    const std::vector<uint8_t> file = cases::with_hostile_texts(test::read_file(path), k, set);
    if (file.empty()) continue;
    const std::string what = path.filename().string();
    ASSERT_TRUE(dxc::parse_container(file).ok()) << what;
    test::expect_printers_hold(file, what);
  }
}

TEST(FxcPrintedText, HostileTextInEveryFieldOfEveryValidCaseIsPrintable) {
  std::vector<std::filesystem::path> cases;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(SP_CONFORMANCE_CASES_DIR) / "fxc"))
    if (e.path().filename().string().starts_with("y_") && e.path().extension().empty()) cases.push_back(e.path());
  std::sort(cases.begin(), cases.end());
  size_t set = 0;
  expect_hostile_copies_print(cases, set);
  EXPECT_GT(set, 10 * test::hostile_texts().size());
}

TEST(FxcPrintedText, HostileTextInTheRealFilesIsPrintable) {
  const std::vector<std::filesystem::path> files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no real fxc files in ../shared/external";
  // Every 16th file: the listing of each, with every name replaced, is
  // what costs; the suite's cases above cover every field.
  std::vector<std::filesystem::path> some;
  for (size_t i = 0; i < files.size(); i += 16) some.push_back(files[i]);
  size_t set = 0;
  expect_hostile_copies_print(some, set);
  EXPECT_GT(set, 0u);
}

}  // namespace
}  // namespace sp::fxc
