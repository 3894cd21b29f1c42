// The semantic checks (checks.h): one small program per finding, built
// from the program model and written with write_program, then read back
// the way the container reads a part (parse_chunk), so each test also
// covers the checks' place after decoding.
#include <gtest/gtest.h>

#include <initializer_list>

#include "fxc/chunks.h"

namespace sp::fxc {
namespace {

// The operand token's fields (program.h).
constexpr uint32_t kFourComponents = 2;
constexpr uint32_t kSelect1 = 2 << 2;
constexpr uint32_t kMaskXyzw = 0xF << 4;

// A register with immediate indices: r2, x0[3], cb1[4], t0.
Operand reg(uint32_t type, std::initializer_list<uint32_t> indices) {
  Operand o;
  o.token = (type == kSampler ? 0 : kFourComponents | kMaskXyzw) | (type << 12) |
            (static_cast<uint32_t>(indices.size()) << 20);
  uint32_t d = 0;
  for (uint32_t v : indices) o.index[d++].imm = v;
  return o;
}

// One component of a temp, for if/switch conditions: r0.x.
Operand scalar(uint32_t r) {
  Operand o = reg(kTemp, {r});
  o.token = (o.token & ~0xFF0u) | kSelect1;
  return o;
}

// An instruction as a test writes it; check() moves it into a Program.
struct Draft {
  uint32_t token = 0;
  std::vector<Operand> operands, nested;
  std::vector<uint32_t> words;
};

Draft op(Opcode opcode, std::vector<Operand> operands = {}, std::vector<uint32_t> words = {}) {
  Draft in;
  in.token = static_cast<uint32_t>(opcode);
  // A resource declaration needs a defined dimension: texture2d.
  if (opcode == Opcode::dcl_resource) in.token |= 3u << 11;
  in.operands = std::move(operands);
  in.words = std::move(words);
  return in;
}

// Makes index `d` of operand `k` "nested + imm" (x0[r5.x + 0]).
void relative(Draft& in, size_t k, uint32_t d, Operand nested) {
  in.nested.push_back(nested);
  Operand& o = in.operands[k];
  o.index[d].rep = IndexRep::imm32_relative;
  o.index[d].relative = static_cast<int32_t>(in.nested.size() - 1);
  o.token |= static_cast<uint32_t>(IndexRep::imm32_relative) << (22 + 3 * d);
}

struct Checked {
  bool ok;
  std::vector<Diagnostic> warnings;
  uint64_t steps;  // Context::steps
};

// The program's chunk read at file offset 100 under the path SHEX.
Checked check(ProgramType type, uint32_t major, uint32_t minor, const std::vector<Draft>& drafts) {
  Program p;
  p.version.token = (static_cast<uint32_t>(type) << 16) | (major << 4) | minor;
  for (const Draft& d : drafts) {
    Instruction in;
    in.token = d.token;
    p.set_operands(in, d.operands);
    p.set_nested(in, d.nested);
    p.set_words(in, d.words);
    in.token |= static_cast<uint32_t>(encoded_words(p, in)) << 24;  // the opcode token's length, bits 24..30
    p.instructions.push_back(in);
  }
  p.length = static_cast<uint32_t>(write_program(p).size() / 4);
  const std::vector<uint8_t> bytes = write_program(p);
  const Limits limits;
  Context ctx(limits, bytes.size());
  const FieldPath root = FieldPath::root("SHEX");
  Chunk chunk;
  const bool ok = parse_chunk(*chunk_kind("SHEX"), ChunkScope{bytes, 100, root, ctx}, chunk);
  EXPECT_FALSE(ctx.error().has_value()) << ctx.error()->to_string();
  return {ok, ctx.take_warnings(), ctx.steps()};
}

Checked check_ps(const std::vector<Draft>& drafts) { return check(ProgramType::pixel, 5, 0, drafts); }

// Program offsets: 8 bytes of header, then the instructions.
constexpr uint64_t kBase = 100 + 8;

// True when the check found exactly one thing, `code` at `path`.
bool only(const Checked& c, Code code, const std::string& path) {
  EXPECT_EQ(c.warnings.size(), 1u);
  if (c.warnings.size() != 1) return false;
  EXPECT_EQ(c.warnings[0].code, code) << c.warnings[0].to_string();
  EXPECT_EQ(c.warnings[0].path, path);
  return true;
}

// A hull shader's declarations, then a fork phase that declares and uses
// a temp; the tests add a second fork phase.
std::vector<Draft> hull_with_fork_phase(std::initializer_list<Draft> second_phase) {
  std::vector<Draft> program{op(Opcode::hs_decls), op(Opcode::hs_fork_phase), op(Opcode::dcl_temps, {}, {1}),
                                   op(Opcode::mov, {reg(kTemp, {0}), reg(kTemp, {0})}), op(Opcode::ret),
                                   op(Opcode::hs_fork_phase)};
  program.insert(program.end(), second_phase);
  return program;
}

TEST(FxcChecks, TempBeyondDclTempsNamesTheOperand) {
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {2}), op(Opcode::mov, {reg(kTemp, {2}), reg(kTemp, {1})}),
                              op(Opcode::ret)});
  ASSERT_TRUE(c.ok);
  if (only(c, Code::register_out_of_range, "SHEX.instructions[1].operands[0]")) {
    EXPECT_EQ(c.warnings[0].offset, kBase + 8);  // after dcl_temps' 2 DWORDs
  }
}

