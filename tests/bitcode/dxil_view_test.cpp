// The DXIL view (parsers/bitcode/dxil_view.h) of builder-made modules: a
// well-formed one reads, each operand of the wrong kind is the warning
// dxil_metadata_invalid at its tuple and that part is left out, and
// entries sharing one signature list are charged per visit, so the view
// cannot outgrow the input.
#include <gtest/gtest.h>

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
