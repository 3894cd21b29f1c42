// The SARIF and JUnit writers (conformance/ci_output.h): what each finding
// becomes, escaping of hostile text, and validity (the SARIF 2.1.0 schema's
// required fields, JUnit counts) by tests/conformance/validate_ci_output.py.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "conformance/ci_output.h"
#include "support/test_files.h"
#include "tests/conformance/ci_validation.h"

namespace sp::ci {
namespace {

namespace fs = std::filesystem;

// A check of three files: one valid, one with an error and a warning, one
// (a bitstream) with a bit-offset error whose text holds bytes XML and
// JSON cannot carry as they are.
Log check_log() {
  Log log;
  log.version = "0.1.0";
  log.suite = "check";
  log.rules = {{"part_out_of_bounds", "A part's offset or size lies outside the file"}};
  log.tests = {{"ok.dxbc", "", 0.25}, {"dir a/bad:1.dxbc", "", std::nullopt}, {"/abs/x.bc", "", std::nullopt}};
  log.findings = {
      {"dir a/bad:1.dxbc", "digest_not_signed", Level::warning, "digest is the 'unsigned' sentinel", 4, false,
       "header.digest", ""},
      {"dir a/bad:1.dxbc", "part_out_of_bounds", Level::error, "part [60, +8) is past the end <&>", 60, false,
       "parts[0]", ""},
      {"/abs/x.bc", "bitstream_vbr_unterminated", Level::error, std::string("name \"\x01\xff\""), 83, true,
       "blocks[0].records[2]", ""},
  };
  return log;
}

fs::path write_scratch(const std::string& name, const std::string& text) {
  const fs::path dir = test::scratch_path("ci_output");
  fs::create_directories(dir);
  std::ofstream(dir / name, std::ios::binary) << text;
  return dir / name;
}

TEST(CiOutput, UriReferencesStayRelativeAndAreEncoded) {
  EXPECT_EQ(uri_reference("cases/y_a.bin"), "cases/y_a.bin");
  EXPECT_EQ(uri_reference("dir a/bad:1.dxbc"), "dir%20a/bad%3A1.dxbc");
  EXPECT_EQ(uri_reference("/abs/x#1.bc"), "file:///abs/x%231.bc");
}

TEST(CiOutput, SarifHasOneResultPerFindingAndOneRulePerId) {
  const auto j = nlohmann::json::parse(sarif(check_log()));
  EXPECT_EQ(j["version"], "2.1.0");
  const auto& run = j["runs"][0];
  EXPECT_EQ(run["tool"]["driver"]["name"], "shaderprobe");
  EXPECT_EQ(run["tool"]["driver"]["version"], "0.1.0");
  const auto& rules = run["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.size(), 3u);
  EXPECT_EQ(rules[1]["id"], "part_out_of_bounds");
  EXPECT_EQ(rules[1]["shortDescription"]["text"], "A part's offset or size lies outside the file");
  EXPECT_FALSE(rules[0].contains("shortDescription"));  // none given: none invented
  const auto& results = run["results"];
  ASSERT_EQ(results.size(), 3u);
  EXPECT_EQ(results[0]["level"], "warning");
  EXPECT_EQ(results[1]["ruleIndex"], 1);
  const auto& where = results[1]["locations"][0];
  EXPECT_EQ(where["physicalLocation"]["artifactLocation"]["uri"], "dir%20a/bad%3A1.dxbc");
  EXPECT_EQ(where["physicalLocation"]["region"]["byteOffset"], 60);
  EXPECT_EQ(where["logicalLocations"][0]["fullyQualifiedName"], "parts[0]");
  // A bit offset: the byte holding it, the bit itself as a property.
  EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["region"]["byteOffset"], 10);
  EXPECT_EQ(results[2]["properties"]["bitOffset"], 83);
  EXPECT_EQ(results[2]["message"]["text"], "name \"\\x01\\xFF\"");
}

TEST(CiOutput, JunitFailsTheTestsWithErrorsAndKeepsWarningsAsOutput) {
  const std::string x = junit(check_log());
  EXPECT_NE(x.find("<testsuites name=\"shaderprobe\" tests=\"3\" failures=\"2\""), std::string::npos) << x;
  EXPECT_NE(x.find("<testsuite name=\"check\" tests=\"3\" failures=\"2\""), std::string::npos) << x;
  EXPECT_NE(x.find("<testcase classname=\"check\" name=\"ok.dxbc\" time=\"0.250\"/>"), std::string::npos) << x;
  EXPECT_NE(x.find("<failure type=\"part_out_of_bounds\" message=\"part [60, +8) is past the end &lt;&amp;&gt;\">"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("<system-out>warning: digest_not_signed at 4: header.digest: digest is the &apos;unsigned&apos; "
                   "sentinel\n</system-out>"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("error: bitstream_vbr_unterminated at bit 83"), std::string::npos) << x;
  EXPECT_EQ(x.find('\x01'), std::string::npos);  // no control character reaches the XML
}

// conform's shape: several tests per file, one suite per test name, and a
// finding whose test the log does not list.
TEST(CiOutput, JunitGroupsTestsIntoSuitesByName) {
  Log log;
  log.suite = "conform";
  log.tests = {{"a/x.bin", "shaderprobe", 0.5}, {"a/x.bin", "obj2yaml-22", 0.1}, {"b/x.bin", "shaderprobe", 0.5}};
  log.findings = {{"b/x.bin", "disagree", Level::warning, "output differs", std::nullopt, false, "", "obj2yaml-22"},
                  {"b/x.bin", "crash", Level::error, "SIGSEGV", std::nullopt, false, "", "shaderprobe truncate"}};
  const std::string x = junit(log);
  EXPECT_NE(x.find("<testsuite name=\"conform shaderprobe\" tests=\"2\" failures=\"0\" errors=\"0\" skipped=\"0\" "
                   "time=\"1.000\">"),
            std::string::npos)
      << x;
  EXPECT_NE(x.find("<testsuite name=\"conform obj2yaml-22\" tests=\"2\" failures=\"0\""), std::string::npos) << x;
  EXPECT_NE(x.find("<testsuite name=\"conform shaderprobe truncate\" tests=\"1\" failures=\"1\""), std::string::npos)
      << x;
  EXPECT_NE(x.find("<testsuites name=\"shaderprobe\" tests=\"5\" failures=\"1\""), std::string::npos) << x;
}

TEST(CiOutput, BothValidate) {
  const auto sarif_problems = test::ci_output_problems("sarif", write_scratch("log.sarif", sarif(check_log())));
  const auto junit_problems = test::ci_output_problems("junit", write_scratch("log.xml", junit(check_log())));
  fs::remove_all(test::scratch_path("ci_output"));
  if (!sarif_problems || !junit_problems) GTEST_SKIP() << "no python3 with jsonschema";
  EXPECT_EQ(*sarif_problems, "");
  EXPECT_EQ(*junit_problems, "");
}

}  // namespace
}  // namespace sp::ci
