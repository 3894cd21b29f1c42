// The listing of what the 17 real files do not show: predication,
// relative addressing, source modifiers, texld variants and result
// modifiers, comparisons, SM3 declarations, booleans and integers,
// exponents in def, structs in the constant table. Where fxc's output is
// known (the real files, docs/formats/d3d9.md) these follow it; the rest
// pins the spelling the listing chose.
#include "d3d9/listing.h"

#include <gtest/gtest.h>

#include <cstring>

#include "conformance/d3d9/builders.h"

namespace sp::d3d9 {
namespace {

using build::destination;
using build::instruction;
using build::source;

constexpr uint32_t kX = 0x00, kY = 0x55, kZ = 0xAA;  // replicate swizzles
constexpr uint32_t kNeg = 1, kAbsNeg = 12, kNot = 13, kBx2 = 4, kComp = 6;
constexpr uint32_t kSat = 1, kPartial = 2, kCentroid = 4;

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

std::string listing(const std::vector<uint8_t>& file) {
  TextBuffer out;
  std::optional<Diagnostic> error;
  const Limits limits;
  EXPECT_TRUE(write_listing(file, limits, out, error)) << error->to_string();
  return out.str();
}

TEST(D3d9Listing, PixelShader3) {
  const std::vector<Instruction> body = {
      instruction(Opcode::defb, {destination(kConstBool, 1)}, {1}),
      instruction(Opcode::defi, {destination(kConstInt, 0)}, {3, static_cast<uint32_t>(-1), 0, 0}),
      instruction(Opcode::def, {destination(kConst, 0)}, {bits(1.5e-6f), bits(-0.0f), bits(0.5f), bits(1e20f)}),
      instruction(Opcode::dcl, {destination(kInput, 0, 0x3, kCentroid)}, {0x80000005}),
      instruction(Opcode::dcl, {destination(kMiscType, 0, 0x3)}, {0x80000000}),
      instruction(Opcode::dcl, {destination(kSampler, 1)}, {0x98000000}),
      instruction(Opcode::dcl, {destination(kSampler, 2)}, {0xA0000000}),
      instruction(Opcode::setp, {destination(kPredicate, 0, 0x1), source(kInput, 0, kX), source(kConst, 0, kY)}, {},
                  1u << 16),
      instruction(Opcode::mov, {destination(kTemp, 0), source(kPredicate, 0, kX), source(kTemp, 1, kX, kAbsNeg)}, {},
                  build::kPredicatedBit),
      instruction(Opcode::texld, {destination(kTemp, 1, 0xF, kPartial), source(kInput, 0), source(kSampler, 1)}),
      instruction(Opcode::texld, {destination(kTemp, 2, 0xF, kSat), source(kInput, 0), source(kSampler, 2)}, {},
                  1u << 16),
      instruction(Opcode::texld, {destination(kTemp, 3), source(kInput, 0), source(kSampler, 1)}, {}, 2u << 16),
      instruction(Opcode::ifc, {source(kConst, 0, kX), source(kConst, 0, kY)}, {}, 4u << 16),
      instruction(Opcode::loop, {source(kLoop, 0), source(kConstInt, 0)}),
      instruction(Opcode::breakc, {source(kTemp, 0, kX), source(kTemp, 0, kY, kNeg)}, {}, 5u << 16),
      instruction(Opcode::mov, {destination(kTemp, 0), build::relative(source(kInput, 0), source(kLoop, 0))}),
      instruction(Opcode::endloop, {}),
      instruction(Opcode::else_, {}),
      instruction(Opcode::if_, {source(kConstBool, 1, build::kIdentity, kNot)}),
      instruction(Opcode::endif, {}),
      instruction(Opcode::endif, {}),
      instruction(Opcode::sincos, {destination(kTemp, 4, 0x3), source(kTemp, 0, kZ)}),
      instruction(Opcode::mov, {destination(kColorOut, 0), source(kTemp, 0, 0x1B)}),
      instruction(Opcode::mov, {destination(kDepthOut, 0, 0x1), source(kMiscType, 0, kX)}),
  };
  const std::vector<uint8_t> file = write_program(build::program(build::version_token(true, 3, 0), {}, body));
  EXPECT_EQ(listing(file),
            "    ps_3_0\n"
            "    defb b1, true\n"
            "    defi i0, 3, -1, 0, 0\n"
            "    def c0, 1.50000005e-006, -0, 0.5, 1.00000002e+020\n"
            "    dcl_texcoord_centroid v0.xy\n"
            "    dcl vPos.xy\n"
            "    dcl_cube s1\n"
            "    dcl_volume s2\n"
            "    setp_gt p0.x, v0.x, c0.y\n"
            "    (p0.x) mov r0, -r1_abs.x\n"
            "    texld_pp r1, v0, s1\n"
            "    texldp_sat r2, v0, s2\n"
            "    texldb r3, v0, s1\n"
            "    if_lt c0.x, c0.y\n"
            "      loop aL, i0\n"
            "        break_ne r0.x, -r0.y\n"
            "        mov r0, v0[aL]\n"
            "      endloop\n"
            "    else\n"
            "      if !b1\n"
            "      endif\n"
            "    endif\n"
            "    sincos r4.xy, r0.z\n"
            "    mov oC0, r0.wzyx\n"
            "    mov oDepth.x, vPos.x\n"
            "\n"
            "// approximately 33 instruction slots used (3 texture, 30 arithmetic)\n");
}

TEST(D3d9Listing, VertexShader2WithAStructAndRelativeConstants) {
  build::Type light{kStruct,
                    0,
                    1,
                    1,
                    2,
                    {{"direction", {.klass = kVector, .type = 3, .columns = 3}},
                     {"world", {.klass = kMatrixRows, .type = 3, .rows = 4, .columns = 3}}}};
  const std::vector<uint8_t> table = build::constant_table({{"a_rather_long_constant_name", kFloat4, 2000, 8, light},
                                                            {"count", kInt4, 0, 1, {.klass = kScalar, .type = 2}},
                                                            {"flag", kBool, 3, 1, {.klass = kScalar, .type = 1}}},
                                                           "vs_2_0", build::version_token(false, 2, 0));
  const std::vector<Instruction> body = {
      instruction(Opcode::dcl, {destination(kInput, 0)}, {0x80000000}),
      instruction(Opcode::dcl, {destination(kInput, 1)}, {0x80010005}),
      instruction(Opcode::mova, {destination(kAddrOrTexture, 0, 0x1), source(kInput, 1, kX)}),
      instruction(Opcode::mad, {destination(kRastOut, 0), source(kInput, 0, build::kIdentity, kBx2),
                                build::relative(source(kConst, 2000), source(kAddrOrTexture, 0, kX)),
                                source(kConst, 2001, build::kIdentity, kComp)}),
      instruction(Opcode::sincos,
                  {destination(kTemp, 0, 0x3), source(kInput, 0, kZ), source(kConst, 1), source(kConst, 2)}),
      instruction(Opcode::mul, {destination(kTexCrdOut, 1, 0x7, 0), source(kTemp, 0), source(kConst2, 5)}),
  };
  const std::vector<uint8_t> file = write_program(build::program(build::version_token(false, 2, 0), table, body));
  EXPECT_EQ(listing(file),
            "//\n"
            "// Generated by Microsoft (R) HLSL Shader Compiler 9.30.9200.20499\n"
            "//\n"
            "///\n"
            "// Parameters:\n"
            "//\n"
            "//   struct\n"
            "//   {\n"
            "//       float3 direction;\n"
            "//       row_major float4x3 world;\n"
            "//\n"
            "//   } a_rather_long_constant_name[2];\n"
            "//   int count;\n"
            "//   bool flag;\n"
            "//\n"
            "//\n"
            "// Registers:\n"
            "//\n"
            "//   Name                        Reg   Size\n"
            "//   --------------------------- ----- ----\n"
            "//   flag                        b3       1\n"
            "//   count                       i0       1\n"
            "//   a_rather_long_constant_name c2000    8\n"
            "//\n"
            "\n"
            "    vs_2_0\n"
            "    dcl_position v0\n"
            "    dcl_texcoord1 v1\n"
            "    mova a0.x, v1.x\n"
            "    mad oPos, v0_bx2, c2000[a0.x], 1 - c2001\n"
            "    sincos r0.xy, v0.z, c1, c2\n"
            "    mul oT1.xyz, r0, c2053\n"
            "\n"
            "// approximately 11 instruction slots used\n");
}

TEST(D3d9Listing, OneSlotIsSingularAndAFileWithoutAConstantTableHasNoHeader) {
  const std::vector<uint8_t> file =
      write_program(build::program(build::version_token(false, 2, 1), {},
                                   {instruction(Opcode::mov, {destination(kRastOut, 0), source(kInput, 0)})}));
  EXPECT_EQ(listing(file), "    vs_2_x\n    mov oPos, v0\n\n// approximately 1 instruction slot used\n");
}

TEST(D3d9Listing, AConstantTableOfFxc929HasNothingWhereTheCommandLineWas) {
  const std::vector<uint8_t> table = build::constant_table({}, "ps_2_0", build::version_token(true, 2, 0),
                                                           "Microsoft (R) HLSL Shader Compiler 9.29.952.3111");
  const std::vector<uint8_t> file = write_program(build::program(build::version_token(true, 2, 0), table, {}));
  EXPECT_EQ(listing(file),
            "//\n// Generated by Microsoft (R) HLSL Shader Compiler 9.29.952.3111\n//\n    ps_2_0\n\n"
            "// approximately 0 instruction slots used\n");
}

}  // namespace
}  // namespace sp::d3d9
