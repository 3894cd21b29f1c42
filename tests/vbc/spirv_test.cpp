// The SPIR-V of each stage: the structural reader's errors (with the stage
// and the word in the path, the word's byte in the offset), SPIRV-Tools'
// validation in-process, and agreement with the spirv-val binary on real
// modules and on copies corrupted word by word.
#include <gtest/gtest.h>

#include <iostream>

#include "conformance/vbc/builders.h"
#include "vbc/spirv_module.h"
#include "vbc/spirv_tools.h"
#include "support/test_files.h"
#include "vbc/support.h"

namespace sp::vbc {
namespace {

using test::parse;

// A file with `module` in the slot of `stage`, and basic.vert / basic.frag
// in the required slots it does not take.
std::vector<uint8_t> file_with(Stage stage, Bytes module) {
  Shader s = build::shader({.vert = build::spirv("basic.vert"), .frag = build::spirv("basic.frag")});
  s.stage(stage).code = module;
  return write_shader(s);
}

uint64_t stage_offset(const std::vector<uint8_t>& file, Stage stage) {
  uint64_t at = file.size();
  for (size_t i = static_cast<size_t>(stage); i < kStageCount; ++i)
    at -= uint64_t{load_le<uint16_t>(file.data() + build::words_at(kStages[i]))} * 4;
  return at;
}

Stage stage_of(std::string_view name) {
  for (const Stage s : kStages)
    if (name.ends_with(stage_name(s))) return s;
  throw std::invalid_argument(std::string(name));
}

struct Structural {
  std::string name;
  std::vector<uint32_t> words;
  Code code;
  size_t word;  // where the error is
};

std::vector<Structural> structural_cases() {
  const std::vector<uint32_t> frag = build::words_of(build::spirv("basic.frag"));
  std::vector<Structural> out;
  out.push_back({"four_words", {frag.begin(), frag.begin() + 4}, Code::spirv_header_invalid, 0});
  auto with = [&](size_t i, uint32_t v) {
    std::vector<uint32_t> w = frag;
    w[i] = v;
    return w;
  };
  out.push_back({"magic", with(0, 0x07230204), Code::spirv_header_invalid, 0});
  out.push_back({"byte_swapped_magic", with(0, 0x03022307), Code::spirv_header_invalid, 0});
  out.push_back({"version_1_7", with(1, 0x00010700), Code::spirv_header_invalid, 1});
  out.push_back({"version_2_0", with(1, 0x00020000), Code::spirv_header_invalid, 1});
  out.push_back({"version_low_byte", with(1, 0x00010001), Code::spirv_header_invalid, 1});
  // Instruction 2 (OpMemoryModel, after OpCapability and OpExtInstImport).
  size_t third = 5;
  for (int k = 0; k < 2; ++k) third += frag[third] >> 16;
  out.push_back({"word_count_0", with(third, frag[third] & 0xFFFF), Code::spirv_word_count_zero, third});
  size_t last = 5;
  while (last + (frag[last] >> 16) < frag.size()) last += frag[last] >> 16;
  out.push_back({"past_the_end", with(last, frag[last] + (1u << 16)), Code::instruction_out_of_bounds, last});
  out.push_back({"header_only_then_count_past", [&] {
                   std::vector<uint32_t> w(frag.begin(), frag.begin() + 5);
                   w.push_back(0x00030005);  // OpName of 3 words, in a module of 6
                   return w;
                 }(),
                 Code::instruction_out_of_bounds, 5});
  return out;
}

// These are found by the project's own reader, with or without
// SPIRV-Tools in the build.
TEST(VbcSpirv, StructuralErrorsNameTheStageAndTheWord) {
  for (const bool validate : {true, false}) {
    for (const Structural& c : structural_cases()) {
      const std::vector<uint8_t> module = build::bytes_of(c.words);
      const std::vector<uint8_t> file = file_with(Stage::frag, module);
      const ParseResult r = parse_shader(file, Limits{}, 0, {.validate_spirv = validate});
      ASSERT_FALSE(r.ok()) << c.name;
      EXPECT_EQ(code_name(r.error->code), code_name(c.code)) << c.name << ": " << r.error->to_string();
      EXPECT_EQ(r.error->path, "stages.frag.words[" + std::to_string(c.word) + "]") << c.name;
      EXPECT_EQ(r.error->offset, stage_offset(file, Stage::frag) + 4 * c.word) << c.name;
    }
  }
}

TEST(VbcSpirv, AByteSwappedModuleIsToldApart) {
  const std::vector<Structural> cases = structural_cases();
  const auto swapped = std::find_if(cases.begin(), cases.end(), [](const Structural& c) { return c.name == "byte_swapped_magic"; });
  const ParseResult r = parse(file_with(Stage::frag, build::bytes_of(swapped->words)));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->message.find("big-endian"), std::string::npos) << r.error->message;
}

// A validation failure: the stage, the word of the instruction SPIRV-Tools
// names, and its message.
TEST(VbcSpirv, AValidationFailureNamesStageWordAndSpirvToolsMessage) {
  if (!spirv_tools::available()) GTEST_SKIP() << "built without SPIRV-Tools";
  std::vector<uint32_t> words = build::words_of(build::spirv("basic.vert"));
  // The first OpStore's pointer: an id that was never defined.
  size_t i = 5;
  while ((words[i] & 0xFFFF) != 62) i += words[i] >> 16;
  words[i + 1] = 0x00123456;
  const std::vector<uint8_t> module = build::bytes_of(words);
  const std::vector<uint8_t> file = file_with(Stage::vert, module);
  const ParseResult r = parse(file);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::spirv_invalid) << r.error->to_string();
  EXPECT_EQ(r.error->path, "stages.vert.words[" + std::to_string(i) + "]");
  EXPECT_EQ(r.error->offset, stage_offset(file, Stage::vert) + 4 * i);
  EXPECT_EQ(r.error->message.rfind("SPIRV-Tools (vulkan1.0): ID '1193046[%1193046]' has not been defined: OpStore", 0),
            0u)
      << r.error->message;
  EXPECT_EQ(r.error->message.find('\n'), std::string::npos);
  // Without validation the module is structurally sound.
  EXPECT_TRUE(parse_shader(file, Limits{}, 0, {.validate_spirv = false}).ok());
}

