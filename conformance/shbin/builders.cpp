#include "conformance/shbin/builders.h"

#include <stdexcept>

#include "conformance/hostile_text.h"

namespace sp::shbin::build {
namespace {

uint32_t component(char ch) {
  switch (ch) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: throw std::invalid_argument("build: a component is one of x, y, z, w");
  }
}

// picasso's reading of a destination mask: the components named.
uint32_t mask_bits(std::string_view components) {
  uint32_t mask = 0;
  for (char ch : components) mask |= 8u >> component(ch);
  return mask;
}

uint32_t source_bits(const Source& s) { return (s.negate ? 1u : 0u) | (s.swizzle << 1); }

// A descriptor's value: the destination mask and up to three sources.
uint32_t descriptor_value(uint32_t mask, std::initializer_list<Source> sources) {
  uint32_t v = mask & 0xF;
  uint32_t k = 0;
  for (const Source& s : sources) v |= source_bits(s) << (4 + 9 * k++);
  return v;
}

uint8_t opcode_of(Op op) { return pica::info_of(op).first; }

// A narrow source has 5 bits: v or r, never relatively addressed.
void narrow(const Source& s) {
  if (s.reg >= 0x20 || s.relative != pica::kNoRelative)
    throw std::invalid_argument("build: this source is narrow: v0-v15 or r0-r15, without relative addressing");
}

}  // namespace

Source v(uint32_t n) { return {static_cast<uint8_t>(n), pica::kIdentitySwizzle, false, pica::kNoRelative}; }
Source r(uint32_t n) { return {static_cast<uint8_t>(0x10 + n), pica::kIdentitySwizzle, false, pica::kNoRelative}; }
Source c(uint32_t n) { return {static_cast<uint8_t>(0x20 + n), pica::kIdentitySwizzle, false, pica::kNoRelative}; }

uint32_t swizzle_bits(std::string_view components) {
  if (components.empty() || components.size() > 4) throw std::invalid_argument("build: 1 to 4 components");
  uint32_t out = 0;
  uint32_t last = 0;
  for (uint32_t k = 0; k < 4; ++k) {
    if (k < components.size()) last = component(components[k]);
    out |= last << (6 - 2 * k);
  }
  return out;
}

Source swizzled(Source s, std::string_view components) {
  s.swizzle = swizzle_bits(components);
  return s;
}

Source negated(Source s) {
  s.negate = !s.negate;
  return s;
}

Source relative(Source s, pica::Relative index) {
  s.relative = index;
  return s;
}

Dest out(uint32_t n, std::string_view components) { return {static_cast<uint8_t>(n), mask_bits(components)}; }
Dest temp(uint32_t n, std::string_view components) { return {static_cast<uint8_t>(0x10 + n), mask_bits(components)}; }

uint32_t Code::descriptor_of(uint32_t value) {
  for (size_t k = 0; k < descriptors.size(); ++k)
    if (descriptors[k].value == value) return static_cast<uint32_t>(k);
  descriptors.push_back({value, 0});
  return static_cast<uint32_t>(descriptors.size() - 1);
}

uint32_t Code::instruction(pica::Instruction in, uint32_t descriptor) {
  if (pica::has_descriptor(in.format)) in.descriptor = static_cast<uint8_t>(descriptor_of(descriptor));
  if ((in.format == pica::Format::f5 || in.format == pica::Format::f5i) && in.descriptor >= 32)
    throw std::invalid_argument("build: mad reaches only the first 32 operand descriptors");
  return word(pica::encode(in));
}

uint32_t Code::binary(Op op, Dest d, Source s1, Source s2) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(op)} << 26);
  if (in.format != pica::Format::f1 && in.format != pica::Format::f1i)
    throw std::invalid_argument("build: binary() takes a format 1 or 1i opcode");
  narrow(in.format == pica::Format::f1 ? s2 : s1);
  in.dest = d.reg;
  in.src1 = s1.reg;
  in.src2 = s2.reg;
  in.relative = in.format == pica::Format::f1 ? s1.relative : s2.relative;
  return instruction(in, descriptor_value(d.mask, {s1, s2}));
}

