// The DXIL view (parsers/bitcode/dxil_view.h) of builder-made modules: a
// well-formed one reads, each operand of the wrong kind is the warning
// dxil_metadata_invalid at its tuple and that part is left out, and
// entries sharing one signature list are charged per visit, so the view
// cannot outgrow the input.
#include <gtest/gtest.h>

#include "bitcode/describe.h"
#include "bitcode/dxil_view.h"
#include "bitcode/module.h"
#include "conformance/bitcode/dxil_module.h"
#include "conformance/bitcode/metadata_cases.h"

namespace sp::bitcode::dxil {
namespace {

using build::dxil_module;
using build::ModuleSpec;
using build::record;
using build::text_record;

struct Viewed {
  std::optional<View> view;
  std::vector<Diagnostic> warnings;
  std::optional<Diagnostic> error;
};

Viewed view_of(const ModuleSpec& s) {
  const ParseResult r = parse_bitcode(build::module_file(s));
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  Viewed v;
  if (!r.ok()) return v;
  const Limits limits;
  Context ctx(limits, build::module_file(s).size());
  v.view = read_view(r.file->modules.at(0), "modules[0].dxil", ctx);
  v.warnings = ctx.take_warnings();
  v.error = ctx.take_error();
  return v;
}

TEST(DxilView, AWellFormedModuleReads) {
  const Viewed v = view_of(dxil_module());
  ASSERT_TRUE(v.view);
  EXPECT_TRUE(v.warnings.empty());
  EXPECT_EQ(v.view->shader_model, "ps_6_0");
  ASSERT_EQ(v.view->entry_points.size(), 1u);
  const EntryPoint& e = v.view->entry_points[0];
  EXPECT_EQ(e.name, "main");
  ASSERT_EQ(e.signatures.input.size(), 1u);
  const SignatureElement& t = e.signatures.input[0];
  EXPECT_EQ(t.semantic, "TEXCOORD");
  EXPECT_EQ(t.component_type, 4u);
  EXPECT_EQ(t.indices, std::vector<uint32_t>{0});
  EXPECT_EQ(t.rows, 1u);
}

TEST(DxilView, AModuleWithoutShaderModelHasNoView) {
  ModuleSpec s = dxil_module();
  s.metadata[13] = text_record(kMdName, "dx.shaderModelX");
  const Viewed v = view_of(s);
  EXPECT_FALSE(v.view);
  EXPECT_TRUE(v.warnings.empty());
}

TEST(DxilView, AnOperandOfTheWrongKindIsAWarningAndLeavesItsPartOut) {
  struct Broken {
    std::string what;
    size_t record;
    std::vector<uint64_t> replacement;
    std::string path;
    bool view;  // whether a view remains
  };
  const std::vector<Broken> cases = {
      {"the shader kind an integer", 5, record(kMdNode, {2, 3, 2}), "modules[0].dxil.shader_model", false},
      {"the minor version a string", 5, record(kMdNode, {1, 3, 1}), "modules[0].dxil.shader_model", false},
      {"an entry's name null", 12, record(kMdNode, {0, 0, 12, 0, 0}), "modules[0].dxil.entry_points[0]", true},
      {"the signatures a string", 12, record(kMdNode, {0, 7, 1, 0, 0}), "modules[0].dxil.entry_points[0].signatures",
       true},
      {"an element of five operands", 9, record(kMdNode, {2, 8, 5, 2, 9}),
       "modules[0].dxil.entry_points[0].signatures.input[0]", true},
      {"an element's indices a string", 9, record(kMdNode, {2, 8, 5, 2, 1, 4, 4, 4, 2, 2, 0}),
       "modules[0].dxil.entry_points[0].signatures.input[0].indices", true},
      {"a list holding a string", 10, record(kMdNode, {1}), "modules[0].dxil.entry_points[0].signatures.input[0]",
       true},
  };
  for (const Broken& b : cases) {
    ModuleSpec s = dxil_module();
    s.metadata[b.record] = b.replacement;
    const Viewed v = view_of(s);
    EXPECT_FALSE(v.error) << b.what;
    ASSERT_EQ(v.warnings.size(), 1u) << b.what;
    EXPECT_EQ(v.warnings[0].code, Code::dxil_metadata_invalid) << b.what;
    EXPECT_EQ(v.warnings[0].path, b.path) << b.what << ": " << v.warnings[0].to_string();
    EXPECT_EQ(v.view.has_value(), b.view) << b.what;
  }
}

// Nodes added after dxil_module()'s: the first is !13 (names take no
// number), so an operand naming it is 14.
ModuleSpec with_nodes(ModuleSpec s, const build::Records& nodes) {
  s.metadata.insert(s.metadata.end(), nodes.begin(), nodes.end());
  return s;
}

// dx.valver: !{i32 major, i32 minor}; anything else leaves it out.
TEST(DxilView, AVersionIsTwoIntegers) {
  auto valver = [](std::vector<uint64_t> ops) {
    return with_nodes(dxil_module(), {record(kMdNode, ops), text_record(kMdName, "dx.valver"), record(kMdNamedNode, {13})});
  };
  Viewed v = view_of(valver({4, 5}));  // !{i32 1, i32 4}
  ASSERT_TRUE(v.view);
  EXPECT_EQ(v.view->validator_version, std::make_pair(1u, 4u));
  EXPECT_TRUE(v.warnings.empty());
  for (const auto& [ops, message] : {std::pair{std::vector<uint64_t>{4, 1}, "operand 1 (minor) is not an integer"},
                                     std::pair{std::vector<uint64_t>{1, 5}, "operand 0 (major) is not an integer"},
                                     std::pair{std::vector<uint64_t>{4, 5, 5}, "a version has 3 operands"}}) {
    v = view_of(valver(ops));
    ASSERT_TRUE(v.view);
    EXPECT_FALSE(v.view->validator_version) << message;
    ASSERT_EQ(v.warnings.size(), 1u) << message;
    EXPECT_NE(v.warnings[0].message.find(message), std::string::npos) << v.warnings[0].to_string();
    EXPECT_EQ(v.warnings[0].path, "modules[0].dxil.validator_version");
  }
}

// Every integer field of a signature element is needed: one a string
// leaves the element out.
TEST(DxilView, AnElementWithAnyFieldOfTheWrongKindIsLeftOut) {
  for (size_t field : {0u, 1u, 2u, 3u, 5u, 6u, 7u, 8u, 9u}) {
    std::vector<uint64_t> element = {2, 8, 5, 2, 9, 4, 4, 4, 2, 2, 0};
    element[field] = field == 1 ? 2 : 1;  // a string where an integer is, an integer for the name
    ModuleSpec s = dxil_module();
    s.metadata[9] = record(kMdNode, element);
    const Viewed v = view_of(s);
    ASSERT_TRUE(v.view) << field;
    EXPECT_TRUE(v.view->entry_points.at(0).signatures.input.empty()) << field;
    EXPECT_EQ(v.warnings.size(), 1u) << field;
  }
}

// The entry's function is the global its VALUE names (its second
// operand; the first, a type index, may be past the last value).
TEST(DxilView, TheEntrysFunctionIsTheGlobalItsValueNames) {
  ModuleSpec s = with_nodes(dxil_module(), {record(kMdValue, {7, 1})});  // !13 = the function main (value 1), type 7
  for (uint64_t bits : {8u, 16u, 64u, 1u, 128u}) s.types.push_back({7, bits});  // types 3 to 7; values 0 to 5
  s.metadata[12] = record(kMdNode, {14, 7, 12, 0, 0});
  const Viewed v = view_of(s);
  ASSERT_TRUE(v.view);
  EXPECT_EQ(v.view->entry_points.at(0).function, "@main");
}

// A UAV's three flags (globally coherent, counter, rasterizer ordered),
// each read where DXIL puts it.
TEST(DxilView, AUavsFlagsAreReadEachInItsPlace) {
  for (size_t flag = 0; flag < 3; ++flag) {
    std::vector<uint64_t> uav = {2, 0, 8, 2, 2, 4, 5, 2, 2, 2, 0};  // u0 in space 0, one, kind 4, flags 0
    uav[7 + flag] = 4;                                           // i32 1
    ModuleSpec s = with_nodes(dxil_module(), {record(kMdNode, uav), record(kMdNode, {14}), record(kMdNode, {0, 15, 0, 0})});
    s.metadata[12] = record(kMdNode, {0, 7, 12, 16, 0});
    const Viewed v = view_of(s);
    ASSERT_TRUE(v.view) << flag;
    ASSERT_TRUE(v.view->entry_points.at(0).resources) << flag;
    const auto& uavs = v.view->entry_points[0].resources->uavs;
    ASSERT_EQ(uavs.size(), 1u) << flag << ": " << (v.warnings.empty() ? "" : v.warnings[0].to_string());
    EXPECT_EQ(uavs[0].globally_coherent, flag == 0);
    EXPECT_EQ(uavs[0].has_counter, flag == 1);
    EXPECT_EQ(uavs[0].rasterizer_ordered, flag == 2);
  }
}

// A mesh shader's state: a thread group of three counts, else no state.
TEST(DxilView, AStageStateNeedsEachFieldAsDxilWritesIt) {
  auto ms = [](std::vector<uint64_t> threads) {
    // !13 threads, !14 = MSState !{!13, i32 6, i32 1, i32 4, i32 0},
    // !15 = i32 9, !16 = properties !{i32 9, !14} (the view reads a
    // state whatever the stage)
    ModuleSpec s = with_nodes(dxil_module(), {record(kMdNode, threads), record(kMdNode, {14, 3, 4, 5, 2}),
                                               record(kMdValue, {0, 6}), record(kMdNode, {16, 15})});
    s.constants.push_back({4, 18});  // module value 6 = i32 9
    s.metadata[12] = record(kMdNode, {0, 7, 12, 0, 17});
    return s;
  };
  Viewed v = view_of(ms({4, 4, 4}));
  ASSERT_TRUE(v.view);
  const auto& state = v.view->entry_points.at(0).state;
  ASSERT_TRUE(state) << (v.warnings.empty() ? "" : v.warnings[0].to_string());
  EXPECT_EQ(state->tag, 9u);
  EXPECT_EQ(state->fields.at(0).numbers, (std::vector<uint32_t>{1, 1, 1}));
  EXPECT_EQ(state->fields.at(1).numbers, std::vector<uint32_t>{6});
  v = view_of(ms({4, 4}));
  ASSERT_TRUE(v.view);
  EXPECT_FALSE(v.view->entry_points.at(0).state);
  EXPECT_EQ(v.warnings.size(), 1u);
  // The state itself at DXIL's size only: one field more leaves it out
  // with a warning; a null state is no state, without one.
  ModuleSpec six = ms({4, 4, 4});
  six.metadata[18] = record(kMdNode, {14, 3, 4, 5, 2, 2});
  v = view_of(six);
  ASSERT_TRUE(v.view);
  EXPECT_FALSE(v.view->entry_points.at(0).state);
  ASSERT_EQ(v.warnings.size(), 1u);
  EXPECT_EQ(v.warnings[0].message, "the stage's state has 6 operands; DXIL's has 5");
  EXPECT_EQ(v.warnings[0].path, "modules[0].dxil.entry_points[0].properties.state");
  ModuleSpec null_state = ms({4, 4, 4});
  null_state.metadata[20] = record(kMdNode, {16, 0});
  v = view_of(null_state);
  ASSERT_TRUE(v.view);
  EXPECT_FALSE(v.view->entry_points.at(0).state);
  EXPECT_TRUE(v.warnings.empty());
}

// An SRV's kind is DXIL's ResourceKind, printed by its name: 4 is
// Texture3D; then its sample count.
TEST(DxilView, AnSrvIsDescribedByItsKindsName) {
  const std::vector<uint64_t> srv = {2, 0, 8, 2, 2, 4, 5, 2, 0};  // t0 in space 0, one, kind 4, 0 samples
  ModuleSpec s = with_nodes(dxil_module(), {record(kMdNode, srv), record(kMdNode, {14}), record(kMdNode, {15, 0, 0, 0})});
  s.metadata[12] = record(kMdNode, {0, 7, 12, 16, 0});
  const ParseResult r = parse_bitcode(build::module_file(s));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const Viewed v = view_of(s);
  ASSERT_TRUE(v.view);
  EXPECT_TRUE(v.warnings.empty());
  const auto j = describe_dxil(r.file->modules.at(0), *v.view);
  const auto& described = j["entry_points"][0]["resources"]["srvs"][0];
  EXPECT_EQ(described["kind"], "Texture3D") << j.dump();
  EXPECT_EQ(described["sample_count"], 0) << j.dump();
}

// 300 entries naming one signature list of 100 elements: 30,000 elements
// from a file of about a kilobyte. Every visit is charged, so the view
// ends in decode_budget_exceeded instead of growing.
TEST(DxilView, SharedListsAreChargedPerVisit) {
  ModuleSpec s = dxil_module();
  std::vector<uint64_t> list(100, 10);  // !{!9, !9, ...}
  s.metadata[10] = record(kMdNode, list);
  std::vector<uint64_t> entries(300, 12);
  s.metadata.back() = record(kMdNamedNode, entries);
  const Viewed v = view_of(s);
  ASSERT_TRUE(v.error);
  EXPECT_EQ(v.error->code, Code::decode_budget_exceeded);
  EXPECT_FALSE(v.view);
}

}  // namespace
}  // namespace sp::bitcode::dxil
