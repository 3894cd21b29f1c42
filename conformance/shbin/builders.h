// SHBIN files built from models: PICA200 code assembled instruction by
// instruction (operand descriptors allocated as picasso allocates them,
// one per distinct value), DVLEs with their tables, laid out by the
// project's writer in picasso's or nihstro's layout (lay_out,
// write_shbin). Shared by the tests (tests/shbin/), the samples
// (samples.h) that the fuzz seeds, the mutator's tests and the conformance
// cases start from, and the edits of edits.h.
//
//   build::Code code;
//   code.unary(Op::mov, build::out(0), build::v(0));
//   code.simple(Op::end);
//   Shbin s = build::shbin(Layout::picasso, code, {build::vertex(0, code.size())});
//   std::vector<uint8_t> file = write_shbin(s);
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "shbin/model.h"
#include "shbin/pica.h"

namespace sp::shbin::build {

using pica::Op;

// ---- Operands --------------------------------------------------------------------

// A source: a register of the 7-bit source space with its swizzle, negation
// and, for the wide source, relative addressing.
struct Source {
  uint8_t reg = 0;
  uint32_t swizzle = pica::kIdentitySwizzle;
  bool negate = false;
  uint8_t relative = pica::kNoRelative;
};
[[nodiscard]] Source v(uint32_t n);  // input register
[[nodiscard]] Source r(uint32_t n);  // temporary
[[nodiscard]] Source c(uint32_t n);  // float uniform
// `s` swizzled as picasso reads "xxyy" (missing components repeat the
// last), negated, or addressed relative to a0.x / a0.y / aL.
[[nodiscard]] Source swizzled(Source s, std::string_view components);
[[nodiscard]] Source negated(Source s);
[[nodiscard]] Source relative(Source s, pica::Relative index);

// A destination: o<n> or r<n> and the components written ("xy").
struct Dest {
  uint8_t reg = 0;
  uint32_t mask = 0xF;  // bit 3 x .. bit 0 w, as the descriptor holds it
};
[[nodiscard]] Dest out(uint32_t n, std::string_view components = "xyzw");
[[nodiscard]] Dest temp(uint32_t n, std::string_view components = "xyzw");

// "xxyy" as a descriptor's 8 swizzle bits.
[[nodiscard]] uint32_t swizzle_bits(std::string_view components);

// ---- Code ---------------------------------------------------------------------------

// PICA200 code and its operand descriptors. Every method appends one word
// and returns its address. Arithmetic picks its descriptor: an equal one
// already in the table, else a new one (so a program has as few as picasso
// would give it when every instruction spells all components).
class Code {
 public:
  // Formats 1 and 1i (add, dp3, dp4, dph, dst, mul, sge, slt, max, min and
  // the inverted dphi, dsti, sgei, slti): `op` says which.
  uint32_t binary(Op op, Dest d, Source s1, Source s2);
  // Format 1u (ex2, lg2, litp, flr, rcp, rsq, mov).
  uint32_t unary(Op op, Dest d, Source s1);
  // mova: `components` of a0 ("x": a0.x, "y": a0.y, "xy": both).
  uint32_t mova(std::string_view components, Source s1);
  // Format 1c: cmp with the comparisons for x and y (0 eq .. 5 ge).
  uint32_t cmp(Source s1, uint8_t compare_x, uint8_t compare_y, Source s2);
  // Formats 5 and 5i: mad or madi.
  uint32_t mad(Op op, Dest d, Source s1, Source s2, Source s3);
  // Format 0: nop, end, emit, break.
  uint32_t simple(Op op);
  // Format 2: breakc, call, callc, ifc, jmpc.
  uint32_t conditional(Op op, pica::Condition condition, bool ref_x, bool ref_y, uint32_t dst = 0, uint32_t num = 0);
  // Format 3: callu, ifu, jmpu (b<uniform>) and for (i<uniform>).
  uint32_t uniform(Op op, uint32_t uniform, uint32_t dst = 0, uint32_t num = 0);
  // Format 4.
  uint32_t setemit(uint32_t vertex, bool primitive, bool winding);
  // Any word, as it is (an undefined opcode, unused bits set).
  uint32_t word(uint32_t w);
  // An instruction built field by field, and its descriptor's value.
  uint32_t instruction(pica::Instruction in, uint32_t descriptor);
  // Sets the target of the flow control instruction at `address`.
  void target(uint32_t address, uint32_t dst, uint32_t num);

  [[nodiscard]] uint32_t size() const { return static_cast<uint32_t>(words.size()); }
  [[nodiscard]] uint32_t descriptor_of(uint32_t value);

  std::vector<uint32_t> words;
  std::vector<OperandDescriptor> descriptors;
};

// ---- DVLEs and files -------------------------------------------------------------

// A DVLE with its entry point [main, endmain): picasso's version 0x1002.
[[nodiscard]] Dvle vertex(uint32_t main, uint32_t endmain);
// A geometry shader DVLE in `mode` (0 point, 1 variable, 2 fixed).
[[nodiscard]] Dvle geometry(uint32_t main, uint32_t endmain, uint8_t mode = 0);

// Table entries.
[[nodiscard]] Uniform uniform(std::string name, RegisterClass klass, uint32_t first, uint32_t count = 1);
[[nodiscard]] Constant constant_float(uint32_t index, float x, float y, float z, float w);
[[nodiscard]] Constant constant_int(uint32_t index, uint8_t x, uint8_t y, uint8_t z, uint8_t w);
[[nodiscard]] Constant constant_bool(uint32_t index, bool value);
[[nodiscard]] Outmap outmap(uint16_t semantic, uint16_t reg, std::string_view components = "xyzw");
[[nodiscard]] Label label(std::string name, uint32_t address, uint32_t id = 0, uint32_t length = 0);

// A file of `code` and `dvles` in `layout` (DVLE versions as given: nihstro
// writes 0, picasso 0x1002; build::vertex gives picasso's).
[[nodiscard]] Shbin shbin(Layout layout, const Code& code, std::vector<Dvle> dvles);

// ---- Samples ------------------------------------------------------------------------

// The textured-quad vertex shader of the one real file at hand
// (../shared/external/shbin), assembled again from its picasso source:
// position = projection * (v0.xyz, 1), texcoord0 = v1, color = (v1.z,
// v1.z, v1.z, 1). In picasso's layout it is that file's first 0x120 bytes.
[[nodiscard]] Code textured_quad_code();
[[nodiscard]] Shbin textured_quad(Layout layout);

// One instruction of every opcode of every format (with relative
// addressing, negation, swizzles, both condition forms, each flow control
// kind with a target inside the code), for round trips and the listing.
[[nodiscard]] Code every_format_code();

// A vertex shader and a geometry shader sharing one program, with
// uniforms of every class, constants of every type, labels and a merged
// output map.
[[nodiscard]] Shbin vertex_and_geometry(Layout layout);

// `s` with every text the writer sets (uniform and label names, the line
// information's file names) made conform::hostile_text(k), k counting up,
// laid out as picasso lays it out and written; `set` counts the texts.
[[nodiscard]] std::vector<uint8_t> with_hostile_texts(Shbin s, size_t& k, size_t& set);

}  // namespace sp::shbin::build
