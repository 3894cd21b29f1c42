// `check FILE|DIR...`: folders read recursively in sorted order,
// every diagnostic prefixed with its file, a summary line, JSON lines, the
// exit status of a mix; `identify` naming every format; limits named by
// their option; no diagnostic line growing with the input.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "conformance/ci_validation.h"
#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp {
namespace {

namespace fs = std::filesystem;
using conform::run_command;

const fs::path kCases = SP_CONFORMANCE_CASES_DIR;

void write_bytes(const fs::path& p, std::string_view bytes) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

void copy_case(const std::string& format, const std::string& name, const fs::path& to) {
  fs::create_directories(to.parent_path());
  fs::copy_file(kCases / format / name, to, fs::copy_options::overwrite_existing);
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// A scratch folder per test, removed after it.
class CheckCli : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = test::scratch_path(testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// A valid container, one with a warning and a malformed one, in nested
// folders given out of order: the files come in sorted order, each line
// names its file, the summary counts them, exit 1.
TEST_F(CheckCli, FolderIsReadRecursivelyInSortedOrder) {
  copy_case("dxcontainer", "y_dxil_shader_kind_0", dir_ / "b" / "valid.dxbc");
  copy_case("dxcontainer", "i_digest_unsigned", dir_ / "a" / "deep" / "unsigned.dxbc");
  copy_case("dxcontainer", "n_dxil_bitcode_offset_7ffffff0", dir_ / "c.dxbc");
  const std::string d = dir_.string();
  const auto r = run_command({SP_CLI, "check", d});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto err = lines(r.err);
  ASSERT_EQ(err.size(), 2u) << r.err;
  EXPECT_TRUE(err[0].starts_with(d + "/a/deep/unsigned.dxbc: warning: digest_not_signed at 4: header.digest: ")) << err[0];
  EXPECT_TRUE(err[1].starts_with(d + "/c.dxbc: error: bitcode_out_of_bounds at 60: parts[0].DXIL.bitcode_header.offset: "))
      << err[1];
  EXPECT_EQ(lines(r.out), (std::vector<std::string>{d + "/a/deep/unsigned.dxbc: valid (1 warnings)",
                                                    d + "/b/valid.dxbc: valid (0 warnings)",
                                                    "3 files: 2 valid, 1 malformed, 0 unsupported, 1 warning"}));
  // A profile that rejects the warning: two malformed.
  const auto strict = run_command({SP_CLI, "check", "--profile=strict", d});
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_EQ(lines(strict.out).back(), "3 files: 1 valid, 2 malformed, 0 unsupported, 1 warning");
  // Valid files only: exit 0.
  fs::remove(dir_ / "c.dxbc");
  EXPECT_EQ(run_command({SP_CLI, "check", d}).exit_code, 0);
}

// A recognised-only format cannot be checked: exit 2 with "unsupported
// format", alone or in a folder beside a malformed file (the verdict is
// incomplete); the other files are still checked.
// --no-metadata walks metadata blocks without decoding them: a DXIL
// container that disagrees with its module's resources, and a module
// whose metadata no reader can load, pass the dxc profile with it and
// fail it without.
TEST_F(CheckCli, NoMetadataLeavesTheModuleAndItsChecksOut) {
  for (const auto& [format, name, code] :
       {std::tuple{"dxcontainer", "i_dxil_rts0_leaves_the_cbuffer_unbound", "root_signature_incompatible"},
        std::tuple{"dxcontainer", "i_dxil_metadata_shader_model_kind", "dxil_metadata_invalid"}}) {
    const std::string file = (kCases / format / name).string();
    const auto full = run_command({SP_CLI, "check", "--profile=dxc", file});
    EXPECT_EQ(full.exit_code, 1) << name;
    EXPECT_NE(full.err.find(std::string("error: ") + code), std::string::npos) << full.err;
    const auto lean = run_command({SP_CLI, "check", "--profile=dxc", "--no-metadata", file});
    EXPECT_EQ(lean.exit_code, 0) << name << ": " << lean.err;
    EXPECT_EQ(lean.err, "") << name;
  }
}

TEST_F(CheckCli, UnsupportedFormatExits2AloneAndInAFolder) {
  const fs::path spirv = dir_ / "module.spv";
  write_bytes(spirv, std::string_view("\x03\x02\x23\x07\0\0\1\0", 8));
  auto r = run_command({SP_CLI, "check", spirv.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_TRUE(r.err.starts_with(spirv.string() + ": error: unsupported format: spirv (")) << r.err;
  EXPECT_EQ(lines(r.out).back(), "1 file: 0 valid, 0 malformed, 1 unsupported, 0 warnings");

  copy_case("dxcontainer", "n_dxil_bitcode_offset_7ffffff0", dir_ / "broken.dxbc");
  copy_case("dxcontainer", "y_dxil_shader_kind_0", dir_ / "ok.dxbc");
  r = run_command({SP_CLI, "check", dir_.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("broken.dxbc: error: bitcode_out_of_bounds"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("module.spv: error: unsupported format: spirv"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.out).back(), "3 files: 1 valid, 1 malformed, 1 unsupported, 0 warnings");

  // A missing file among good ones: reported, counted, exit 2.
  r = run_command({SP_CLI, "check", (dir_ / "ok.dxbc").string(), (dir_ / "missing").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("missing: error: cannot open: "), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.out).back(), "2 files: 1 valid, 0 malformed, 0 unsupported, 1 unreadable, 0 warnings");
  // A folder with no file is a usage error.
  fs::create_directories(dir_ / "empty");
  r = run_command({SP_CLI, "check", (dir_ / "empty").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("empty: error: the folder holds no file"), std::string::npos) << r.err;
}

// --json (and --format=json): one object per file and line.
TEST_F(CheckCli, JsonIsOneObjectPerFileAndLine) {
  copy_case("dxcontainer", "i_digest_unsigned", dir_ / "a.dxbc");
  copy_case("dxcontainer", "n_dxil_bitcode_offset_7ffffff0", dir_ / "b.dxbc");
  write_bytes(dir_ / "c.spv", std::string_view("\x03\x02\x23\x07\0\0\1\0", 8));
  for (const char* flag : {"--json", "--format=json"}) {
    const auto r = run_command({SP_CLI, "check", flag, dir_.string()});
    EXPECT_EQ(r.exit_code, 2) << flag;
    EXPECT_EQ(r.err, "") << flag;
    const auto out = lines(r.out);
    ASSERT_EQ(out.size(), 3u) << r.out;
    const auto a = nlohmann::json::parse(out[0]), b = nlohmann::json::parse(out[1]), c = nlohmann::json::parse(out[2]);
    EXPECT_EQ(a["file"], (dir_ / "a.dxbc").string());
    EXPECT_EQ(a["format"], "dxcontainer");
    EXPECT_EQ(a["status"], "valid");
    EXPECT_TRUE(a["valid"].get<bool>());
    EXPECT_TRUE(a["error"].is_null());
    EXPECT_EQ(a["warnings"][0]["code"], "digest_not_signed");
    EXPECT_EQ(b["status"], "malformed");
    EXPECT_EQ(b["error"]["code"], "bitcode_out_of_bounds");
    EXPECT_EQ(b["error"]["offset"], 60);
    EXPECT_EQ(c["format"], "spirv");
    EXPECT_EQ(c["status"], "unsupported");
    EXPECT_EQ(c["error"]["code"], "unsupported_format");
  }
}

// SARIF 2.1.0 (valid against the schema's required fields) and JUnit for
// CI: a result per diagnostic, a test case per file.
TEST_F(CheckCli, SarifAndJunitForCi) {
  copy_case("dxcontainer", "i_digest_unsigned", dir_ / "in" / "a.dxbc");
  copy_case("dxcontainer", "n_dxil_bitcode_offset_7ffffff0", dir_ / "in" / "b.dxbc");
  copy_case("bitcode", "n_nested_100000_blocks", dir_ / "in" / "c.bc");
  const std::string in = (dir_ / "in").string();
  auto r = run_command({SP_CLI, "check", "--format=sarif", in});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.err, "");
  const fs::path sarif = dir_ / "check.sarif";
  write_bytes(sarif, r.out);
  const auto problems = test::ci_output_problems("sarif", sarif);
  if (problems) {
    EXPECT_EQ(*problems, "");
  }
  const auto log = nlohmann::json::parse(r.out);
  EXPECT_EQ(log["version"], "2.1.0");
  const auto& results = log["runs"][0]["results"];
  ASSERT_EQ(results.size(), 3u) << r.out;
  EXPECT_EQ(results[0]["ruleId"], "digest_not_signed");
  EXPECT_EQ(results[0]["level"], "warning");
  EXPECT_EQ(results[1]["ruleId"], "bitcode_out_of_bounds");
  EXPECT_EQ(results[1]["level"], "error");
  const auto& where = results[1]["locations"][0];
  EXPECT_EQ(where["physicalLocation"]["region"]["byteOffset"], 60);
  EXPECT_EQ(where["logicalLocations"][0]["fullyQualifiedName"], "parts[0].DXIL.bitcode_header.offset");
  EXPECT_EQ(results[2]["ruleId"], "limit_exceeded");
  EXPECT_NE(results[2]["message"]["text"].get<std::string>().find("--max-depth (64)"), std::string::npos);

  r = run_command({SP_CLI, "check", "--format=junit", in});
  EXPECT_EQ(r.exit_code, 1);
  const fs::path junit = dir_ / "check.xml";
  write_bytes(junit, r.out);
  const auto junit_problems = test::ci_output_problems("junit", junit);
  if (junit_problems) {
    EXPECT_EQ(*junit_problems, "");
  }
  EXPECT_NE(r.out.find("<testsuite name=\"check\" tests=\"3\" failures=\"2\""), std::string::npos) << r.out;
}

// identify names every format of the registry, those it cannot read yet
// included.
TEST_F(CheckCli, IdentifyNamesEveryFormat) {
  const std::vector<std::pair<std::string, std::string>> files = {
      {"container.dxbc", "dxcontainer"}, {"module.bc", "bitcode"}, {"shader.shbin", "shbin"},
      {"shader.vbc", "vbc"},             {"module.spv", "spirv"},  {"vs.d3d9", "d3d9"}};
  copy_case("dxcontainer", "y_dxil_shader_kind_0", dir_ / "container.dxbc");
  copy_case("bitcode", "y_writer_nested.bc", dir_ / "module.bc");
  write_bytes(dir_ / "shader.shbin", std::string_view("DVLB\1\0\0\0\x0c\0\0\0", 12));
  write_bytes(dir_ / "shader.vbc", std::string_view("VBC\1\0\0\0\0", 8));
  write_bytes(dir_ / "module.spv", std::string_view("\x03\x02\x23\x07\0\0\1\0", 8));
  write_bytes(dir_ / "vs.d3d9", std::string_view("\x00\x03\xfe\xff\xff\xff\x00\x00", 8));
  std::vector<std::string> argv = {SP_CLI, "identify", "--json"};
  for (const auto& [name, format] : files) argv.push_back((dir_ / name).string());
  const auto r = run_command(argv);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j.size(), files.size());
  for (size_t i = 0; i < files.size(); ++i) EXPECT_EQ(j[i]["format"], files[i].second) << j[i].dump();
  // What check makes of each: the read ones are checked (the headers-only
  // SHBIN and VBC files are malformed, exit 1), the others unsupported.
  for (size_t i = 0; i < files.size(); ++i) {
    const auto c = run_command({SP_CLI, "check", (dir_ / files[i].first).string()});
    const bool read = j[i]["supported"].get<bool>();
    if (read) EXPECT_NE(c.exit_code, 2) << files[i].first << ": " << c.err;
    else EXPECT_EQ(c.exit_code, 2) << files[i].first << ": " << c.err;
    EXPECT_EQ(c.err.find("unsupported format") == std::string::npos, read) << files[i].first << ": " << c.err;
  }
}

// A limit error names the option that raises it, and no diagnostic line
// grows with its input: 100,000 nested blocks with the depth limit lifted
// end in one line of bounded length with the middle of its path elided.
TEST_F(CheckCli, LimitErrorsNameTheirOptionAndLinesStayBounded) {
  const std::string nested = (kCases / "bitcode" / "n_nested_100000_blocks").string();
  auto r = run_command({SP_CLI, "check", nested});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.err.find(": error: limit_exceeded at bit "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("blocks nested deeper than --max-depth (64)"), std::string::npos) << r.err;
  r = run_command({SP_CLI, "check", "--max-depth", "1000000", nested});
  EXPECT_EQ(r.exit_code, 1);
  ASSERT_EQ(lines(r.err).size(), 1u);
  EXPECT_LT(r.err.size(), 2048u) << r.err.size();
  EXPECT_NE(r.err.find(" more)..."), std::string::npos) << r.err;
  const std::string bomb = (kCases / "dxcontainer" / "n_srci_zlib_bomb_declared").string();
  r = run_command({SP_CLI, "check", bomb});
  EXPECT_NE(r.err.find("more than --max-inflated-bytes (16777216)"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace sp