TEST(FxcChecks, TempsWithinDclTempsAreQuiet) {
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {3}), op(Opcode::mov, {reg(kTemp, {2}), reg(kTemp, {0})}),
                              op(Opcode::ret)});
  EXPECT_TRUE(c.ok);
  EXPECT_TRUE(c.warnings.empty());
}

TEST(FxcChecks, IndexableTempBeyondItsSizeOrUndeclared) {
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {1}), op(Opcode::dcl_indexable_temp, {}, {0, 4, 4}),
                              op(Opcode::mov, {reg(kTemp, {0}), reg(kIndexableTemp, {0, 3})}),
                              op(Opcode::mov, {reg(kTemp, {0}), reg(kIndexableTemp, {0, 4})}),
                              op(Opcode::mov, {reg(kIndexableTemp, {1, 0}), reg(kTemp, {0})}), op(Opcode::ret)});
  ASSERT_EQ(c.warnings.size(), 2u);
  EXPECT_EQ(c.warnings[0].code, Code::register_out_of_range);
  EXPECT_EQ(c.warnings[0].path, "SHEX.instructions[3].operands[1]");
  EXPECT_NE(c.warnings[0].message.find("x0[4]"), std::string::npos) << c.warnings[0].message;
  EXPECT_EQ(c.warnings[1].path, "SHEX.instructions[4].operands[0]");
  EXPECT_NE(c.warnings[1].message.find("x1 has no dcl_indexableTemp"), std::string::npos) << c.warnings[1].message;
}

TEST(FxcChecks, TempInARelativeIndexIsChecked) {
  Draft mov = op(Opcode::mov, {reg(kTemp, {0}), reg(kIndexableTemp, {0, 0})});
  relative(mov, 1, 1, scalar(5));
  const Checked c =
      check_ps({op(Opcode::dcl_temps, {}, {1}), op(Opcode::dcl_indexable_temp, {}, {0, 4, 4}), mov, op(Opcode::ret)});
  only(c, Code::register_out_of_range, "SHEX.instructions[2].operands[1].relative[1]");
}