uint32_t Code::unary(Op op, Dest d, Source s1) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(op)} << 26);
  if (in.format != pica::Format::f1u) throw std::invalid_argument("build: unary() takes a format 1u opcode");
  in.dest = d.reg;
  in.src1 = s1.reg;
  in.relative = s1.relative;
  return instruction(in, descriptor_value(d.mask, {s1}));
}

uint32_t Code::mova(std::string_view components, Source s1) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(Op::mova)} << 26);
  in.src1 = s1.reg;
  in.relative = s1.relative;
  return instruction(in, descriptor_value(mask_bits(components), {s1}));
}

uint32_t Code::cmp(Source s1, uint8_t compare_x, uint8_t compare_y, Source s2) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(Op::cmp)} << 26);
  in.opcode = static_cast<uint8_t>(opcode_of(Op::cmp) | (compare_x >> 2));
  in.src1 = s1.reg;
  in.src2 = s2.reg;
  in.relative = s1.relative;
  narrow(s2);
  in.compare_x = compare_x;
  in.compare_y = compare_y;
  return instruction(in, descriptor_value(0, {s1, s2}));
}

uint32_t Code::mad(Op op, Dest d, Source s1, Source s2, Source s3) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(op)} << 26);
  if (in.format != pica::Format::f5 && in.format != pica::Format::f5i)
    throw std::invalid_argument("build: mad() takes mad or madi");
  narrow(s1);
  narrow(in.format == pica::Format::f5 ? s3 : s2);
  in.dest = d.reg;
  in.src1 = s1.reg;
  in.src2 = s2.reg;
  in.src3 = s3.reg;
  in.relative = in.format == pica::Format::f5 ? s2.relative : s3.relative;
  return instruction(in, descriptor_value(d.mask, {s1, s2, s3}));
}

uint32_t Code::simple(Op op) { return word(uint32_t{opcode_of(op)} << 26); }

uint32_t Code::conditional(Op op, pica::Condition condition, bool ref_x, bool ref_y, uint32_t dst, uint32_t num) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(op)} << 26);
  in.condition = condition;
  in.ref_x = ref_x;
  in.ref_y = ref_y;
  in.dst = static_cast<uint16_t>(dst);
  in.num = static_cast<uint8_t>(num);
  return word(pica::encode(in));
}

uint32_t Code::uniform(Op op, uint32_t uniform, uint32_t dst, uint32_t num) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(op)} << 26);
  in.uniform = static_cast<uint8_t>(uniform);
  in.dst = static_cast<uint16_t>(dst);
  in.num = static_cast<uint8_t>(num);
  return word(pica::encode(in));
}

uint32_t Code::setemit(uint32_t vertex, bool primitive, bool winding) {
  pica::Instruction in = pica::decode(uint32_t{opcode_of(Op::setemit)} << 26);
  in.vertex = static_cast<uint8_t>(vertex);
  in.primitive = primitive;
  in.winding = winding;
  return word(pica::encode(in));
}

uint32_t Code::word(uint32_t w) {
  words.push_back(w);
  return static_cast<uint32_t>(words.size() - 1);
}

void Code::target(uint32_t address, uint32_t dst, uint32_t num) {
  pica::Instruction in = pica::decode(words.at(address));
  in.dst = static_cast<uint16_t>(dst);
  in.num = static_cast<uint8_t>(num);
  words[address] = pica::encode(in);
}

Dvle vertex(uint32_t main, uint32_t endmain) {
  Dvle d;
  d.version = 0x1002;
  d.type = static_cast<uint8_t>(ShaderType::vertex);
  d.main = main;
  d.endmain = endmain;
  return d;
}

Dvle geometry(uint32_t main, uint32_t endmain, uint8_t mode) {
  Dvle d = vertex(main, endmain);
  d.type = static_cast<uint8_t>(ShaderType::geometry);
  d.geometry_mode = mode;
  return d;
}

Uniform uniform(std::string name, RegisterClass klass, uint32_t first, uint32_t count) {
  Uniform u;
  u.name = std::move(name);
  u.first = uniform_value(klass, first);
  u.last = static_cast<uint16_t>(u.first + count - 1);
  return u;
}

Constant constant_float(uint32_t index, float x, float y, float z, float w) {
  return {static_cast<uint16_t>(ConstantType::floating), static_cast<uint16_t>(index),
          {encode_float24(x), encode_float24(y), encode_float24(z), encode_float24(w)}};
}

