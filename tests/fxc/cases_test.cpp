// The valid programs of the fxc conformance suite (conformance/fxc/
// builders.h): together they use every opcode of opcodes.def and every
// register type, and each reads back as its chunk kind (the semantic
// checks included) without a warning.
#include "conformance/fxc/builders.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "fxc/builder.h"
#include "fxc/chunks.h"
#include "fxc/listing.h"

namespace sp::fxc::cases {
namespace {

struct Used {
  std::set<uint32_t> opcodes;
  std::set<uint32_t> register_types;
};

void note_operand(const Operand& o, Used& used) { used.register_types.insert(o.type()); }

Used used_by_valid_programs() {
  Used used;
  for (const ProgramCase& c : valid_programs())
    for (const Instruction& in : c.program.instructions) {
      used.opcodes.insert(in.token & 0x7FF);
      for (const Operand& o : c.program.operands(in)) note_operand(o, used);
      for (const Operand& o : c.program.nested(in)) note_operand(o, used);
    }
  return used;
}

TEST(FxcCases, ValidProgramsUseEveryOpcode) {
  const Used used = used_by_valid_programs();
  for (uint32_t value = 0; value < 0x800; ++value) {
    const OpcodeInfo* info = opcode_info(value);
    if (info != nullptr) {
      EXPECT_TRUE(used.opcodes.contains(value)) << info->name << " is in no valid case";
    }
  }
}

TEST(FxcCases, ValidProgramsUseEveryRegisterType) {
  const Used used = used_by_valid_programs();
  // D3D10_SB_OPERAND_TYPE 0 to 42 but for those no instruction fxc writes
  // takes: ft, fi, fo (the DDK's class-linkage registers: tables are
  // declared by number, functions take no operands) and vCycleCounter
  // (shader debugging tools').
  constexpr uint32_t kNeverWritten[] = {18, 20, 21, 40};
  for (uint32_t type = 0; type <= 42; ++type)
    if (std::find(std::begin(kNeverWritten), std::end(kNeverWritten), type) == std::end(kNeverWritten)) {
      EXPECT_TRUE(used.register_types.contains(type)) << "register type " << type;
    }
}

TEST(FxcCases, ValidProgramsReadBackWithoutWarnings) {
  for (const ProgramCase& c : valid_programs()) {
    const ChunkKind& kind = *chunk_kind(c.program.version.major() >= 5 ? "SHEX" : "SHDR");
    const std::vector<uint8_t> bytes = write_program(c.program);
    const Limits limits;  // Context keeps a reference
    Context ctx(limits, bytes.size());
    const FieldPath root = FieldPath::root(std::string(kind.tag));
    Chunk chunk;
    EXPECT_TRUE(parse_chunk(kind, ChunkScope{bytes, 0, root, ctx}, chunk)) << c.name;
    const auto error = ctx.take_error();
    EXPECT_FALSE(error.has_value()) << c.name << ": " << error->to_string();
    for (const Diagnostic& w : ctx.take_warnings()) ADD_FAILURE() << c.name << ": " << w.to_string();
  }
}

// Debug layer messages as an older fxc lists them, three blocks deep, and
// the header's note (docs/formats/fxc.md: the note's place is unverified).
TEST(FxcCases, DebugLayerMessagesListAsFxcListsThem) {
  const std::vector<ProgramCase> programs = valid_programs();
  const auto c = std::find_if(programs.begin(), programs.end(),
                              [](const ProgramCase& x) { return x.name == "sm50_debug_messages"; });
  ASSERT_NE(c, programs.end());
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_TRUE(write_listing(build::container_of(c->program), Limits{}, out, error)) << error->to_string();
  const std::string listing = out.str();
  EXPECT_NE(listing.find("\n// Note: SHADER WILL ONLY WORK WITH THE DEBUG SDK LAYER ENABLED.\n"), std::string::npos)
      << listing;
  EXPECT_NE(listing.find("\n      printf \"%0 is fine!\", r10.z\n      errorf \"%0 is invalid\", r10.z\n"),
            std::string::npos)
      << listing;
}

}  // namespace
}  // namespace sp::fxc::cases