TEST(FxcChecks, EachHullShaderPhaseDeclaresItsOwnTemps) {
  const Checked c = check(ProgramType::hull, 5, 0,
                          hull_with_fork_phase({op(Opcode::mov, {reg(kTemp, {0}), reg(kTemp, {0})}), op(Opcode::ret)}));
  ASSERT_EQ(c.warnings.size(), 2u);  // both operands of the second phase's mov
  EXPECT_EQ(c.warnings[0].path, "SHEX.instructions[6].operands[0]");
  EXPECT_EQ(c.warnings[1].path, "SHEX.instructions[6].operands[1]");
}

TEST(FxcChecks, ResourcesSamplersUavsAndConstantBuffersNeedADeclaration) {
  const Checked c = check_ps(
      {op(Opcode::dcl_resource, {reg(kResource, {0})}, {0x5555}), op(Opcode::dcl_sampler, {reg(kSampler, {0})}),
       op(Opcode::dcl_constant_buffer, {reg(kConstantBuffer, {0, 4})}), op(Opcode::dcl_temps, {}, {1}),
       op(Opcode::sample, {reg(kTemp, {0}), reg(kTemp, {0}), reg(kResource, {0}), reg(kSampler, {0})}),
       op(Opcode::sample, {reg(kTemp, {0}), reg(kTemp, {0}), reg(kResource, {1}), reg(kSampler, {2})}),
       op(Opcode::mov, {reg(kTemp, {0}), reg(kConstantBuffer, {1, 0})}),
       op(Opcode::store_raw, {reg(kUav, {0}), reg(kTemp, {0}), reg(kTemp, {0})}), op(Opcode::ret)});
  std::vector<std::string> paths;
  for (const Diagnostic& w : c.warnings) {
    EXPECT_EQ(w.code, Code::undeclared_resource) << w.to_string();
    paths.push_back(w.path);
  }
  EXPECT_EQ(paths, (std::vector<std::string>{"SHEX.instructions[5].operands[2]", "SHEX.instructions[5].operands[3]",
                                             "SHEX.instructions[6].operands[1]",
                                             "SHEX.instructions[7].operands[0]"}));
}

// A declaration that is no binding declaration binds nothing, whatever
// register it names (fuzz_fxc_vkd3d found dcl_input_ps_sgv u0 before a read
// of u0, which vkd3d takes for an undeclared UAV and crashes on).
TEST(FxcChecks, OnlyBindingDeclarationsDeclareResources) {
  const Checked c = check(ProgramType::compute, 5, 0,
                          {op(Opcode::dcl_input_ps_sgv, {reg(kUav, {0})}, {1}), op(Opcode::dcl_temps, {}, {1}),
                           op(Opcode::dcl_thread_group, {}, {1, 1, 1}),
                           op(Opcode::store_raw, {reg(kUav, {0}), reg(kTemp, {0}), reg(kTemp, {0})}), op(Opcode::ret)});
  only(c, Code::undeclared_resource, "SHEX.instructions[3].operands[0]");
}

TEST(FxcChecks, Sm51ResourcesAreMatchedByRangeId) {
  // dcl_resource T2[0:3] (range id 2, registers 0 to 3), space 0; a use
  // names the range, then the register in it.
  const Checked c = check(
      ProgramType::pixel, 5, 1,
      {op(Opcode::dcl_resource, {reg(kResource, {2, 0, 3})}, {0x5555, 0}), op(Opcode::dcl_sampler, {reg(kSampler, {0, 0, 0})}, {0}),
       op(Opcode::dcl_temps, {}, {1}),
       op(Opcode::sample, {reg(kTemp, {0}), reg(kTemp, {0}), reg(kResource, {2, 3}), reg(kSampler, {0, 0})}),
       op(Opcode::sample, {reg(kTemp, {0}), reg(kTemp, {0}), reg(kResource, {0, 0}), reg(kSampler, {0, 0})}),
       op(Opcode::ret)});
  if (only(c, Code::undeclared_resource, "SHEX.instructions[4].operands[2]")) {
    EXPECT_NE(c.warnings[0].message.find("t range 0"), std::string::npos) << c.warnings[0].message;
  }
}