Constant constant_int(uint32_t index, uint8_t x, uint8_t y, uint8_t z, uint8_t w) {
  return {static_cast<uint16_t>(ConstantType::integer),
          static_cast<uint16_t>(index),
          {uint32_t{x} | uint32_t{y} << 8 | uint32_t{z} << 16 | uint32_t{w} << 24, 0, 0, 0}};
}

Constant constant_bool(uint32_t index, bool value) {
  return {static_cast<uint16_t>(ConstantType::boolean), static_cast<uint16_t>(index), {value ? 1u : 0u, 0, 0, 0}};
}

Outmap outmap(uint16_t semantic, uint16_t reg, std::string_view components) {
  // Output maps count components from bit 0 (x), unlike descriptors.
  uint16_t mask = 0;
  for (char ch : components) mask = static_cast<uint16_t>(mask | (1u << component(ch)));
  return {semantic, reg, mask, 0};
}

Label label(std::string name, uint32_t address, uint32_t id, uint32_t length) {
  Label l;
  l.id = id;
  l.address = address;
  l.length = length;
  l.name = std::move(name);
  return l;
}

Shbin shbin(Layout layout, const Code& code, std::vector<Dvle> dvles) {
  Shbin s;
  s.dvlp.code = code.words;
  s.dvlp.descriptors = code.descriptors;
  s.dvles = std::move(dvles);
  lay_out(s, layout);
  return s;
}

Code textured_quad_code() {
  Code code;
  code.unary(Op::mov, temp(0, "xyz"), v(0));
  code.unary(Op::mov, temp(0, "w"), swizzled(c(95), "y"));
  code.unary(Op::mov, temp(1, "xyz"), swizzled(v(1), "z"));
  code.unary(Op::mov, temp(1, "w"), swizzled(c(95), "y"));
  for (uint32_t k = 0; k < 4; ++k) code.binary(Op::dp4, out(0, std::string_view("xyzw").substr(k, 1)), c(k), r(0));
  code.unary(Op::mov, out(1), v(1));
  code.unary(Op::mov, out(2), r(1));
  code.simple(Op::end);
  return code;
}

Shbin textured_quad(Layout layout) {
  const Code code = textured_quad_code();
  Dvle d = vertex(0, code.size());
  if (layout == Layout::nihstro) d.version = 0;
  d.output_mask = 0x7;
  d.constants = {constant_float(95, 0.0f, 1.0f, 1.0f, 1.0f)};
  d.outmaps = {outmap(0, 0), outmap(3, 1), outmap(2, 2)};
  d.uniforms = {uniform("projection", RegisterClass::floating, 0, 4)};
  return shbin(layout, code, {std::move(d)});
}

