// The SPIR-V of each stage: the structural reader's errors (with the stage
// and the word in the path, the word's byte in the offset), SPIRV-Tools'
// validation in-process, and agreement with the spirv-val binary on real
// modules and on copies corrupted word by word.
#include <gtest/gtest.h>

#include <algorithm>
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

// The bound of SPIRV-Tools' friendly-name work the walk gives a whole
// module (header included).
uint64_t module_name_work(const std::vector<uint32_t>& words) {
  const std::vector<uint8_t> code = build::bytes_of(words);
  const Limits limits;
  Context ctx(limits, code.size());
  SpirvModule module;
  EXPECT_TRUE(read_spirv(code, 0, FieldPath::root("stage"), ctx, module, true));
  return module.name_work;
}

// The same for a module of a SPIR-V 1.0 header and `instructions` (each a
// word of word count and opcode, then its operands).
uint64_t name_work(const std::vector<uint32_t>& instructions) {
  std::vector<uint32_t> words = {kSpirvMagic, 0x00010000, 0, 100, 0};
  words.insert(words.end(), instructions.begin(), instructions.end());
  return module_name_work(words);
}

constexpr uint32_t op(uint32_t words, uint32_t opcode) { return words << 16 | opcode; }

// Each instruction the walk names an id by, at its fewest words and one
// short of them, and the costs of a name: what decides whether a module is
// refused before SPIRV-Tools sees it. Every instruction costs 64 bytes and
// 64 per operand word (a number, an enum, or an id whose name has at most
// 62 characters prints in that); a name saved for its id costs its length,
// plus that length and 12 for each name of the same text saved before it.
// After each case an OpTypeRuntimeArray of the id tells the length of the
// name the case gave it (10, its number's digits, when none).
TEST(VbcSpirv, TheNameWorkOfEachNamingInstructionIsItsNamesLength) {
  constexpr uint32_t kFloat = 5, kId = 6, kOther = 9, kProbe = 50;
  // OpTypeFloat 32: a name of 16 characters ("float", "_32", suffixes).
  const std::vector<uint32_t> float32 = {op(3, 22), kFloat, 32};
  const auto after_float = [&](std::vector<uint32_t> words) {
    words.insert(words.begin(), float32.begin(), float32.end());
    return words;
  };
  const uint64_t f = 3 * 64 + 16;
  struct Naming {
    std::string name;
    std::vector<uint32_t> words;
    uint64_t work;       // without the probe
    uint64_t id_length;  // of kId's name
  };
  const std::vector<Naming> cases = {
      {"OpTypeFloat", float32, f, 10},
      {"OpTypeFloat twice", after_float({op(3, 22), kId, 32}), f + 3 * 64 + 16 + (16 + 12), 16},
      {"OpTypeInt", {op(4, 21), kId, 32, 1}, 4 * 64 + 16, 16},
      {"OpTypeInt without a width", {op(2, 21), kId}, 2 * 64, 10},
      {"OpDecorate BuiltIn", {op(4, 71), kId, 11, 0}, 4 * 64 + 32, 32},
      {"OpDecorate BuiltIn with a word more", {op(5, 71), kId, 11, 0, 0}, 5 * 64 + 32, 32},
      {"OpDecorate BuiltIn without its value", {op(3, 71), kId, 11}, 3 * 64, 10},
      {"OpDecorate Location", {op(4, 71), kId, 30, 0}, 4 * 64, 10},
      {"OpDecorate BuiltIn of two ids, one value", {op(4, 71), kId, 11, 0, op(4, 71), kOther, 11, 0},
       8 * 64 + 32 + 32 + (32 + 12), 32},
      {"OpDecorate BuiltIn of two ids, two values", {op(4, 71), kId, 11, 0, op(4, 71), kOther, 11, 1},
       8 * 64 + 32 + 32, 32},
      {"OpTypeVoid", {op(2, 19), kId}, 2 * 64 + 8, 8},
      {"OpTypeVoid without a result", {op(1, 19)}, 64, 10},
      {"OpTypeVector", after_float({op(4, 23), kId, kFloat, 4}), f + 4 * 64 + 16 + 14, 16 + 14},
      {"OpTypeVector without a count", after_float({op(3, 23), kId, kFloat}), f + 3 * 64, 10},
      {"OpTypeArray", after_float({op(4, 28), kId, kFloat, kOther}), f + 4 * 64 + 6 + 16 + 10, 6 + 16 + 10},
      {"OpTypeArray without a length", after_float({op(3, 28), kId, kFloat}), f + 3 * 64, 10},
      {"OpTypeRuntimeArray", after_float({op(3, 29), kId, kFloat}), f + 3 * 64 + 12 + 16, 12 + 16},
      {"OpTypeRuntimeArray without an element", after_float({op(2, 29), kId}), f + 2 * 64, 10},
      {"OpTypePointer", after_float({op(4, 32), kId, 1, kFloat}), f + 4 * 64 + 16 + 48, 16 + 48},
      {"OpTypePointer without a type", after_float({op(3, 32), kId, 1}), f + 3 * 64, 10},
      {"OpTypeStruct", {op(2, 30), kId}, 2 * 64 + 18, 18},
      {"OpTypeStruct without a result", {op(1, 30)}, 64, 10},
      {"OpTypeStruct twice", {op(2, 30), kId, op(2, 30), kOther}, 4 * 64 + 18 + 18, 18},
      {"OpTypeOpaque", {op(3, 31), kId, 0x6261}, 3 * 64 + 2 + 7, 2 + 7},
      {"OpTypeOpaque without a name", {op(2, 31), kId}, 2 * 64 + 1 + 7, 1 + 7},
      {"OpConstantTrue", {op(3, 41), kFloat, kId}, 3 * 64 + 5, 5},
      {"OpConstantTrue without a result", {op(2, 41), kFloat}, 2 * 64, 10},
      {"OpConstant", after_float({op(4, 43), kFloat, kId, 7}), f + 4 * 64 + 16 + 24 + 12, 16 + 24 + 12},
      {"OpConstant of two words", after_float({op(5, 43), kFloat, kId, 7, 0}), f + 5 * 64 + 16 + 24 + 2 * 12,
       16 + 24 + 2 * 12},
      {"OpConstant without a value", after_float({op(3, 43), kFloat, kId}), f + 3 * 64, 10},
      {"OpConstant twice, one value", after_float({op(4, 43), kFloat, kId, 7, op(4, 43), kFloat, kOther, 7}),
       f + 8 * 64 + 52 + 52 + (52 + 12), 52},
      {"OpConstant twice, two values", after_float({op(4, 43), kFloat, kId, 7, op(4, 43), kFloat, kOther, 8}),
       f + 8 * 64 + 52 + 52, 52},
      {"OpName", {op(3, 5), kId, 0x6261}, 3 * 64 + 2, 2},
      {"OpName without a name", {op(2, 5), kId}, 2 * 64 + 1, 1},
      // "a-" becomes "a_" (characters outside [A-Za-z0-9_] do): the same name.
      {"OpName twice, alike once sanitized", {op(3, 5), kId, 0x5F61, op(3, 5), kOther, 0x2D61},
       6 * 64 + 2 + 2 + (2 + 12), 2},
      {"OpName twice, unlike", {op(3, 5), kId, 0x5F61, op(3, 5), kOther, 0x5F41}, 6 * 64 + 2 + 2, 2},
  };
  for (const Naming& c : cases) {
    std::vector<uint32_t> words = c.words;
    words.insert(words.end(), {op(3, 29), kProbe, kId});
    const uint64_t probe = 2 * 64 + std::max<uint64_t>(64, c.id_length + 2) + 12 + c.id_length;
    EXPECT_EQ(name_work(words), c.work + probe) << c.name;
  }

  // An operand naming an id whose name is longer than 62 characters prints
  // that name: OpName of 71 characters (18 words with its NUL), then an
  // OpDecorate of it.
  std::vector<uint32_t> long_name = {op(20, 5), kId};
  for (int i = 0; i < 17; ++i) long_name.push_back(0x61616161);
  long_name.push_back(0x00616161);
  const uint64_t named = 20 * 64 + 71;
  EXPECT_EQ(name_work(long_name), named);
  long_name.insert(long_name.end(), {op(4, 71), kId, 30, 0});
  EXPECT_EQ(name_work(long_name), named + 64 + (71 + 2) + 2 * 64);
}

