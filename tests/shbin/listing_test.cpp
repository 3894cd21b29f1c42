// `dump --format=pica`. There is no picasso here to assemble the listing
// back, so its syntax is checked against programs built by the project's
// encoder, whose fields follow picasso's own encoder (pica_test.cpp), and
// whose picasso source is written out below as picasso's manual spells it:
// the listing of each must be that source, word for word. The tests also
// pin what picasso cannot express (blocks that do not nest, names it
// cannot declare) and the directives that make its allocator put every
// uniform and constant back at its register.
#include <gtest/gtest.h>

#include <regex>

#include "conformance/shbin/builders.h"
#include "shbin/listing.h"
#include "shbin/listing_names.h"
#include "shbin/model.h"

namespace sp::shbin {
namespace {

using build::Code;
using pica::Op;

// The listing of `s` without its header comments and without each code
// line's "; address: word" comment: what picasso would read.
std::string source_of(const Shbin& s) {
  TextBuffer out;
  list_shbin(s, out);
  const std::string text = out.str();
  std::string source;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    std::string line = text.substr(at, end - at);
    at = end + 1;
    if (line.rfind("; Nintendo", 0) == 0 || line.rfind("; DVLP", 0) == 0 || line.rfind("; DVLE", 0) == 0) continue;
    line = std::regex_replace(line, std::regex(" *; [0-9a-f]{4}: [0-9a-f]{8}$"), "");
    source += line + "\n";
  }
  return source;
}

TEST(ShbinListing, EveryFormatAsPicassoSource) {
  Dvle d = build::vertex(0, 41);
  d.labels = {build::label("target", 39)};
  const Shbin s = build::shbin(Layout::picasso, build::every_format_code(), {d});
  EXPECT_EQ(source_of(s),
            "\n"
            ".proc main\n"
            "    add r0, c1, v0\n"
            "    dp3 r1.xyz, c2[a0], r0\n"
            "    dp4 o0.x, -c3.wzyx, v1\n"
            "    dph r2, c4[lcnt], r1\n"
            "    dst r3, v2, r2\n"
            "    ex2 r4.x, c5.x\n"
            "    lg2 r4.y, -r4.x\n"
            "    litp r5, v3\n"
            "    mul r6, c6, r5\n"
            "    sge r7, c7, r6\n"
            "    slt r8, c8, v0\n"
            "    flr r9, c9\n"
            "    max r10, c10, r9\n"
            "    min r11, c11[a1], r10\n"
            "    rcp r12.x, c12.x\n"
            "    rsq r12.y, r12.x\n"
            "    mova a01, c13\n"
            "    mov o1, c14\n"
            "    dphi r13, v4, c15\n"
            "    dsti r13, r0, c16[a0]\n"
            "    sgei r14, v5, c17\n"
            "    slti r15, r1, c18\n"
            "    cmp c19, eq, lt, r0\n"
            "    cmp v6, ge, gt, r1\n"
            "    mad r0, v0, c20, r1\n"
            "    madi r1, v1, r2, c21\n"
            "    ifc cmp.x && !cmp.y\n"
            "        nop\n"
            "    .else\n"
            "        nop\n"
            "    .end\n"
            "    ifu b1\n"
            "        add r2, r2, v0\n"
            "    .end\n"
            "    for i2\n"
            "        breakc cmp.x || cmp.y\n"
            "        break\n"
            "    .end\n"
            "    callc !cmp.x, proc_029\n"
            "    callu b2, proc_029\n"
            "    call proc_029\n"
            "    jmpc cmp.y, target\n"
            "    jmpu !b3, target\n"
            "target:\n"
            "    setemit 1, prim inv\n"
            "    end\n"
            ".end\n"
            ".proc proc_029\n"
            "    emit\n"
            "    nop\n"
            ".end\n");
}

// Directives that put each uniform, constant and output where the file
// has it, given picasso's allocation order, and names in the code.
TEST(ShbinListing, DirectivesPlaceEveryRegister) {
  Code code;
  code.unary(Op::mov, build::temp(0), build::c(8));
  code.binary(Op::add, build::temp(1), build::c(95), build::r(0));
  code.binary(Op::mul, build::temp(1), build::c(50), build::r(1));
  code.unary(Op::mov, build::out(1, "xy"), build::v(0));
  code.unary(Op::mov, build::out(0), build::relative(build::c(1), pica::kA0x));
  code.unary(Op::mov, build::out(2), build::relative(build::c(0), pica::kAL));
  code.uniform(Op::loop, 1, 7);
  code.simple(Op::nop);
  code.uniform(Op::ifu, 1, 10, 0);
  code.simple(Op::nop);
  code.simple(Op::end);
  Dvle d = build::vertex(0, code.size());
  d.uniforms = {build::uniform("projection", RegisterClass::floating, 0, 4),
                build::uniform("light", RegisterClass::floating, 8),
                build::uniform("bad name", RegisterClass::floating, 20),
                build::uniform("loops", RegisterClass::integer, 1),
                build::uniform("flags", RegisterClass::boolean, 0, 2),
                build::uniform("position", RegisterClass::input, 0)};
  d.constants = {build::constant_float(95, 1, 2, 3, 4), build::constant_float(94, 0.5f, -0.5f, 0.25f, 0),
                 build::constant_float(50, 1, 1, 1, 1), build::constant_int(3, 16, 0, 1, 0),
                 build::constant_int(0, 1, 2, 3, 4), build::constant_bool(5, true)};
  d.outmaps = {build::outmap(0, 0), build::outmap(3, 1, "xy"), build::outmap(4, 1, "z"), build::outmap(2, 2),
               build::outmap(7, 3)};
  EXPECT_EQ(source_of(build::shbin(Layout::picasso, code, {d})),
            ".fvec projection[4]\n"
            ".fvec _gap0[4]\n"
            ".fvec light\n"
            "; .fvec bad name at c20: picasso cannot place it\n"
            ".ivec _gap1\n"
            ".ivec loops\n"
            ".bool flags[2]\n"
            ".in position v0\n"
            ".constf const_c95(1.0, 2.0, 3.0, 4.0)\n"
            ".constf const_c94(0.5, -0.5, 0.25, 0.0)\n"
            ".setf c50(1.0, 1.0, 1.0, 1.0)\n"
            ".consti const_i3(16, 0, 1, 0)\n"
            ".seti i0(1, 2, 3, 4)\n"
            ".setb b5 true\n"
            ".out out_position position o0\n"
            ".out out_texcoord0 texcoord0 o1.xy\n"
            ".out - texcoord0w o1.z\n"
            ".out out_color color o2\n"
            "; output semantic 7 in o3 (mask 0xf): picasso cannot write it\n"
            "\n"
            ".proc main\n"
            "    mov r0, light\n"
            "    add r1, const_c95, r0\n"
            "    mul r1, c50, r1\n"
            "    mov out_texcoord0.xy, position\n"
            "    mov out_position, projection[a0+1]\n"
            "    mov out_color, projection[lcnt]\n"
            "    for loops\n"
            "        nop\n"
            "    .end\n"
            "    ifu flags[1]\n"
            "        nop\n"
            "    .end\n"
            "    end\n"
            ".end\n");
}

// A uniform that starts where the one before it ends needs no gap and is
// placed as it is; the header counts one DVLE in the singular.
TEST(ShbinListing, AdjacentUniformsArePlacedWithoutAGap) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvles[0].uniforms = {build::uniform("projection", RegisterClass::floating, 0, 4),
                         build::uniform("light", RegisterClass::floating, 4)};
  lay_out(s, Layout::picasso);
  TextBuffer out;
  list_shbin(s, out);
  const std::string text = out.str();
  EXPECT_NE(text.find(".fvec projection[4]\n.fvec light\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("cannot place"), std::string::npos) << text;
  EXPECT_NE(text.find(", 1 DVLE\n"), std::string::npos) << text;
}

// An if without an else (no words after its first branch) has no .else,
// even when it opens the program at word 0.
TEST(ShbinListing, AnIfAtWordZeroWithoutAnElseHasNoElse) {
  Code code;
  code.uniform(Op::ifu, 0, 2, 0);
  code.simple(Op::nop);
  code.simple(Op::end);
  Shbin s = build::shbin(Layout::picasso, code, {build::vertex(0, code.size())});
  const std::string text = source_of(s);
  EXPECT_EQ(text.find(".else"), std::string::npos) << text;
  EXPECT_NE(text.find(".proc main\n    ifu b0\n        nop\n    .end\n    end\n.end\n"), std::string::npos) << text;
}

// Targets that do not nest the way picasso's blocks must: printed as
// plain targets, noted; words no procedure holds get one of their own.
TEST(ShbinListing, WhatPicassoCannotWrite) {
  Code code;
  code.uniform(Op::ifu, 0, 3, 2);  // the else branch runs 3-4
  code.uniform(Op::loop, 0, 3);    // 1-3: crosses the else
  code.simple(Op::nop);
  code.simple(Op::nop);
  code.simple(Op::nop);
  code.simple(Op::end);
  code.simple(Op::nop);  // 6: in no procedure
  EXPECT_EQ(source_of(build::shbin(Layout::picasso, code, {build::vertex(0, 6)})),
            "\n"
            ".proc main\n"
            "    ifu b0\n"
            "        for i0, 0x003  ; its targets are no block picasso can write\n"
            "        nop\n"
            "    .else\n"
            "        nop\n"
            "        nop\n"
            "    .end\n"
            "    end\n"
            ".end\n"
            ".proc code_006\n"
            "    nop\n"
            ".end\n");
}

// Two DVLEs would be two picasso source files: both DVLEs' directives are
// printed commented out, the code once, with a procedure per entry point.
TEST(ShbinListing, SeveralDvles) {
  const std::string text = source_of(build::vertex_and_geometry(Layout::picasso));
  for (const char* line : {"; .fvec projection[4]\n", "; .ivec loop_params\n", "; .bool use_light[2]\n",
                           "; .in position v0\n", "; .constf const_c95(1.0, -0.5, 0.25, 3.0)\n",
                           "; .consti const_i3(16, 0, 1, 0)\n", "; .setb b1 true\n", "; .out out_dummy dummy o1\n",
                           "; .gsh fixed c0 c48 4\n", "; .fvec _gap0[52]\n", "; .fvec gsh$scale\n",
                           "; .out out_texcoord0 texcoord0 o1.xy\n", "; .out - texcoord0w o1.z\n",
                           "; .entry main_1\n", ".proc main\nvmain:\n    dp4 o0.x, c0, v0\n", ".proc main_1\ngmain:\n    mov o0, v0\n",
                           "    setemit 0, prim\n    emit\n    end\n.end\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
}

// The DVLE header line names the offset table entries that point at it, the
// first eight and "..." (the 100,000 entries of a hostile table are one
// line); an output of the w component alone is written o0.w.
TEST(ShbinListing, TableEntriesOfADvleAndAWOnlyOutput) {
  Shbin s = build::textured_quad(Layout::picasso);
  s.dvle_of.assign(3, 0);
  s.dvles[0].outmaps[0].mask = 0x8;
  auto listing = [&s] {
    TextBuffer out;
    list_shbin(s, out);
    return out.str();
  };
  std::string text = listing();
  EXPECT_NE(text.find("(table entries 0, 1, 2): vertex shader"), std::string::npos) << text;
  EXPECT_NE(text.find(".out out_position position o0.w\n"), std::string::npos) << text;
  s.dvle_of.assign(12, 0);
  text = listing();
  EXPECT_NE(text.find("(table entries 0, 1, 2, 3, 4, 5, 6, 7, ...): vertex shader"), std::string::npos) << text;
}

// A name the directives may declare is an identifier picasso cannot read
// as a register: a register file's letter and a digit start a register
// (c1, v15, o0x), whatever follows.
TEST(ShbinListing, IdentifiersAreNeverRegisterNames) {
  for (const char* name : {"c1", "c0", "v15", "o0x", "r9", "i3", "b1_", "c9"})
    EXPECT_FALSE(listing::is_identifier(name)) << name;
  for (const char* name : {"c", "cx", "x1", "a0", "projection", "gsh$scale", "_x", "c_1"})
    EXPECT_TRUE(listing::is_identifier(name)) << name;
  for (const char* name : {"", "1c", "bad name", "a-b"}) EXPECT_FALSE(listing::is_identifier(name)) << name;
}

TEST(ShbinListing, TextIsBoundedByTheInputSize) {
  Code code;
  for (int k = 0; k < 200; ++k) code.simple(Op::nop);
  code.simple(Op::end);
  const std::vector<uint8_t> file = write_shbin(build::shbin(Layout::picasso, code, {build::vertex(0, code.size())}));
  Limits limits;
  limits.max_text_per_input_byte = 0;  // 4096 bytes of text at most
  TextBuffer out;
  std::optional<Diagnostic> error;
  EXPECT_FALSE(write_listing(file, limits, out, error));
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->code, sp::Code::limit_exceeded);
  EXPECT_EQ(out.size(), 0u);
  EXPECT_TRUE(write_listing(file, Limits{}, out, error));
}

}  // namespace
}  // namespace sp::shbin
