// The CLI on the registry: `formats` (the table the scripts read),
// `identify --json`, and formats that are recognised but not read yet.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "conformance/subprocess.h"

namespace sp {
namespace {

namespace fs = std::filesystem;
using conform::run_command;

// Per-process names: other checkouts on the machine share /tmp.
fs::path write_temp(const std::string& name, std::string_view bytes) {
  const fs::path p = fs::path(testing::TempDir()) / (std::to_string(getpid()) + "_" + name);
  std::ofstream(p, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return p;
}

TEST(FormatsCli, JsonListsEveryFormatWithItsFuzzTargets) {
  const auto r = run_command({SP_CLI, "formats", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  std::map<std::string, nlohmann::json> by_name;
  for (const auto& f : j["formats"]) by_name[f["name"].get<std::string>()] = f;
  ASSERT_TRUE(by_name.contains("dxcontainer"));
  ASSERT_TRUE(by_name.contains("shbin"));
  EXPECT_TRUE(by_name["dxcontainer"]["supported"].get<bool>());
  EXPECT_FALSE(by_name["shbin"]["supported"].get<bool>());
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

TEST(FormatsCli, RecognisedOnlyFormatsAreNamedAndUnsupported) {
  const fs::path shbin = write_temp("sp_shader.shbin", std::string_view("DVLB\1\0\0\0\x0c\0\0\0", 12));
  auto r = run_command({SP_CLI, "identify", shbin.string()});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find(": 3ds shbin (not supported)"), std::string::npos) << r.out;
  r = run_command({SP_CLI, "identify", "--json", shbin.string()});
  ASSERT_EQ(r.exit_code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j[0]["format"], "shbin");
  EXPECT_FALSE(j[0]["supported"].get<bool>());
  for (const char* command : {"check", "dump"}) {
    r = run_command({SP_CLI, command, shbin.string()});
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_TRUE(r.err.starts_with(shbin.string() + ": error: unsupported format: shbin")) << r.err;
  }
}

TEST(FormatsCli, UnknownInputIsReadAsTheFirstFormat) {
  const fs::path junk = write_temp("sp_junk.bin", "not a shader");
  auto r = run_command({SP_CLI, "identify", "--json", junk.string()});
  EXPECT_TRUE(nlohmann::json::parse(r.out)[0]["format"].is_null()) << r.out;
  r = run_command({SP_CLI, "check", junk.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_TRUE(r.err.starts_with(junk.string() + ": error: not_a_container at 0: header.magic")) << r.err;
}

}  // namespace
}  // namespace sp
