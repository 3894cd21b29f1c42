// The spirv-val adapter (conformance/adapters/spirv-val.json: SPIRV-Tools'
// own programs on each stage that its script finds) over the VSL
// conformance suite: it agrees with shaderprobe on every case but those
// whose records break a rule of VSL's, which it does not check
// (docs/formats/vbc.md, "Conformance"), and on every file shaderprobe
// accepts its spirv-dis listing is shaderprobe's dump --format=spirv.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>

#include "conformance/adapters.h"
#include "conformance/cases.h"
#include "conformance/runner.h"
#include "vbc/support.h"
#include "vbc/spirv_tools.h"

namespace sp::vbc {
namespace {

namespace fs = std::filesystem;

TEST(VbcConform, SpirvValAdapterDisagreesOnlyWhereTheRecordsBreakVslsRules) {
  if (!spirv_tools::available()) GTEST_SKIP() << "built without SPIRV-Tools (no dump --format=spirv)";
  if (!test::tool("spirv-val") || !test::tool("spirv-dis")) GTEST_SKIP() << "spirv-val or spirv-dis not installed";
  conform::RunnerOptions options;
  options.adapters = {conform::load_adapter(fs::path(SP_SOURCE_DIR) / "conformance/adapters/spirv-val.json")};
  options.jobs = 2;
  const auto cases = conform::collect_cases({fs::path(SP_SOURCE_DIR) / "conformance/cases/vbc"});
  ASSERT_GE(cases.size(), 60u);
  const conform::Report report = conform::run_conformance(cases, options);
  ASSERT_EQ(report.results.size(), 2 * cases.size());  // shaderprobe, spirv-val
  std::map<std::string, size_t> agreed;
  size_t accepted = 0;
  for (size_t i = 0; i < cases.size(); ++i) {
    const conform::Result& ours = report.results[2 * i];
    const conform::Result& theirs = report.results[2 * i + 1];
    const conform::CaseInfo& info = report.cases[i];
    SCOPED_TRACE(info.name + ": " + theirs.detail);
    ASSERT_TRUE(theirs.verdict == conform::Verdict::accept || theirs.verdict == conform::Verdict::reject);
    ASSERT_TRUE(theirs.agrees.has_value());
    if (ours.verdict == conform::Verdict::accept) ++accepted;
    if (*theirs.agrees) {
      ++agreed[std::string(conform::verdict_name(ours.verdict))];
      continue;
    }
    // What it cannot see: a limit of VSL's compiler in the records, or
    // shaderprobe's bound on SPIRV-Tools' friendly names. It reads those
    // files' stages, and spirv-val accepts them.
    EXPECT_EQ(theirs.verdict, conform::Verdict::accept);
    EXPECT_EQ(ours.verdict, conform::Verdict::reject);
    EXPECT_TRUE(info.klass == "invalid" || info.klass == "limit") << info.klass;
    EXPECT_EQ(ours.detail.find("spirv_invalid"), std::string::npos);
  }
  // Every file shaderprobe accepts (y_ and i_ cases), with the same
  // listing; and every one it rejects for what is in the stages or for
  // records that do not fit the file.
  EXPECT_EQ(agreed["accept"], accepted);
  EXPECT_GE(accepted, 30u);
  EXPECT_GE(agreed["reject"], 25u);
}

}  // namespace
}  // namespace sp::vbc