Code every_format_code() {
  using pica::kA0x;
  using pica::kA0y;
  using pica::kAL;
  Code code;
  code.binary(Op::add, temp(0), c(1), v(0));
  code.binary(Op::dp3, temp(1, "xyz"), relative(c(2), kA0x), r(0));
  code.binary(Op::dp4, out(0, "x"), negated(swizzled(c(3), "wzyx")), v(1));
  code.binary(Op::dph, temp(2), relative(c(4), kAL), r(1));
  code.binary(Op::dst, temp(3), v(2), r(2));
  code.unary(Op::ex2, temp(4, "x"), swizzled(c(5), "x"));
  code.unary(Op::lg2, temp(4, "y"), negated(swizzled(r(4), "x")));
  code.unary(Op::litp, temp(5), v(3));
  code.binary(Op::mul, temp(6), c(6), r(5));
  code.binary(Op::sge, temp(7), c(7), r(6));
  code.binary(Op::slt, temp(8), c(8), v(0));
  code.unary(Op::flr, temp(9), c(9));
  code.binary(Op::max, temp(10), c(10), r(9));
  code.binary(Op::min, temp(11), relative(c(11), kA0y), r(10));
  code.unary(Op::rcp, temp(12, "x"), swizzled(c(12), "x"));
  code.unary(Op::rsq, temp(12, "y"), swizzled(r(12), "x"));
  code.mova("xy", c(13));
  code.unary(Op::mov, out(1), c(14));
  code.binary(Op::dphi, temp(13), v(4), c(15));
  code.binary(Op::dsti, temp(13), r(0), relative(c(16), kA0x));
  code.binary(Op::sgei, temp(14), v(5), c(17));
  code.binary(Op::slti, temp(15), r(1), c(18));
  code.cmp(c(19), 0, 2, r(0));
  code.cmp(v(6), 5, 4, r(1));
  code.mad(Op::mad, temp(0), v(0), c(20), r(1));
  code.mad(Op::madi, temp(1), v(1), r(2), c(21));
  code.conditional(Op::ifc, pica::kAnd, true, false, 28, 1);  // 26: then 27, else 28
  code.simple(Op::nop);
  code.simple(Op::nop);
  code.uniform(Op::ifu, 1, 31, 0);  // 29: then 30
  code.binary(Op::add, temp(2), r(2), v(0));
  code.uniform(Op::loop, 2, 33);  // 31: body 32-33
  code.conditional(Op::breakc, pica::kOr, true, true);
  code.simple(Op::break_);
  code.conditional(Op::callc, pica::kJustX, false, true, 41, 2);  // 34
  code.uniform(Op::callu, 2, 41, 2);
  code.conditional(Op::call, pica::kOr, false, false, 41, 2);
  code.conditional(Op::jmpc, pica::kJustY, true, true, 39);  // 37
  code.uniform(Op::jmpu, 3, 39, 1);                             // jumps when b3 is false
  code.setemit(1, true, true);                                  // 39
  code.simple(Op::end);
  code.simple(Op::emit);  // 41: the procedure the calls run
  code.simple(Op::nop);
  return code;
}

Shbin vertex_and_geometry(Layout layout) {
  Code code;
  // The vertex shader, 0-3.
  code.binary(Op::dp4, out(0, "x"), c(0), v(0));
  code.binary(Op::dp4, out(0, "y"), c(1), v(0));
  code.unary(Op::mov, out(1), v(1));
  code.simple(Op::end);
  // The geometry shader, 4-8.
  code.unary(Op::mov, out(0), v(0));
  code.unary(Op::mov, out(1, "xyz"), v(1));
  code.setemit(0, true, false);
  code.simple(Op::emit);
  code.simple(Op::end);

  Dvle vs = vertex(0, 4);
  vs.input_mask = 0x1;
  vs.output_mask = 0x3;
  vs.uniforms = {uniform("projection", RegisterClass::floating, 0, 4), uniform("loop_params", RegisterClass::integer, 0),
                 uniform("use_light", RegisterClass::boolean, 0, 2), uniform("position", RegisterClass::input, 0)};
  vs.constants = {constant_float(95, 1.0f, -0.5f, 0.25f, 3.0f), constant_int(3, 16, 0, 1, 0), constant_bool(1, true)};
  vs.outmaps = {outmap(0, 0), outmap(9, 1)};
  vs.labels = {label("vmain", 0, 0x10000)};

  Dvle gs = geometry(4, 9, 2);
  gs.flags = 1;  // merged output maps
  gs.fixed_vertex_start = 48;
  gs.fixed_vertex_count = 4;
  gs.output_mask = 0x3;
  gs.uniforms = {uniform("gsh.scale", RegisterClass::floating, 52)};
  gs.outmaps = {outmap(0, 0), outmap(3, 1, "xy"), outmap(4, 1, "z")};
  gs.labels = {label("gmain", 4, 0x10001, 5)};
  if (layout == Layout::nihstro) vs.version = gs.version = 0;
  return shbin(layout, code, {std::move(vs), std::move(gs)});
}

std::vector<uint8_t> with_hostile_texts(Shbin s, size_t& k, size_t& set) {
  auto next = [&](FileString& t) {
    t = std::string(conform::hostile_text(k++));
    ++set;
  };
  for (LineInfo& line : s.dvlp.lines) next(line.file);
  for (Dvle& d : s.dvles) {
    for (Uniform& u : d.uniforms) next(u.name);
    for (Label& l : d.labels) next(l.name);
  }
  s.unclaimed.clear();  // bytes at the old layout's offsets
  lay_out(s, Layout::picasso);
  return write_shbin(s);
}

}  // namespace sp::shbin::build
