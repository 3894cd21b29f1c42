#include "conformance/d3d9/builders.h"

#include "core/span_writer.h"

namespace sp::d3d9::build {
namespace {

uint32_t register_bits(uint32_t type, uint32_t number) {
  return (1u << 31) | ((type & 7) << 28) | ((type & 0x18) << 8) | (number & 0x7FF);
}

// Offsets in a constant table count from the byte after "CTAB".
uint32_t here(const ByteWriter& w) { return static_cast<uint32_t>(w.size() - 4); }

void put_string(ByteWriter& w, std::string_view s) {
  w.put_cstring(s);
  w.pad_to_4();
}

// A type record, then its members' records, names and types; returns the
// type record's offset.
uint32_t put_type(ByteWriter& w, const Type& t) {
  const uint32_t at = here(w);
  w.put_u16_le(t.klass);
  w.put_u16_le(t.type);
  w.put_u16_le(t.rows);
  w.put_u16_le(t.columns);
  w.put_u16_le(t.elements);
  w.put_u16_le(static_cast<uint16_t>(t.members.size()));
  w.put_u32_le(t.members.empty() ? 0 : here(w) + 4);
  const size_t records = w.size();
  w.put_zeros(8 * t.members.size());
  for (size_t k = 0; k < t.members.size(); ++k) {
    w.patch_u32_le(records + 8 * k, here(w));
    put_string(w, t.members[k].name);
    w.patch_u32_le(records + 8 * k + 4, put_type(w, t.members[k].type));
  }
  return at;
}

}  // namespace

uint32_t version_token(bool pixel, uint32_t major, uint32_t minor) {
  return (pixel ? 0xFFFF0000u : 0xFFFE0000u) | (major << 8) | minor;
}

Parameter destination(uint32_t type, uint32_t number, uint32_t mask, uint32_t result_modifier) {
  return Parameter{register_bits(type, number) | (mask << 16) | (result_modifier << 20), 0};
}

Parameter source(uint32_t type, uint32_t number, uint32_t swizzle, uint32_t modifier) {
  return Parameter{register_bits(type, number) | (swizzle << 16) | (modifier << 24), 0};
}

Parameter relative(Parameter p, const Parameter& address) {
  p.token |= kRelativeBit;
  p.relative = address.token;
  return p;
}

Instruction instruction(Opcode op, std::vector<Parameter> params, std::vector<uint32_t> words, uint32_t flags) {
  size_t length = words.size();
  for (const Parameter& p : params) length += p.is_relative() ? 2u : 1u;
  Instruction in;
  in.token = static_cast<uint32_t>(op) | flags | (static_cast<uint32_t>(length & 0xF) << 24);
  in.params = std::move(params);
  in.words = std::move(words);
  return in;
}

std::vector<uint8_t> constant_table(const std::vector<ConstantSpec>& constants, std::string_view target,
                                    uint32_t version, std::string_view creator) {
  ByteWriter w;
  w.put_u32_le(kCtabFourcc);
  w.put_u32_le(28);  // header size
  w.put_u32_le(0);   // creator, patched below
  w.put_u32_le(version);
  w.put_u32_le(static_cast<uint32_t>(constants.size()));
  w.put_u32_le(28);     // the constant records follow the header
  w.put_u32_le(0x100);  // D3DXSHADER_OPTIMIZATION_LEVEL1, as fxc's default
  w.put_u32_le(0);      // target, patched below
  const size_t records = w.size();
  w.put_zeros(20 * constants.size());
  for (size_t i = 0; i < constants.size(); ++i) {
    const ConstantSpec& c = constants[i];
    const size_t r = records + 20 * i;
    w.patch_u32_le(r, here(w));
    put_string(w, c.name);
    w.patch_u32_le(r + 4, c.register_set | (uint32_t{c.register_index} << 16));
    w.patch_u32_le(r + 8, c.register_count);
    w.patch_u32_le(r + 12, put_type(w, c.type));
  }
  w.patch_u32_le(28, here(w));
  put_string(w, target);
  w.patch_u32_le(8, here(w));
  put_string(w, creator);
  return w.take();
}

Program program(uint32_t version, Bytes comment, std::vector<Instruction> instructions) {
  Program p;
  p.version.token = version;
  if (!comment.empty())
    p.comments.push_back(Comment{0, 0xFFFE | (static_cast<uint32_t>(comment.size() / 4) << 16), comment, 0});
  p.instructions = std::move(instructions);
  return p;
}

}  // namespace sp::d3d9::build
