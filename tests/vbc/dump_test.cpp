// The dumps of a VSL shader through the registry and the CLI: `spirv` is
// exactly spirv-dis's text for each stage; `json` has every record and,
// per stage, its entry point, execution model and word count; the
// registry and the commands know the format with no special case.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <map>

#include "conformance/subprocess.h"
#include "conformance/vbc/builders.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/test_files.h"
#include "vbc/describe.h"
#include "vbc/enums.h"
#include "vbc/spirv_tools.h"
#include "vbc/support.h"

namespace sp::vbc {
namespace {

std::string dump(const std::vector<uint8_t>& file, std::string_view name) {
  const formats::Format& f = formats::reader_for(file);
  EXPECT_EQ(f.name, "vbc");
  const std::optional<formats::DumpRoute> route = formats::route_dump(f, name);
  EXPECT_TRUE(route.has_value()) << name;
  if (!route) return {};
  TextBuffer out;
  const formats::DumpOutcome o = formats::write_dump(f, *route, file, {}, out);
  EXPECT_TRUE(o.ok) << (o.error ? o.error->to_string() : o.missing);
  return out.str();
}

// The text after each "; Stage: <name>" line, up to the next one (whose
// preceding blank line separates stages).
std::map<std::string, std::string> sections(const std::string& text) {
  std::map<std::string, std::string> out;
  const std::string marker = "; Stage: ";
  size_t at = text.find(marker);
  EXPECT_EQ(at, 0u);
  while (at != std::string::npos) {
    const size_t name_end = text.find('\n', at);
    const std::string name = text.substr(at + marker.size(), name_end - at - marker.size());
    const size_t next = text.find("\n" + marker, name_end);
    out[name] = text.substr(name_end + 1, next == std::string::npos ? std::string::npos : next - name_end - 1);
    at = next == std::string::npos ? next : next + 1;
  }
  return out;
}

TEST(VbcDump, SpirvIsWhatSpirvDisPrintsForEachStage) {
  if (!spirv_tools::available()) GTEST_SKIP() << "built without SPIRV-Tools";
  const std::optional<std::string> dis = test::tool("spirv-dis");
  if (!dis) GTEST_SKIP() << "spirv-dis is not installed";
  size_t compared = 0;
  for (const std::string name : {"all_stages", "every_limit", "spirv_1_5", "matrix_inputs"}) {
    const Shader s = build::sample(name);
    const std::map<std::string, std::string> got = sections(dump(build::bytes(s), "spirv"));
    EXPECT_EQ(got.size(), static_cast<size_t>(std::popcount(s.present_stages()))) << name;
    for (const Stage stage : kStages) {
      if (!s.stage(stage).present()) continue;
      const auto path = test::scratch_file(name + "." + std::string(stage_name(stage)) + ".spv",
                                           {s.stage(stage).code.begin(), s.stage(stage).code.end()});
      const conform::RunResult r = conform::run_command({*dis, path.string()});
      ASSERT_TRUE(r.ok()) << r.err;
      const auto it = got.find(std::string(stage_name(stage)));
      ASSERT_NE(it, got.end()) << name << " " << stage_name(stage);
      EXPECT_EQ(it->second, r.out) << name << " " << stage_name(stage);
      ++compared;
    }
  }
  std::filesystem::remove_all(sp::test::scratch_path("vbc_test"));
  EXPECT_EQ(compared, 14u);
}

// A stage mask's text in the dump and the stage_mask_mismatch message: the
// stages in file order, bits no stage owns in hex, "none" for no bit.
TEST(VbcDump, StageMaskText) {
  EXPECT_EQ(stage_mask_text(0), "none");
  EXPECT_EQ(stage_mask_text(stage_bit(Stage::vert) | stage_bit(Stage::frag)), "vert|frag");
  EXPECT_EQ(stage_mask_text(0x8000), "0x8000");
  EXPECT_EQ(stage_mask_text(static_cast<uint16_t>(stage_bit(Stage::geom) | 0x8000)), "geom|0x8000");
}

TEST(VbcDump, JsonGivesEachStagesEntryPointExecutionModelAndWords) {
  const Shader s = build::sample("all_stages");
  const std::vector<uint8_t> file = build::bytes(s);
  const formats::FileRead r = formats::read(*formats::find("vbc"), file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const nlohmann::ordered_json j = formats::describe(r);
  EXPECT_EQ(j["format"], "vbc");
  const char* models[] = {"Vertex", "TessellationControl", "TessellationEvaluation", "Geometry", "Fragment"};
  ASSERT_EQ(j["stages"].size(), 5u);
  for (size_t i = 0; i < 5; ++i) {
    const auto& stage = j["stages"][i];
    EXPECT_EQ(stage["stage"], std::string(stage_name(kStages[i])));
    EXPECT_EQ(stage["entry_point"], "main");
    EXPECT_EQ(stage["execution_model"], models[i]);
    EXPECT_EQ(stage["words"], s.stages[i].words());
    EXPECT_EQ(j["header"]["bytecode_words"][std::string(stage_name(kStages[i]))], s.stages[i].words());
  }
  EXPECT_EQ(j["stages"][0]["input_locations"], nlohmann::ordered_json::array({0, 1, 2}));
  EXPECT_EQ(j["stages"][4]["output_locations"], nlohmann::ordered_json::array({0}));
  EXPECT_EQ(j["bindings"][1]["texel"]["rank"], "Cube");
  EXPECT_EQ(j["bindings"][2]["stage_mask"]["stages"], "vert|tesc|tese|geom|frag");
  EXPECT_EQ(j["uniform"]["members"][1]["base_type"], "Unsigned");
  EXPECT_TRUE(j["warnings"].empty());
}

// A module may declare several entry points: a stage names the first of
// its slot's execution model, not the module's first. Here a Vertex entry
// point "other" goes before the fragment module's own OpEntryPoint.
TEST(VbcDump, AStageNamesTheEntryPointOfItsSlotsModel) {
  const Bytes frag = build::spirv("basic.frag");
  std::vector<uint32_t> words(frag.size() / 4);
  std::memcpy(words.data(), frag.data(), frag.size());
  constexpr uint32_t kOpEntryPoint = 15, kVertex = 0;
  size_t at = 5;  // after the module's header
  while (at < words.size() && (words[at] & 0xFFFF) != kOpEntryPoint) at += words[at] >> 16;
  ASSERT_LT(at + 2, words.size());
  const uint32_t function = words[at + 2];
  const uint32_t other[] = {(5u << 16) | kOpEntryPoint, kVertex, function, 0x6568746F /* "othe" */, 0x72 /* "r" */};
  words.insert(words.begin() + static_cast<ptrdiff_t>(at), std::begin(other), std::end(other));
  std::vector<uint8_t> module(words.size() * 4);
  std::memcpy(module.data(), words.data(), module.size());

  // SPIRV-Tools refuses the module (the function's OriginUpperLeft is a
  // fragment shader's execution mode), so it is read without it.
  const std::vector<uint8_t> file = build::bytes(build::shader({.vert = build::spirv("basic.vert"), .frag = module}));
  const Limits limits;
  const ParseResult r = parse_shader(file, limits, 0, ReadOptions{.validate_spirv = false});
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const nlohmann::ordered_json frag_stage = describe(*r.shader, r.warnings)["stages"][1];
  ASSERT_EQ(frag_stage["entry_points"].size(), 2u);
  EXPECT_EQ(frag_stage["entry_points"][0]["name"], "other");
  EXPECT_EQ(frag_stage["entry_point"], "main");
  EXPECT_EQ(frag_stage["execution_model"], "Fragment");
}

// Each stage's SPIR-V is a payload of the file, tagged with its stage, for
// a SPIR-V reader that registers for them.
TEST(VbcDump, EachStageIsAPayloadTaggedWithItsStage) {
  const Shader s = build::sample("all_stages");
  const std::vector<uint8_t> file = build::bytes(s);
  const formats::Format& f = *formats::find("vbc");
  const formats::Decoded d = f.parse(file, 0, {});
  ASSERT_TRUE(d.ok()) << d.error->to_string();
  const std::vector<formats::Payload> payloads = f.payloads(d, file);
  ASSERT_EQ(payloads.size(), 5u);
  uint64_t offset = file.size();
  for (const Stage stage : kStages) offset -= s.stage(stage).code.size();
  for (size_t i = 0; i < payloads.size(); ++i) {
    const formats::Payload& p = payloads[i];
    EXPECT_EQ(p.tag, stage_name(kStages[i]));
    EXPECT_EQ(p.path, "stages." + p.tag);
    EXPECT_EQ(p.where.to_string(), "/stages/" + std::to_string(i));
    EXPECT_EQ(p.offset, offset);
    EXPECT_TRUE(std::equal(p.bytes.begin(), p.bytes.end(), s.stages[i].code.begin(), s.stages[i].code.end()));
    offset += p.bytes.size();
  }
}

// identify, check and dump through the CLI: the registry's descriptor is
// all the commands need.
TEST(VbcDump, TheCommandsKnowTheFormat) {
  const std::vector<uint8_t> file = build::bytes(build::sample("basic"));
  const auto path = test::scratch_file("basic.vbc", file);
  const conform::RunResult id = conform::run_command({SP_CLI, "identify", path.string()});
  EXPECT_EQ(id.exit_code, 0) << id.err;
  EXPECT_NE(id.out.find("vsl vbc version 1, shader type 1, SPIR-V words: vert 288, frag 144"), std::string::npos)
      << id.out;
  const conform::RunResult check = conform::run_command({SP_CLI, "check", path.string()});
  EXPECT_EQ(check.exit_code, 0) << check.err;
  const conform::RunResult yaml = conform::run_command({SP_CLI, "dump", "--format=yaml", path.string()});
  EXPECT_EQ(yaml.exit_code, 0) << yaml.err;
  const size_t format = yaml.out.find("\nformat:");
  ASSERT_NE(format, std::string::npos) << yaml.out;
  EXPECT_EQ(yaml.out.substr(yaml.out.find('\n', format + 1) - 4, 4), " vbc") << yaml.out;
  // A file with a warning: check passes leniently, strict turns it into
  // the error.
  Shader s = build::sample("basic");
  s.bindings[0].stage_mask = stage_bit(Stage::geom);
  const auto warned = test::scratch_file("warned.vbc", build::bytes(s));
  const conform::RunResult lenient = conform::run_command({SP_CLI, "check", warned.string()});
  EXPECT_EQ(lenient.exit_code, 0) << lenient.err;
  EXPECT_NE(lenient.err.find("warning: stage_mask_mismatch"), std::string::npos) << lenient.err;
  const conform::RunResult strict = conform::run_command({SP_CLI, "check", "--profile=strict", warned.string()});
  EXPECT_EQ(strict.exit_code, 1);
  EXPECT_NE(strict.err.find("stage_mask_mismatch"), std::string::npos) << strict.err;
  std::filesystem::remove_all(sp::test::scratch_path("vbc_test"));
}

}  // namespace
}  // namespace sp::vbc