// SPIR-V 1.5 is validated for Vulkan 1.2 (VSL's own target), and a module
// Vulkan 1.0 cannot take is told so.
TEST(VbcSpirv, TheTargetEnvironmentFollowsTheModulesVersion) {
  EXPECT_TRUE(parse(build::bytes(build::sample("spirv_1_5"))).ok());
  EXPECT_EQ(spirv_tools::target_env_name(0x00010000), "vulkan1.0");
  EXPECT_EQ(spirv_tools::target_env_name(0x00010300), "vulkan1.1");
  EXPECT_EQ(spirv_tools::target_env_name(0x00010400), "vulkan1.1spv1.4");
  EXPECT_EQ(spirv_tools::target_env_name(0x00010500), "vulkan1.2");
  EXPECT_EQ(spirv_tools::target_env_name(0x00010600), "vulkan1.3");
}

// A module whose names would make SPIRV-Tools' friendly-name mapper
// quadratic (20,000 `OpName %x "a"`, or names that grow with the depth of
// nested arrays) is refused before SPIRV-Tools sees it, after one walk
// that visits each instruction once.
TEST(VbcSpirv, NamesThatWouldMakeSpirvToolsQuadraticAreRefused) {
  if (!spirv_tools::available()) GTEST_SKIP() << "built without SPIRV-Tools";
  const std::vector<uint32_t> frag = build::words_of(build::spirv("basic.frag"));
  std::vector<uint32_t> names(frag.begin(), frag.begin() + 5);
  for (uint32_t i = 0; i < 20000; ++i) names.insert(names.end(), {0x00030005, 100 + i, 0x61});
  names.insert(names.end(), frag.begin() + 5, frag.end());
  // 16,000 arrays, each of the one before: names that grow with the depth.
  std::vector<uint32_t> nested(frag.begin(), frag.begin() + 5);
  nested.insert(nested.end(), {0x00040015, 100, 32, 0, 0x0004002B, 100, 101, 2, 0x0004001C, 102, 100, 101});
  for (uint32_t i = 0; i < 15900; ++i) nested.insert(nested.end(), {0x0004001C, 103 + i, 102 + i, 101});
  nested.insert(nested.end(), frag.begin() + 5, frag.end());
  for (const auto& words : {names, nested}) {
    ASSERT_LE(words.size(), 65535u);
    const std::vector<uint8_t> module = build::bytes_of(words);
    uint32_t instructions = 0;
    for (size_t i = 5; i < words.size(); i += words[i] >> 16) ++instructions;
    const Limits limits;
    Context ctx(limits, module.size());
    SpirvModule walked;
    ASSERT_TRUE(read_spirv(module, 0, FieldPath::root("module"), ctx, walked, true));
    EXPECT_EQ(walked.instructions, instructions);
    const ParseResult r = parse(file_with(Stage::frag, module));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->code, Code::limit_exceeded) << r.error->to_string();
    EXPECT_EQ(r.error->path, "stages.frag");
    EXPECT_NE(r.error->message.find("SPIRV-Tools' friendly names"), std::string::npos) << r.error->message;
  }
}

// ---- Agreement with spirv-val ----------------------------------------------

struct Corrupted {
  std::string name;
  Stage stage;
  std::vector<uint8_t> module;
};

