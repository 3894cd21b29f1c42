// The CLI on the registry: `formats` (the table the scripts read),
// `identify --json`, and formats that are recognised but not read yet.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "conformance/subprocess.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/test_files.h"

namespace sp {
namespace {

namespace fs = std::filesystem;
using conform::run_command;

TEST(FormatsCli, JsonListsEveryFormatWithItsFuzzTargets) {
  const auto r = run_command({SP_CLI, "formats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, nlohmann::json> by_name;
  for (const auto& f : j["formats"]) by_name[f["name"].get<std::string>()] = f;
  ASSERT_TRUE(by_name.contains("dxcontainer"));
  ASSERT_TRUE(by_name.contains("vbc"));
  EXPECT_TRUE(by_name["dxcontainer"]["supported"].get<bool>());
  EXPECT_TRUE(by_name["shbin"]["supported"].get<bool>());
  EXPECT_TRUE(by_name["vbc"]["supported"].get<bool>());
  EXPECT_FALSE(by_name["spirv"]["supported"].get<bool>());
  EXPECT_EQ(by_name["bitcode"]["embedded_in"][0]["host"], "dxcontainer");
  // Every fuzz target names a listed format, and the format lists it back.
  ASSERT_FALSE(j["fuzz_targets"].empty());
  for (const auto& t : j["fuzz_targets"]) {
    const auto& f = by_name.at(t["format"].get<std::string>());
    const auto& names = f["fuzz_targets"];
    EXPECT_NE(std::find(names.begin(), names.end(), t["name"]), names.end()) << t.dump();
    const auto& corpora = f["corpora"];
    EXPECT_NE(std::find(corpora.begin(), corpora.end(), t["corpus"]), corpora.end()) << t.dump();
  }
  EXPECT_EQ(j["profiles"].front(), "lenient");
  EXPECT_EQ(j["profiles"].back(), "strict");
}

// The container the nightly run's fuzz_dump found in ten seconds: an IFCE
// class name starting with 0xE8, which `dump --format=json` handed to
// nlohmann-json raw (std::terminate, exit 134). Every command prints it,
// in JSON as text with the byte escaped.
TEST(FormatsCli, TheNightlysNameThatIsNotUtf8IsPrintedByEveryCommand) {
  const std::string file = SP_SOURCE_DIR "/corpus/regressions/dxcontainer/json-ifce-class-name-not-utf8";
  const std::vector<std::vector<std::string>> commands = {
      {"identify", file},          {"identify", "--json", file},        {"check", file},
      {"check", "--json", file},   {"check", "--format=sarif", file},   {"check", "--format=junit", file},
      {"digest", file},            {"conform", "-q", file}};
  for (const auto& args : commands) {
    std::vector<std::string> argv = {SP_CLI};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto r = run_command(argv);
    EXPECT_EQ(r.exit_code, 0) << args[0] << " " << args[1] << ": " << r.err;
    if (args[1] == "--json") {
      EXPECT_TRUE(nlohmann::json::accept(r.out)) << args[0];
    }
  }
  const std::vector<uint8_t> bytes = test::read_file(file);
  const formats::Format& format = formats::reader_for(bytes);
  for (const std::string& name : formats::dump_names(format)) {
    const auto r = run_command({SP_CLI, "dump", "--format=" + name, file});
    // bcanalyzer: there is no DXIL part to dump (usage, exit 2).
    const std::optional<formats::DumpRoute> route = formats::find_dump(format, name);
    EXPECT_EQ(r.exit_code, route && route->owner->name == "bitcode" ? 2 : 0) << name << ": " << r.err;
    EXPECT_EQ(r.err.find("internal_error"), std::string::npos) << name << ": " << r.err;
    if (name == "json") {
      const auto j = nlohmann::json::parse(r.out);
      EXPECT_EQ(j["parts"][0]["fxc"]["interfaces"]["class_types"][0]["name"], "\\xE8Red") << r.out;
    }
  }
}

TEST(FormatsCli, RecognisedOnlyFormatsAreNamedAndUnsupported) {
  // SPIR-V's magic, 0x07230203, as a little-endian word.
  const test::TempFile spirv("shader.spv", std::string_view("\x03\x02\x23\x07\0\0\1\0", 8));
  auto r = run_command({SP_CLI, "identify", spirv.string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find(": spir-v (not supported)"), std::string::npos) << r.out;
  r = run_command({SP_CLI, "identify", "--json", spirv.string()});
  ASSERT_EQ(r.exit_code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j[0]["format"], "spirv");
  EXPECT_FALSE(j[0]["supported"].get<bool>());
  for (const char* command : {"check", "dump"}) {
    r = run_command({SP_CLI, command, spirv.string()});
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_TRUE(r.err.starts_with(spirv.string() + ": error: unsupported format: spirv")) << r.err;
  }
}

// A SHBIN is known by its magic, whatever its name: identify, check and
// every dump (the CLI's side of tests/shbin).
TEST(FormatsCli, ShbinIsReadByItsMagic) {
  // One DVLE (vertex, main 0, endmain 1) over a program of one `end`, in
  // nihstro's layout: DVLB, DVLP header, DVLE header, code.
  std::string file("DVLB\1\0\0\0\x28\0\0\0", 12);
  file += std::string("DVLP\0\0\0\0\x5c\0\0\0\1\0\0\0\x60\0\0\0\0\0\0\0\0\0\0\0", 28);
  std::string dvle("DVLE", 4);
  dvle.resize(0x40, '\0');
  dvle[12] = 1;  // endmain
  file += dvle;
  file += std::string("\0\0\0\x88", 4);  // end
  const test::TempFile path("shader.bin", file);
  auto r = run_command({SP_CLI, "identify", path.string()});
  EXPECT_NE(r.out.find(": 3ds shbin, 1 DVLE, 1 code words, 0 operand descriptors, first DVLE: vertex shader"),
            std::string::npos)
      << r.out;
  r = run_command({SP_CLI, "check", path.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* format : {"yaml", "json", "pica"}) {
    r = run_command({SP_CLI, "dump", std::string("--format=") + format, path.string()});
    EXPECT_EQ(r.exit_code, 0) << format << ": " << r.err;
  }
  EXPECT_NE(r.out.find(".proc main\n    end "), std::string::npos) << r.out;
}

TEST(FormatsCli, UnknownInputIsReadAsTheFirstFormat) {
  const test::TempFile junk("junk.bin", "not a shader");
  auto r = run_command({SP_CLI, "identify", "--json", junk.string()});
  EXPECT_TRUE(nlohmann::json::parse(r.out)[0]["format"].is_null()) << r.out;
  r = run_command({SP_CLI, "check", junk.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.err.starts_with(junk.string() + ": error: not_a_container at 0: header.magic")) << r.err;
}

}  // namespace
}  // namespace sp
