// The seed programs and the structure-aware mutator of fuzz_fxc_program:
// the seeds read back byte for byte and hold every opcode; structural
// mutations mostly give programs the reader accepts, with other opcodes,
// instruction counts, index representations, nesting and custom data;
// one in eight has a length set wrong on purpose; inputs the reader
// rejects go to the byte mutator.
#include "support/fxc_mutator.h"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "fxc/program.h"
#include "support/byte_mutator.h"
#include "support/fxc_seeds.h"

namespace sp::fuzz {
namespace {

struct Read {
  std::optional<fxc::Program> program;
  std::optional<Diagnostic> error;
};

Read read(const std::vector<uint8_t>& bytes) {
  const Limits limits;  // Context keeps a reference
  Context ctx(limits, bytes.size());
  const FieldPath root = FieldPath::root();
  fxc::Program p;
  Read r;
  if (fxc::parse_program(fxc::ChunkScope{bytes, 0, root, ctx}, p)) r.program = std::move(p);
  r.error = ctx.take_error();
  return r;
}

std::vector<std::vector<uint8_t>> seed_bytes() {
  std::vector<std::vector<uint8_t>> out;
  for (const auto& [name, program] : fxc_program_seeds()) out.push_back(fxc::write_program(program));
  return out;
}

// How deep relative operands nest below `o`.
uint32_t depth(const fxc::Program& p, const fxc::Instruction& in, const fxc::Operand& o) {
  uint32_t deepest = 0;
  for (uint32_t d = 0; d < o.index_dimension(); ++d)
    if (const fxc::Operand* nested = p.relative(in, o.index[d])) deepest = std::max(deepest, 1 + depth(p, in, *nested));
  return deepest;
}

TEST(FxcSeeds, EverySeedReadsBackAndTogetherTheyHoldEveryOpcode) {
  std::set<uint32_t> opcodes;
  for (const auto& [name, program] : fxc_program_seeds()) {
    SCOPED_TRACE(name);
    const std::vector<uint8_t> bytes = fxc::write_program(program);
    const Read r = read(bytes);
    ASSERT_TRUE(r.program) << r.error->to_string();
    EXPECT_EQ(fxc::write_program(*r.program), bytes);
    for (const fxc::Instruction& in : r.program->instructions) opcodes.insert(in.token & 0x7FF);
  }
  for (uint32_t value = 0; value < 0x800; ++value) {
    if (fxc::opcode_info(value) != nullptr) {
      EXPECT_TRUE(opcodes.count(value)) << fxc::opcode_info(value)->name;
    }
  }
}

TEST(FxcMutator, StructuralMutationsMostlyGiveProgramsTheReaderAccepts) {
  std::set<size_t> counts_changed;
  std::set<uint32_t> reps, depths, custom_classes;
  std::map<Code, size_t> errors;
  size_t accepted = 0, opcode_changed = 0;
  const auto visit = [&](const std::vector<uint8_t>& out, const std::vector<uint8_t>& input) {
    const Read after = read(out);
    if (!after.program) {
      ++errors[after.error->code];
      return;
    }
    ++accepted;
    const Read before = read(input);
    const auto& was = before.program->instructions;
    const auto& now = after.program->instructions;
    if (now.size() != was.size()) counts_changed.insert(now.size());
    const auto same_opcode = [](const fxc::Instruction& a, const fxc::Instruction& b) { return a.opcode() == b.opcode(); };
    if (now.size() == was.size() && !std::equal(now.begin(), now.end(), was.begin(), same_opcode)) ++opcode_changed;
    for (const fxc::Instruction& in : now) {
      if (in.is_custom_data()) custom_classes.insert(in.custom_class());
      for (const fxc::Operand& o : after.program->operands(in)) {
        depths.insert(depth(*after.program, in, o));
        for (uint32_t d = 0; d < o.index_dimension(); ++d) reps.insert(static_cast<uint32_t>(o.index[d].rep));
      }
    }
  };
  const size_t structural = test::structural_mutations(seed_bytes(), 3000, 2, mutate_fxc_program, visit);
  // Two mutations in three are structural.
  EXPECT_GT(structural, 1700u);
  EXPECT_LT(structural, 2300u);
  // Edits made in the model mostly keep the program readable, and they
  // change what the reader sees: instruction counts and opcodes, every
  // index representation, nesting deeper than the seeds' two, custom data.
  EXPECT_GT(accepted, structural / 2);
  EXPECT_GT(counts_changed.size(), 20u);
  EXPECT_GT(opcode_changed, 50u);
  EXPECT_EQ(reps, (std::set<uint32_t>{0, 1, 2, 3, 4}));
  EXPECT_GE(*depths.rbegin(), 4u);
  EXPECT_GE(custom_classes.size(), 6u);
  // One in eight gets a length set wrong on purpose, and the reader's
  // length checks report it; other rejections are edits (an opcode's
  // operands, an index representation past 4) that the model allows and
  // the format does not.
  EXPECT_GT(errors[Code::instruction_length_mismatch], 20u);
  EXPECT_GT(errors[Code::size_mismatch] + errors[Code::instruction_out_of_bounds], 10u);
  EXPECT_GT(errors[Code::operand_invalid], 0u);
}

TEST(FxcMutator, InputsTheReaderRejectsGoToTheByteMutator) {
  test::expect_only_byte_mutations({0x50, 0, 0, 0, 0xFF, 0, 0, 0}, mutate_fxc_program);
}

}  // namespace
}  // namespace sp::fuzz
