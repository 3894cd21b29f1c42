// What the model's fields mean beyond their bits: float24, the uniform
// register space, the names of semantics and types.
#include <algorithm>
#include <cstring>

#include "shbin/model.h"

namespace sp::shbin {

// float24 to float32: the exponent bias moves from 63 to 127 (add 64), the
// mantissa gains 7 low zero bits; a zero magnitude stays zero. This is how
// citra's Float<16, 7>::FromRaw reads it, and what the hardware computes
// with: every non-zero pattern is a normal float.
float decode_float24(uint32_t word) {
  const uint32_t sign = (word >> 23) & 1;
  const uint32_t exponent = (word >> 16) & 0x7F;
  const uint32_t mantissa = word & 0xFFFF;
  uint32_t bits = sign << 31;
  if ((word & 0x7FFFFF) != 0) bits |= ((exponent + 64) << 23) | (mantissa << 7);
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

// picasso's f32tof24: rebias, truncate the mantissa, flush what is too small
// to zero and saturate what is too large.
uint32_t encode_float24(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  const uint32_t sign = bits >> 31;
  const int32_t exponent = static_cast<int32_t>((bits >> 23) & 0xFF) - 127 + 63;
  const uint32_t mantissa = (bits & 0x7FFFFF) >> 7;
  if (exponent < 0) return sign << 23;
  if (exponent > 0x7F) return (sign << 23) | (0x7Fu << 16);
  return (sign << 23) | (static_cast<uint32_t>(exponent) << 16) | mantissa;
}

std::array<float, 4> Constant::floats() const {
  return {decode_float24(value[0]), decode_float24(value[1]), decode_float24(value[2]), decode_float24(value[3])};
}

std::array<uint8_t, 4> Constant::integers() const {
  return {static_cast<uint8_t>(value[0]), static_cast<uint8_t>(value[0] >> 8), static_cast<uint8_t>(value[0] >> 16),
          static_cast<uint8_t>(value[0] >> 24)};
}

namespace {

// The classes' places in the uniform register space (the seed, "Bind
// Symbol Information"; picasso writes c registers 0x10 lower than its own
// numbering, 0x20).
struct ClassRange {
  RegisterClass klass;
  uint32_t first;
  uint32_t count;
};
constexpr ClassRange kClasses[] = {
    {RegisterClass::input, 0x00, 16},
    {RegisterClass::floating, 0x10, 96},
    {RegisterClass::integer, 0x70, 4},
    {RegisterClass::boolean, 0x78, 16},
};

}  // namespace

UniformRegister uniform_register(uint32_t value) {
  for (const ClassRange& c : kClasses)
    if (value >= c.first && value - c.first < c.count) return {c.klass, value - c.first};
  return {};
}

uint16_t uniform_value(RegisterClass klass, uint32_t index) {
  for (const ClassRange& c : kClasses)
    if (c.klass == klass) return static_cast<uint16_t>(c.first + index);
  return 0;
}

std::string_view register_prefix(RegisterClass klass) {
  switch (klass) {
    case RegisterClass::input: return "v";
    case RegisterClass::floating: return "c";
    case RegisterClass::integer: return "i";
    case RegisterClass::boolean: return "b";
    case RegisterClass::none: break;
  }
  return "";
}

RegisterClass constant_class(uint16_t type) {
  switch (type) {
    case static_cast<uint16_t>(ConstantType::boolean): return RegisterClass::boolean;
    case static_cast<uint16_t>(ConstantType::integer): return RegisterClass::integer;
    case static_cast<uint16_t>(ConstantType::floating): return RegisterClass::floating;
    default: return RegisterClass::none;
  }
}

uint32_t register_count(RegisterClass klass) {
  for (const ClassRange& c : kClasses)
    if (c.klass == klass) return c.count;
  return 0;
}

std::string_view output_semantic_name(uint16_t semantic) {
  // libctru's DVLE_outputAttribute_t and picasso's .out property names.
  constexpr std::string_view kNames[] = {"position",   "normalquat", "color", "texcoord0", "texcoord0w",
                                         "texcoord1",  "texcoord2",  "",      "view",      "dummy"};
  return semantic < std::size(kNames) ? kNames[semantic] : "";
}

std::string_view shader_type_name(uint8_t type) {
  return type == 0 ? "vertex" : type == 1 ? "geometry" : "";
}

std::string_view constant_type_name(uint16_t type) {
  return type == 0 ? "bool" : type == 1 ? "int" : type == 2 ? "float" : "";
}

uint64_t claimed_end(const Shbin& s) {
  uint64_t end = 8 + 4 * uint64_t{s.dvle_offsets.size()};
  auto table = [&end](uint64_t origin, const TableRef& t, uint64_t record) {
    if (t.count != 0) end = std::max(end, origin + t.offset + t.count * record);
  };
  const Dvlp& p = s.dvlp;
  end = std::max(end, p.offset + p.header_size);
  table(p.offset, p.code_table, 4);
  table(p.offset, p.descriptor_table, kDescriptorSize);
  if (p.header_size >= kPicassoDvlpSize) {
    table(p.offset, p.line_table, kLineSize);
    table(p.offset, p.string_table, 1);
  }
  for (const Dvle& d : s.dvles) {
    end = std::max(end, uint64_t{d.offset} + kDvleHeaderSize);
    table(d.offset, d.constant_table, kConstantSize);
    table(d.offset, d.label_table, kLabelSize);
    table(d.offset, d.outmap_table, kOutmapSize);
    table(d.offset, d.uniform_table, kUniformSize);
    table(d.offset, d.symbol_table, 1);
  }
  return end;
}

}  // namespace sp::shbin
