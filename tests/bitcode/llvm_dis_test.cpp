// The IR layer's decoded values against llvm-dis-22 (skipped without it):
// a GLOBALVAR's isconst bit field and the `memory` attribute's encoded
// MemoryEffects, on the clang-22 bitcode the build generates and on
// modules written with each encoding version.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include <unistd.h>

#include "bitcode/describe.h"
#include "bitcode/memory_effects.h"
#include "bitcode/module.h"
#include "conformance/bitcode/module_builder.h"
#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp::bitcode {
namespace {

namespace fs = std::filesystem;

bool have_llvm_dis() { return std::string(SP_LLVM_DIS).size() > 0; }

std::string llvm_dis(const fs::path& file) {
  const auto r = conform::run_command({SP_LLVM_DIS, file.string(), "-o", "-"});
  EXPECT_EQ(r.exit_code, 0) << file << ": " << r.err;
  return r.out;
}

// Every distinct memory(...) that llvm-dis prints.
std::set<std::string> dis_memory(const std::string& ir) {
  std::set<std::string> out;
  const std::regex memory(R"(memory\([^)]*\))");
  for (auto it = std::sregex_iterator(ir.begin(), ir.end(), memory); it != std::sregex_iterator(); ++it)
    out.insert(it->str());
  return out;
}

// Whether each global variable llvm-dis prints with a plain name is
// `constant` (true) or `global` (false): the first of the two words after
// the linkage and other keywords.
std::map<std::string, bool> dis_constants(const std::string& ir) {
  std::map<std::string, bool> out;
  std::istringstream in(ir);
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with("@") || line.starts_with("@\"")) continue;
    std::istringstream words(line.substr(line.find(" = ") + 3));
    for (std::string w; words >> w;) {
      if (w == "global" || w == "constant") {
        out[line.substr(1, line.find(' ') - 1)] = w == "constant";
        break;
      }
    }
  }
  return out;
}

nlohmann::ordered_json described(const std::vector<uint8_t>& bytes) {
  const ParseResult r = parse_bitcode(bytes);
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  return r.ok() ? describe(*r.file, r.warnings) : nlohmann::ordered_json();
}

std::set<std::string> our_memory(const nlohmann::ordered_json& module) {
  std::set<std::string> out;
  for (const auto& g : module["attribute_groups"])
    for (const auto& a : g["attributes"])
      if (a.is_string() && a.get<std::string>().starts_with("memory(")) out.insert(a.get<std::string>());
  return out;
}

TEST(LlvmDis, GlobalsAndMemoryEffectsOfRealBitcode) {
  if (!have_llvm_dis()) GTEST_SKIP() << "llvm-dis-22 not installed";
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(SP_BITCODE_DIR))
    if (e.path().filename().string().starts_with("clang-22.")) files.push_back(e.path());
  if (files.empty()) GTEST_SKIP() << "no clang-22 bitcode generated";
  size_t memory = 0, constants = 0, variables = 0;
  for (const fs::path& f : files) {
    const std::string ir = llvm_dis(f);
    const auto module = described(test::read_file(f))["modules"][0];
    const auto ours = our_memory(module);
    EXPECT_EQ(ours, dis_memory(ir)) << f;
    memory += ours.size();
    const auto dis = dis_constants(ir);
    for (const auto& g : module["global_variables"]) {
      const auto it = dis.find(g["name"].get<std::string>());
      if (it == dis.end()) continue;
      EXPECT_EQ(g["isconst"].get<bool>(), it->second) << f << ": @" << it->first;
      EXPECT_TRUE(g["explicit_type"].get<bool>()) << f << ": @" << it->first;
      EXPECT_EQ(g["addrspace"], 0) << f << ": @" << it->first;
      ++(it->second ? constants : variables);
    }
  }
  // Enough was compared to mean something: clang-22 at -O2 prints memory
  // effects, and the sources hold constant and mutable globals.
  EXPECT_GT(memory, 3u);
  EXPECT_GT(constants, 3u);
  EXPECT_GT(variables, 3u);
}

// Every version-1 location and access, a version-0 value (written by LLVM
// 16 to 20, before errnomem: BitcodeReader upgrades it), and a global in
// address space 3, in modules llvm-dis-22 reads.
TEST(LlvmDis, EveryMemoryEncodingAndAddressSpace) {
  if (!have_llvm_dis()) GTEST_SKIP() << "llvm-dis-22 not installed";
  constexpr uint64_t kV1 = uint64_t{1} << 56;
  const uint64_t values[] = {kV1,        kV1 | 0x555, kV1 | 0xFFF, kV1 | 57, kV1 | 426, kV1 | 0x0F0, kV1 | 0x10,
                             kV1 | 0x400, 0,          25,          0x3F,     0x15,      0x30};
  const fs::path file = test::scratch_path("llvm_dis_memory.bc");
  for (const uint64_t value : values) {
    build::ModuleSpec s;
    s.function[4] = 1;                                // isproto: a declaration
    s.global[3] = 3 | 3 << 2;                         // constant, explicit type, addrspace(3)
    s.more_attributes = {1, kMemoryAttribute, value};  // an integer attribute
    const auto bytes = build::module_file(s);
    std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    const std::string ir = llvm_dis(file);
    EXPECT_EQ(dis_memory(ir), std::set<std::string>{memory_effects_text(value)}) << value << "\n" << ir;
    const auto module = described(bytes)["modules"][0];
    EXPECT_EQ(our_memory(module), std::set<std::string>{memory_effects_text(value)});
    EXPECT_NE(ir.find(" addrspace(3) constant i32"), std::string::npos) << ir;
    const auto& g = module["global_variables"][0];
    EXPECT_TRUE(g["isconst"].get<bool>());
    EXPECT_EQ(g["addrspace"], 3);
  }
  fs::remove(file);
}

}  // namespace
}  // namespace sp::bitcode