// basic.frag with names put after its header so that its name work is
// `target`: one long name of L characters in k words (64 * (2 + k) + L,
// L from 4k - 4 to 4k - 1), and n names of three characters (195 each),
// n chosen so the long name's cost can be met. Empty when none fits.
std::vector<uint32_t> frag_with_name_work(uint64_t target) {
  const std::vector<uint32_t> frag = build::words_of(build::spirv("basic.frag"));
  const uint64_t base = module_name_work(frag);
  for (uint32_t n = 0; n < 68; ++n) {
    if (base + 195 * n + 124 + 68 > target) break;
    const uint64_t cost = target - base - 195 * n;
    const uint64_t k = (cost - 124) / 68, r = (cost - 124) % 68;
    if (r > 3) continue;
    const uint64_t length = 4 * k - 4 + r;
    std::vector<uint32_t> words(frag.begin(), frag.begin() + 5);
    words.insert(words.end(), {op(static_cast<uint32_t>(2 + k), 5), 1000});
    std::vector<uint32_t> name(static_cast<size_t>(k), 0x7A7A7A7A);  // "zzzz"
    name.back() = 0;
    for (uint64_t i = 4 * (k - 1); i < length; ++i) name.back() |= uint32_t{0x7A} << (8 * (i % 4));
    words.insert(words.end(), name.begin(), name.end());
    for (uint32_t i = 0; i < n; ++i)
      words.insert(words.end(), {op(3, 5), 1001 + i, 0x51u | (0x41u + i / 26) << 8 | (0x41u + i % 26) << 16});
    words.insert(words.end(), frag.begin() + 5, frag.end());
    return words;
  }
  return {};
}

// The refusal is exact: a module whose friendly names would take the whole
// budget goes on to SPIRV-Tools, one byte more is refused, under the
// stage's path and with the work it would take.
TEST(VbcSpirv, NameWorkOneByteOverTheBudgetIsRefused) {
  if (!spirv_tools::available()) GTEST_SKIP() << "built without SPIRV-Tools";
  Limits limits;
  limits.max_text_per_input_byte = 0;  // a budget of 2^20 whatever the module's size
  const uint64_t budget = uint64_t{1} << 20;
  for (const uint64_t work : {budget, budget + 1}) {
    const std::vector<uint32_t> words = frag_with_name_work(work);
    ASSERT_FALSE(words.empty()) << work;
    ASSERT_EQ(module_name_work(words), work);
    const ParseResult r = parse_shader(file_with(Stage::frag, build::bytes_of(words)), limits);
    if (work == budget) {
      if (!r.ok()) {
        EXPECT_NE(r.error->code, Code::limit_exceeded) << r.error->to_string();
      }
      continue;
    }
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->code, Code::limit_exceeded) << r.error->to_string();
    EXPECT_EQ(r.error->path, "stages.frag");
    EXPECT_NE(r.error->message.find("about 1048577 bytes"), std::string::npos) << r.error->message;
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
