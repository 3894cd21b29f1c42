// PICA200 code words: the opcode table, every format's fields at the bit
// positions picasso's encoder puts them (its expressions are written out
// below as the reference), encode(decode(w)) == w for any word, the
// plain-register text of every format, float24 and the uniform register
// space.
#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "conformance/shbin/builders.h"
#include "shbin/listing.h"
#include "shbin/model.h"
#include "shbin/pica.h"

namespace sp::shbin {
namespace {

using pica::Format;
using pica::Op;

// picasso's FMT_OPCODE.
constexpr uint32_t op(uint32_t opcode) { return opcode << 26; }

TEST(Pica, OpcodeTableCoversExactlyTheDefinedValues) {
  const std::set<uint32_t> undefined = {0x10, 0x11, 0x14, 0x15, 0x16, 0x17, 0x1C, 0x1D, 0x1E, 0x1F};
  for (uint32_t v = 0; v < 64; ++v) EXPECT_EQ(pica::opcode_info(v) == nullptr, undefined.contains(v)) << v;
  EXPECT_EQ(pica::opcode_info(0x2F)->op, Op::cmp);
  EXPECT_EQ(pica::opcode_info(0x33)->op, Op::madi);
  EXPECT_EQ(pica::opcode_info(0x3F)->op, Op::mad);
  EXPECT_EQ(pica::opcode_info(0x29)->name, "for");
  EXPECT_EQ(pica::opcode_info(64), nullptr);
  // Every row's id is its place in the table.
  for (const pica::OpcodeInfo& info : pica::all_opcodes()) EXPECT_EQ(&pica::info_of(info.op), &info);
}

// The words of the real file (a picasso build): each field where picasso
// put it.
TEST(Pica, DecodesTheFieldsOfPicassoWords) {
  pica::Instruction in = pica::decode(0x08020803);  // dp4 o0.x, c0, r0 (descriptor 3)
  EXPECT_EQ(in.op, Op::dp4);
  EXPECT_EQ(in.format, Format::f1);
  EXPECT_EQ(in.dest, 0x00);
  EXPECT_EQ(in.src1, 0x20);
  EXPECT_EQ(in.src2, 0x10);
  EXPECT_EQ(in.descriptor, 3);
  in = pica::decode(0x4e07f001);  // mov r0.w, c95.y (descriptor 1)
  EXPECT_EQ(in.op, Op::mov);
  EXPECT_EQ(in.dest, 0x10);
  EXPECT_EQ(in.src1, 0x7F);
  EXPECT_EQ(in.descriptor, 1);
  EXPECT_EQ(pica::decode(0x88000000).op, Op::end);
}

// picasso's encoders (source/picasso_assembler.cpp, cmd_format1 ..
// formatsetemit) as expressions, against the project's encoder.
TEST(Pica, EncodesEachFormatAsPicassoDoes) {
  build::Code code;
  // Descriptors already in the table: each instruction below gets a new
  // one past them, its index the table's last.
  for (uint32_t k = 0; k < 5; ++k) code.descriptors.push_back({0x1000 + k, 0});
  // format 1: opdesc | src2 << 7 | src1 << 12 | idx << 19 | dest << 21
  uint32_t a = code.binary(Op::add, build::temp(3), build::relative(build::c(7), pica::kA0y), build::v(2));
  EXPECT_EQ(code.words[a], op(0x00) | (code.descriptors.size() - 1) | (0x02u << 7) | (0x27u << 12) | (2u << 19) | (0x13u << 21));
  // format 1i: opdesc | src2 << 7 | src1 << 14 | idx << 19 | dest << 21 (src2 wide)
  a = code.binary(Op::dphi, build::temp(13), build::v(4), build::relative(build::c(15), pica::kAL));
  EXPECT_EQ(code.words[a],
            op(0x18) | (code.descriptors.size() - 1) | (0x2Fu << 7) | (0x04u << 14) | (3u << 19) | (0x1Du << 21));
  // format 1u: opdesc | src1 << 12 | idx << 19 | dest << 21
  a = code.unary(Op::rsq, build::out(5, "x"), build::c(90));
  EXPECT_EQ(code.words[a], op(0x0F) | (code.descriptors.size() - 1) | (0x7Au << 12) | (0x05u << 21));
  // format 1c: opdesc | src2 << 7 | src1 << 12 | idx << 19 | cmpy << 21 | cmpx << 24
  a = code.cmp(build::c(1), 5, 3, build::r(2));
  EXPECT_EQ(code.words[a], op(0x2E) | (code.descriptors.size() - 1) | (0x12u << 7) | (0x21u << 12) | (3u << 21) | (5u << 24));
  EXPECT_EQ(pica::decode(code.words[a]).opcode, 0x2F);  // the comparison spills into the opcode
  // format 5: opdesc | src3 << 5 | src2 << 10 | src1 << 17 | idx << 22 | dest << 24
  a = code.mad(Op::mad, build::temp(1), build::v(3), build::relative(build::c(9), pica::kA0x), build::r(4));
  EXPECT_EQ(code.words[a],
            op(0x38) | (code.descriptors.size() - 1) | (0x14u << 5) | (0x29u << 10) | (0x03u << 17) | (1u << 22) | (0x11u << 24));
  // format 5i: opdesc | src3 << 5 | src2 << 12 | src1 << 17 | idx << 22 | dest << 24 (src3 wide)
  a = code.mad(Op::madi, build::out(2), build::r(1), build::v(2), build::c(60));
  EXPECT_EQ(code.words[a],
            op(0x30) | (code.descriptors.size() - 1) | (0x5Cu << 5) | (0x02u << 12) | (0x11u << 17) | (0x02u << 24));
  // format 2: num | dst << 10 | condop << 22 | refy << 24 | refx << 25
  // (picasso: "!cmp.x && cmp.y" sets refx 0, refy 1, and op 1)
  a = code.conditional(Op::ifc, pica::kAnd, false, true, 0x123, 7);
  EXPECT_EQ(code.words[a], op(0x28) | 7u | (0x123u << 10) | (1u << 22) | (1u << 24));
  // format 3: num | dst << 10 | uniform << 22; jmpu's negation is num's bit 0
  a = code.uniform(Op::jmpu, 15, 0x40, 1);
  EXPECT_EQ(code.words[a], op(0x2D) | 1u | (0x40u << 10) | (15u << 22));
  a = code.uniform(Op::loop, 3, 0x10);
  EXPECT_EQ(code.words[a], op(0x29) | (0x10u << 10) | (3u << 22));
  // format 4: inv << 22 | prim << 23 | vtx << 24
  a = code.setemit(2, true, false);
  EXPECT_EQ(code.words[a], op(0x2B) | (1u << 23) | (2u << 24));
}

// Every bit survives: words of every opcode with pseudo-random fields,
// unused bits included.
TEST(Pica, EncodeOfDecodeIsTheWordForAnyWord) {
  uint64_t state = 0x9E3779B97F4A7C15u;
  for (uint32_t i = 0; i < 200000; ++i) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    const auto w = static_cast<uint32_t>(state >> 32);
    ASSERT_EQ(pica::encode(pica::decode(w)), w) << std::hex << w;
  }
  for (uint32_t opcode = 0; opcode < 64; ++opcode)
    for (uint32_t fill : {0u, 0x03FFFFFFu, 0x02AAAAAAu, 0x01555555u}) {
      const uint32_t w = (opcode << 26) | fill;
      ASSERT_EQ(pica::encode(pica::decode(w)), w) << std::hex << w;
    }
}

TEST(Pica, DecodeOfEncodeIsTheInstruction) {
  const build::Code code = build::every_format_code();
  std::set<Op> ops;
  for (uint32_t w : code.words) {
    const pica::Instruction in = pica::decode(w);
    EXPECT_EQ(pica::decode(pica::encode(in)), in) << std::hex << w;
    ops.insert(in.op);
  }
  // One instruction of every opcode the table has.
  EXPECT_EQ(ops.size(), pica::all_opcodes().size());
}

// A field given more than its width holds is cut to its width, never
// spilled into its neighbour (the builders encode what tests ask for).
TEST(Pica, EncodeCutsEachFieldToItsWidth) {
  pica::Instruction add = pica::decode(op(0x00));  // format 1
  ASSERT_EQ(add.op, Op::add);
  add.descriptor = 0xFF;  // 7 bits
  EXPECT_EQ(pica::encode(add), op(0x00) | 0x7Fu);
  add.descriptor = 0;
  add.src2 = 0xFF;  // 5 bits at 7
  EXPECT_EQ(pica::encode(add), op(0x00) | (0x1Fu << 7));
  pica::Instruction call = pica::decode(op(0x24));  // format 2
  call.num = 0xFF;
  call.dst = 0xFFFF;  // 12 bits at 10
  EXPECT_EQ(pica::encode(call), op(0x24) | 0xFFu | (0xFFFu << 10));
}

TEST(Pica, UnusedBitsAreKept) {
  const pica::Instruction nop = pica::decode(op(0x21) | 0x155);
  EXPECT_EQ(nop.op, Op::nop);
  EXPECT_EQ(nop.unused, 0x155u);
  const pica::Instruction mov = pica::decode(op(0x13) | (0x1Fu << 7));  // bits 7-11: no src2 in 1u
  EXPECT_EQ(mov.unused, 0x1Fu << 7);
  const pica::Instruction call = pica::decode(op(0x24) | (3u << 8));  // bits 8-9 of format 2
  EXPECT_EQ(call.unused, 3u << 8);
  const pica::Instruction undefined = pica::decode(op(0x1C) | 0x1234);
  EXPECT_EQ(undefined.op, Op::undefined);
  EXPECT_EQ(undefined.format, Format::undefined);
  EXPECT_EQ(undefined.unused, 0x1234u);
}

// Every format in picasso's syntax with plain registers; flow control
// targets as addresses (the listing names them instead).
TEST(Pica, InstructionTextOfEveryFormat) {
  const build::Code code = build::every_format_code();
  const std::vector<std::string> expected = {
      "add r0, c1, v0",
      "dp3 r1.xyz, c2[a0], r0",
      "dp4 o0.x, -c3.wzyx, v1",
      "dph r2, c4[lcnt], r1",
      "dst r3, v2, r2",
      "ex2 r4.x, c5.x",
      "lg2 r4.y, -r4.x",
      "litp r5, v3",
      "mul r6, c6, r5",
      "sge r7, c7, r6",
      "slt r8, c8, v0",
      "flr r9, c9",
      "max r10, c10, r9",
      "min r11, c11[a1], r10",
      "rcp r12.x, c12.x",
      "rsq r12.y, r12.x",
      "mova a01, c13",
      "mov o1, c14",
      "dphi r13, v4, c15",
      "dsti r13, r0, c16[a0]",
      "sgei r14, v5, c17",
      "slti r15, r1, c18",
      "cmp c19, eq, lt, r0",
      "cmp v6, ge, gt, r1",
      "mad r0, v0, c20, r1",
      "madi r1, v1, r2, c21",
      "ifc cmp.x && !cmp.y, 0x01c+1",
      "nop",
      "nop",
      "ifu b1, 0x01f+0",
      "add r2, r2, v0",
      "for i2, 0x021",
      "breakc cmp.x || cmp.y",
      "break",
      "callc !cmp.x, 0x029+2",
      "callu b2, 0x029+2",
      "call 0x029+2",
      "jmpc cmp.y, 0x027",
      "jmpu !b3, 0x027",
      "setemit 1, prim inv",
      "end",
      "emit",
      "nop",
  };
  ASSERT_EQ(code.words.size(), expected.size());
  for (size_t k = 0; k < expected.size(); ++k)
    EXPECT_EQ(instruction_text(pica::decode(code.words[k]), code.descriptors), expected[k]) << k;
  EXPECT_EQ(instruction_text(pica::decode(op(0x10)), code.descriptors), "; undefined opcode 0x10");
}

TEST(Pica, DescriptorFields) {
  const pica::Descriptor d{0x0006c368};  // the real file's dp4 o0.x descriptor
  EXPECT_EQ(d.dest_mask(), 0x8u);
  EXPECT_TRUE(d.dest_writes(0));
  EXPECT_FALSE(d.dest_writes(1));
  EXPECT_EQ(d.swizzle(0), pica::kIdentitySwizzle);
  EXPECT_EQ(d.swizzle(1), pica::kIdentitySwizzle);
  EXPECT_FALSE(d.negate(0));
  const pica::Descriptor yyyy{0x00000aa1};  // mov r0.w, c95.y
  EXPECT_EQ(yyyy.dest_mask(), 0x1u);
  for (uint32_t c = 0; c < 4; ++c) EXPECT_EQ(yyyy.selector(0, c), 1u);
  EXPECT_TRUE(pica::Descriptor{1u << 22}.negate(2));
}

TEST(Float24, DecodesAsThePica200) {
  EXPECT_EQ(decode_float24(0x3F0000), 1.0f);
  EXPECT_EQ(decode_float24(0xBF0000), -1.0f);
  EXPECT_EQ(decode_float24(0x3E0000), 0.5f);
  EXPECT_EQ(decode_float24(0x408000), 3.0f);
  EXPECT_EQ(decode_float24(0), 0.0f);
  EXPECT_TRUE(std::signbit(decode_float24(0x800000)));
  EXPECT_EQ(decode_float24(0xFF3F0000), 1.0f);  // bits 24..31 are not the value's
  // Exponent 0 with a mantissa is a (tiny) normal number, 0x7F a huge one:
  // no denormals, infinities or NaNs.
  EXPECT_TRUE(std::isnormal(decode_float24(0x000001)));
  EXPECT_TRUE(std::isfinite(decode_float24(0x7FFFFF)));
}

TEST(Float24, EncodeInvertsDecode) {
  for (uint32_t w = 0; w < (1u << 24); w += 97) ASSERT_EQ(encode_float24(decode_float24(w)), w) << std::hex << w;
  EXPECT_EQ(encode_float24(1.0f), 0x3F0000u);
  EXPECT_EQ(encode_float24(1e-30f), 0u);               // flushed
  EXPECT_EQ(encode_float24(1e30f), 0x7F0000u);         // saturated
  EXPECT_EQ(encode_float24(-0.0f), 0x800000u);
}

TEST(UniformRegisters, ClassesOfTheSeed) {
  EXPECT_EQ(uniform_register(0x0F).klass, RegisterClass::input);
  EXPECT_EQ(uniform_register(0x10).klass, RegisterClass::floating);
  EXPECT_EQ(uniform_register(0x6F).index, 95u);
  EXPECT_EQ(uniform_register(0x70).klass, RegisterClass::integer);
  EXPECT_EQ(uniform_register(0x73).index, 3u);
  EXPECT_EQ(uniform_register(0x74).klass, RegisterClass::none);
  EXPECT_EQ(uniform_register(0x77).klass, RegisterClass::none);
  EXPECT_EQ(uniform_register(0x78).klass, RegisterClass::boolean);
  EXPECT_EQ(uniform_register(0x87).index, 15u);
  EXPECT_EQ(uniform_register(0x88).klass, RegisterClass::none);
  EXPECT_EQ(uniform_value(RegisterClass::boolean, 3), 0x7B);
}

}  // namespace
}  // namespace sp::shbin