// Every SPIR-V sample, and copies of each with one word replaced (by 0,
// all ones, one bit flipped, its word count raised by one, its word count
// cleared) at 10 places spread over the module and in the header, or cut
// short.
std::vector<Corrupted> corpus() {
  std::vector<Corrupted> out;
  for (const build::SpirvSample& sample : build::spirv_samples()) {
    const Stage stage = stage_of(sample.name);
    const std::vector<uint32_t> words = build::words_of(sample.bytes);
    out.push_back({std::string(sample.name), stage, {sample.bytes.begin(), sample.bytes.end()}});
    std::vector<size_t> places = {0, 1, 3};
    for (size_t k = 0; k < 10; ++k) places.push_back(5 + k * (words.size() - 5) / 10);
    for (const size_t p : places) {
      const uint32_t w = words[p];
      const std::pair<const char*, uint32_t> changes[] = {
          {"zero", 0}, {"ones", 0xFFFFFFFF}, {"bit", w ^ 1}, {"count+1", w + 0x10000}, {"count0", w & 0xFFFF}};
      for (const auto& [what, value] : changes) {
        if (value == w) continue;
        std::vector<uint32_t> copy = words;
        copy[p] = value;
        out.push_back({std::string(sample.name) + " word " + std::to_string(p) + " " + what, stage,
                       build::bytes_of(copy)});
      }
    }
    for (const size_t keep : {size_t{4}, size_t{5}, words.size() / 2, words.size() - 1}) {
      const std::vector<uint32_t> cut(words.begin(), words.begin() + static_cast<ptrdiff_t>(keep));
      out.push_back({std::string(sample.name) + " cut to " + std::to_string(keep), stage, build::bytes_of(cut)});
    }
  }
  return out;
}

// What spirv-val makes of a module, with the target environment the reader
// picks for its version (vulkan1.0 when the version is none).
struct Verdict {
  bool accepted = false;
  std::string message;
};
Verdict spirv_val(const std::string& binary, const std::vector<uint8_t>& module, const std::string& name) {
  std::string env = "vulkan1.0";
  if (module.size() >= 8) {
    const uint32_t version = load_le<uint32_t>(module.data() + 4);
    if ((version & 0xFF0000FFu) == 0 && (version >> 16 & 0xFF) == 1 && (version >> 8 & 0xFF) <= 6)
      env = std::string(spirv_tools::target_env_name(version));
  }
  const auto path = test::scratch_file(name, module);
  const conform::RunResult r = conform::run_command({binary, "--target-env", env, path.string()});
  return {r.ok(), r.out + r.err};
}

// Every SPIR-V stage that spirv-val rejects is
// rejected, and none that it accepts. And in any build, SPIRV-Tools or
// not, what spirv-val cannot even decode (a broken header, a word count of
// 0 or past the end) the structural reader rejects by itself. (An
// instruction whose word count its operands do not fill, "expected more
// operands", needs SPIR-V's grammar: SPIRV-Tools' part.)
TEST(VbcSpirv, AcceptsExactlyTheStagesSpirvValAccepts) {
  const std::optional<std::string> val = test::tool("spirv-val");
  if (!val) GTEST_SKIP() << "spirv-val is not installed";
  const bool in_process = spirv_tools::available();
  size_t accepted = 0, rejected = 0, structural = 0, undecodable = 0, n = 0;
  for (const Corrupted& c : corpus()) {
    const Verdict theirs = spirv_val(*val, c.module, "module" + std::to_string(n++) + ".spv");
    const std::vector<uint8_t> file = file_with(c.stage, c.module);
    (theirs.accepted ? accepted : rejected) += 1;
    const ParseResult alone = parse_shader(file, Limits{}, 0, {.validate_spirv = false});
    if (!alone.ok()) ++structural;
    const bool decode_error = theirs.message.find("Invalid SPIR-V header") != std::string::npos ||
                              theirs.message.find("Invalid SPIR-V magic number") != std::string::npos ||
                              theirs.message.find("Invalid instruction word count") != std::string::npos ||
                              (theirs.message.find("End of input reached while decoding") != std::string::npos &&
                               theirs.message.find("expected more operands") == std::string::npos) ||
                              theirs.message.find("incomplete header") != std::string::npos;
    if (decode_error) {
      ++undecodable;
      EXPECT_FALSE(alone.ok()) << c.name << ": spirv-val " << theirs.message;
    }
    if (!in_process) continue;
    const ParseResult ours = parse(file);
    EXPECT_EQ(ours.ok(), theirs.accepted) << c.name << ": shaderprobe "
                                          << (ours.ok() ? "accepts" : ours.error->to_string()) << "; spirv-val "
                                          << (theirs.accepted ? "accepts" : theirs.message);
  }
  std::filesystem::remove_all(sp::test::scratch_path("vbc_test"));
  std::cout << "spirv-val: " << n << " stages, " << accepted << " accepted, " << rejected << " rejected ("
            << undecodable << " undecodable); the structural reader alone rejects " << structural
            << (in_process ? "; with SPIRV-Tools in-process, the same verdict on each" : "") << "\n";
  EXPECT_GT(accepted, 11u);  // the samples, and corruptions of names and constants
  EXPECT_GT(rejected, 200u);
  EXPECT_GT(undecodable, 20u);
}

}  // namespace
}  // namespace sp::vbc