std::vector<std::string> flow_findings(const Checked& c) {
  std::vector<std::string> out;
  for (const Diagnostic& w : c.warnings) {
    EXPECT_EQ(w.code, Code::unbalanced_control_flow) << w.to_string();
    out.push_back(w.path);
  }
  return out;
}

TEST(FxcChecks, BalancedBlocksAreQuiet) {
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {1}), op(Opcode::loop), op(Opcode::switch_, {scalar(0)}),
                              op(Opcode::case_, {scalar(0)}), op(Opcode::if_, {scalar(0)}), op(Opcode::else_),
                              op(Opcode::endif), op(Opcode::break_), op(Opcode::default_), op(Opcode::break_),
                              op(Opcode::endswitch), op(Opcode::endloop), op(Opcode::ret)});
  EXPECT_TRUE(c.warnings.empty()) << c.warnings.front().to_string();
}

TEST(FxcChecks, StrayClosersAndSecondElse) {
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {1}), op(Opcode::endif), op(Opcode::if_, {scalar(0)}),
                              op(Opcode::else_), op(Opcode::else_), op(Opcode::endloop), op(Opcode::endif),
                              op(Opcode::case_, {scalar(0)}), op(Opcode::ret)});
  EXPECT_EQ(flow_findings(c),
            (std::vector<std::string>{"SHEX.instructions[1]", "SHEX.instructions[4]", "SHEX.instructions[5]",
                                      "SHEX.instructions[7]"}));
}

TEST(FxcChecks, BlocksLeftOpenAreReportedAtTheirOpener) {
  // Open at a label (function bodies do not share blocks) and at the end.
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {1}), op(Opcode::loop), op(Opcode::ret),
                              op(Opcode::label, {reg(10, {0})}), op(Opcode::switch_, {scalar(0)}), op(Opcode::ret)});
  EXPECT_EQ(flow_findings(c), (std::vector<std::string>{"SHEX.instructions[1]", "SHEX.instructions[4]"}));
  EXPECT_EQ(c.warnings[0].offset, kBase + 8);
}

TEST(FxcChecks, DeclarationAfterTheFirstInstructionOfItsPhase) {
  const Checked c = check_ps({op(Opcode::dcl_temps, {}, {1}), op(Opcode::mov, {reg(kTemp, {0}), reg(kTemp, {0})}),
                              op(Opcode::dcl_sampler, {reg(kSampler, {0})}), op(Opcode::ret)});
  only(c, Code::declaration_after_instruction, "SHEX.instructions[2]");
}

TEST(FxcChecks, HullShaderPhasesStartDeclarationSectionsOfTheirOwn) {
  const Checked c =
      check(ProgramType::hull, 5, 0, hull_with_fork_phase({op(Opcode::dcl_temps, {}, {1}), op(Opcode::ret)}));
  EXPECT_TRUE(c.warnings.empty()) << c.warnings.front().to_string();
}

// 100,000 nested ifs and no endif: one warning per if (kept up to
// limits.max_warnings), in steps linear in the program: twice the ifs take
// at most twice the steps.
TEST(FxcChecks, DeepNestingStaysLinear) {
  auto nested_ifs = [](int count) {
    std::vector<Draft> program{op(Opcode::dcl_temps, {}, {1})};
    for (int i = 0; i < count; ++i) program.push_back(op(Opcode::if_, {scalar(0)}));
    return check_ps(program);
  };
  const Checked c = nested_ifs(100000);
  EXPECT_EQ(c.warnings.size(), Limits{}.max_warnings + 1u);  // and the truncation notice
  EXPECT_LE(c.steps, 2 * nested_ifs(50000).steps);
  EXPECT_LE(c.steps, 3 * 100001u);  // each instruction read twice, each if closed once
}

}  // namespace
}  // namespace sp::fxc
