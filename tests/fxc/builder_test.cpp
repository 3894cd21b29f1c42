// The program builder (fxc/builder.h): every opcode of opcodes.def comes
// out in its shape's layout, reads back token for token, and lists under
// fxc's name; operands written in fxc's syntax list as fxc would.
#include "fxc/builder.h"

#include <gtest/gtest.h>

#include <cstring>
#include <utility>

#include "core/text_buffer.h"
#include "dxcontainer/container.h"
#include "fxc/listing.h"

namespace sp::fxc::build {
namespace {

struct Row {
  Opcode op;
  std::string_view name;
  std::string_view shape;
};

constexpr Row kRows[] = {
#define SP_OPCODE(value, id, name, shape, kind) {Opcode::id, name, shape},
#include "fxc/opcodes.def"
#undef SP_OPCODE
};

// One instruction of `row`'s shape: temps for its operands, counting words
// for the others, a two-entry table for 'n' and 'h'.
Program one_of(const Row& row, uint32_t minor) {
  Builder b(ProgramType::hull, 5, minor);
  if (row.op == Opcode::customdata) {
    b.dcl_immediate_constant_buffer(words(1.0f, 2, 3, 4));
    return b.program();
  }
  std::vector<Arg> operands;
  std::vector<uint32_t> w;
  for (const char item : row.shape) {
    if (item == 'o') operands.push_back(operands.empty() ? first_operand(row.op) : temp(static_cast<uint32_t>(operands.size())));
    if (item == 'w' || (item == 's' && b.sm51())) w.push_back(static_cast<uint32_t>(w.size() + 1));
    if (item == 'n' || item == 'h') w.insert(w.end(), {2, 7, 8});
  }
  Inst in = b.emit(row.op, std::move(operands), std::move(w));
  // Typed resource declarations need a dimension the DDK defines.
  if (row.op == Opcode::dcl_resource || row.op == Opcode::dcl_uav_typed) {
    in.controls(static_cast<uint32_t>(Dim::buffer));
  }
  return b.program();
}

struct ReadBack {
  bool ok = false;
  std::optional<Diagnostic> error;
  Program program;
};

ReadBack read_back(const std::vector<uint8_t>& bytes) {
  ReadBack r;
  const Limits limits;  // Context keeps a reference
  Context ctx(limits, bytes.size());
  const FieldPath root = FieldPath::root("SHEX");
  r.ok = parse_program(ChunkScope{bytes, 0, root, ctx}, r.program);
  r.error = ctx.take_error();
  return r;
}

std::string listing_of(const Program& p) {
  TextBuffer out;
  list_program(p, listing_quirks(""), false, out);
  return out.str();
}

std::vector<uint32_t> list(std::span<const uint32_t> words) { return {words.begin(), words.end()}; }

// Instruction `ia` of `a` and `ib` of `b` hold the same words and operand
// tokens.
void expect_same_parts(const Program& a, const Instruction& ia, const Program& b, const Instruction& ib) {
  EXPECT_EQ(list(a.words(ia)), list(b.words(ib)));
  const std::span<const Operand> x = a.operands(ia), y = b.operands(ib);
  ASSERT_EQ(x.size(), y.size());
  for (size_t k = 0; k < x.size(); ++k) {
    EXPECT_EQ(x[k].token, y[k].token) << "operand " << k;
    EXPECT_EQ(list(a.extended(x[k])), list(b.extended(y[k]))) << "operand " << k;
  }
}

TEST(FxcBuilder, EveryOpcodeReadsBackTokenForTokenAndListsUnderItsName) {
  for (const Row& row : kRows) {
    for (uint32_t minor : {0u, 1u}) {
      SCOPED_TRACE(std::string(row.name) + (minor == 1 ? " (SM5.1)" : " (SM5.0)"));
      const Program built = one_of(row, minor);
      const std::vector<uint8_t> bytes = write_program(built);
      EXPECT_EQ(bytes.size(), 4 * size_t{built.length});
      const ReadBack r = read_back(bytes);
      ASSERT_TRUE(r.ok && !r.error) << (r.error ? r.error->to_string() : "");
      EXPECT_EQ(write_program(r.program), bytes);
      ASSERT_EQ(r.program.instructions.size(), 1u);
      const Instruction& want = built.instructions[0];
      const Instruction& got = r.program.instructions[0];
      EXPECT_EQ(got.token, want.token);
      EXPECT_EQ(got.custom_length, want.custom_length);
      expect_same_parts(r.program, got, built, want);
      const std::string listing = listing_of(r.program);
      // fxc lists custom data only as the immediate constant buffer.
      const std::string name = row.op == Opcode::customdata ? "dcl_immediateConstantBuffer" : std::string(row.name);
      EXPECT_NE(listing.find("\n" + name), std::string::npos) << listing;
    }
  }
}

// The program after its version line.
std::string body(const Builder& b) {
  const std::string listing = listing_of(b.program());
  return listing.substr(listing.find('\n') + 1);
}

TEST(FxcBuilder, OperandsListAsFxcWritesThem) {
  Builder b(ProgramType::pixel, 5, 0);
  b.emit(Opcode::mov, {temp(0).mask("xy"), imm(1.0f, 2.0f, 0.f, 0.f)});
  b.emit(Opcode::add, {output(0), -temp(1).swizzle("xxyz"), cb(0).index(temp(1).select('x'), 4)}).saturate();
  b.emit(Opcode::mul, {temp(2).mask("x"), temp(3).select('w').abs(), reg(RegType::x, {1}).index(temp(4).select('y'))});
  b.emit(Opcode::mov, {temp(0), cb(1).index(reg(RegType::r, {2}).index(temp(3).select('z'), 0).select('y'), 2)});
  b.emit(Opcode::mov, {temp(0).mask("x").precision(MinPrecision::min16f), temp(1).select('x')});
  EXPECT_EQ(body(b),
            "mov r0.xy, l(1.000000,2.000000,0,0)\n"
            "add_sat o0.xyzw, -r1.xxyz, cb0[r1.x + 4].xyzw\n"
            "mul r2.x, |r3.w|, x1[r4.y + 0].xyzw\n"
            "mov r0.xyzw, cb1[r2[r3.z + 0].y + 2].xyzw\n"
            "mov r0.x {min16f}, r1.x {def32 as min16f}\n");
}

TEST(FxcBuilder, DeclarationsAndExtendedOpcodeTokens) {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_constant_buffer(0, 4, true);
  b.dcl_sampler(0);
  b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
  b.dcl_resource(Dim::texture2dms, ReturnType::uint, 1, 4);
  b.dcl_uav_structured(2, 16).controls(kGloballyCoherent);
  b.dcl_temps(4);
  const ReturnType f = ReturnType::float_;
  b.emit(Opcode::sample_l, {temp(0), temp(1), resource(0), sampler(0), imm(0.0f)})
      .offsets(-1, 2, 7)
      .dimension(Dim::texture2d)
      .return_types(f, f, f, f);
  b.dcl_immediate_constant_buffer(words(1.0f, 0, 0, 0, 2, 3, 4, 5));
  b.emit(Opcode::ret);
  EXPECT_EQ(body(b),
            "dcl_constantbuffer cb0[4], dynamicIndexed\n"
            "dcl_sampler s0, mode_default\n"
            "dcl_resource_texture2d (float,float,float,float) t0\n"
            "dcl_resource_texture2dms(4) (uint,uint,uint,uint) t1\n"
            "dcl_uav_structured_glc u2, 16\n"
            "dcl_temps 4\n"
            "sample_l_aoffimmi_indexable(-1,2,7)(texture2d)(float,float,float,float) r0.xyzw, r1.xyzw, t0.xyzw, s0, "
            "l(0.000000)\n"
            "dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},\n"
            "                              { 2, 3, 4, 5} }\n"
            "ret \n");
}

// A float of huge magnitude in the immediate constant buffer, as MSVC's
// printf prints it: 17 significant digits, then zeros (an older fxc's
// listing).
TEST(FxcBuilder, HugeImmediatesPrintAsMsvcPrintsThem) {
  Builder b(ProgramType::pixel, 4, 0);
  const float huge = -6.4921134737738287e32f;
  uint32_t bits;
  std::memcpy(&bits, &huge, 4);
  b.dcl_immediate_constant_buffer({bits, 15, 0, 0, 0, 0, 0, 0});
  b.emit(Opcode::ret);
  EXPECT_NE(listing_of(b.program())
                .find("dcl_immediateConstantBuffer { { -649211347377382870000000000000000.000000, 15, 0, 0},\n"),
            std::string::npos)
      << listing_of(b.program());
}

// Integers print in decimal within 10000 of 0, and as hex beyond.
TEST(FxcBuilder, IntegersPrintInDecimalUpTo10000) {
  Builder b(ProgramType::pixel, 4, 0);
  b.dcl_temps(1);
  b.emit(Opcode::iadd, {temp(0).mask("xyzw"), temp(0), imm(10000, -10000, 10001, -10001)});
  b.emit(Opcode::ret);
  EXPECT_NE(listing_of(b.program()).find("iadd r0.xyzw, r0.xyzw, l(10000, -10000, 0x00002711, 0xffffd8ef)\n"),
            std::string::npos)
      << listing_of(b.program());
}

TEST(FxcBuilder, SM51RangesCarryTheirSpace) {
  Builder b(ProgramType::compute, 5, 1);
  b.dcl_constant_buffer(Slot(0, 1, 3, 2), 8);
  b.dcl_resource(Dim::buffer, ReturnType::sint, Slot(1, 0, 0xFFFFFFFF, 1));
  b.dcl_uav_raw(Slot(2, 4, 4, 0));
  b.dcl_thread_group(8, 8, 1);
  EXPECT_EQ(body(b),
            "dcl_constantbuffer CB0[1:3][8], immediateIndexed, space=2\n"
            "dcl_resource_buffer (sint,sint,sint,sint) T1[0:*], space=1\n"
            "dcl_uav_raw U2[4:4], space=0\n"
            "dcl_thread_group 8, 8, 1\n");
}

TEST(FxcBuilder, LongFunctionTableTakesALengthWord) {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_function_table(0, std::vector<uint32_t>(200, 1));
  const Program p = b.program();
  EXPECT_TRUE(p.instructions[0].is_extended());
  EXPECT_EQ(p.instructions[0].custom_length, 204u);
  EXPECT_EQ(p.length, 206u);
  const ReadBack r = read_back(write_program(p));
  ASSERT_TRUE(r.ok) << r.error->to_string();
  EXPECT_EQ(r.program.words(r.program.instructions[0]).size(), 202u);
}

TEST(FxcBuilder, ShapesAreChecked) {
  Builder b(ProgramType::pixel, 4, 0);
  EXPECT_THROW(b.emit(Opcode::add, {temp(0), temp(1)}), std::invalid_argument);
  EXPECT_THROW(b.emit(Opcode::dcl_resource, {resource(0)}, {1, 2}), std::invalid_argument);  // no space before SM5.1
  EXPECT_THROW((void)temp(0).swizzle("xy"), std::invalid_argument);
  EXPECT_THROW((void)temp(0).mask("q"), std::invalid_argument);
  // 64 nested relative operands: more DWORDs than a 7-bit length holds.
  Arg deep = temp(0).select('x');
  for (int k = 0; k < 64; ++k) deep = temp(1).index(deep).select('x');
  b.emit(Opcode::mov, {temp(0), deep});
  EXPECT_THROW((void)b.program(), std::length_error);
}

TEST(FxcBuilder, ContainerHoldsTheProgramSigned) {
  Builder b(ProgramType::vertex, 4, 1);
  b.emit(Opcode::ret);
  const std::vector<uint8_t> file = container_of({{"RDEF", std::vector<uint8_t>(28, 0)}, program_chunk(b.program())});
  const dxc::ParseResult r = dxc::parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_TRUE(r.warnings.empty());
  ASSERT_EQ(r.container->parts.size(), 2u);
  EXPECT_EQ(fourcc_text(r.container->parts[1].fourcc), "SHDR");
  EXPECT_EQ(program_chunk(Builder(ProgramType::pixel, 5, 0).program()).fourcc, "SHEX");
}

// Bits 30:22 of an operand token hold three 3-bit index representations:
// the 64-bit immediates and the immediate-plus-register forms included.
TEST(FxcProgram, OperandTokenGivesEveryIndexRepresentation) {
  Operand o;
  o.token = (1u << 22) | (3u << 25) | (4u << 28);
  EXPECT_EQ(o.index_rep(0), IndexRep::imm64);
  EXPECT_EQ(o.index_rep(1), IndexRep::imm32_relative);
  EXPECT_EQ(o.index_rep(2), IndexRep::imm64_relative);
  o.token = (2u << 22) | (0u << 25);
  EXPECT_EQ(o.index_rep(0), IndexRep::relative);
  EXPECT_EQ(o.index_rep(1), IndexRep::imm32);
}

// An index that is not relative names no nested operand, whatever an
// editor left in its `relative` field.
TEST(FxcProgram, AnIndexThatIsNotRelativeNamesNoNestedOperand) {
  Program p;
  Instruction in;
  const Operand nested[] = {Operand{}};
  p.set_nested(in, nested);
  OperandIndex ix;
  ix.rep = IndexRep::imm32;
  ix.relative = 0;
  EXPECT_EQ(p.relative(in, ix), nullptr);
  ix.rep = IndexRep::imm32_relative;
  EXPECT_EQ(p.relative(in, ix), &p.nested(in)[0]);
  ix.relative = -1;
  EXPECT_EQ(p.relative(in, ix), nullptr);
}

// A range past its pool (an editor's mistake) reads as empty, from an
// empty pool too, and adding to it starts it afresh at the pool's end.
TEST(FxcProgram, ARangePastItsPoolReadsAsEmptyAndRestartsWhenAddedTo) {
  Program p;
  Instruction in;
  in.words = {3, 1};
  in.operands = {0, 5};
  EXPECT_TRUE(p.words(in).empty());
  EXPECT_TRUE(std::as_const(p).words(in).empty());
  p.operand_pool.resize(2);
  Operand o;
  o.token = 0x1234;
  p.add_operand(in, o);
  EXPECT_EQ(in.operands.first, 2u);
  ASSERT_EQ(in.operands.count, 1u);
  EXPECT_EQ(p.operands(in)[0].token, 0x1234u);
  in.operands = {7, 0};
  p.add_operand(in, o);
  EXPECT_EQ(in.operands.first, 3u);
  EXPECT_EQ(in.operands.count, 1u);
}

}  // namespace
}  // namespace sp::fxc::build
