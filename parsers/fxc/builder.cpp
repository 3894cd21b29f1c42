#include "fxc/builder.h"

#include <algorithm>
#include <stdexcept>

#include "core/strings.h"
#include "dxcontainer/writer.h"

namespace sp::fxc::build {
namespace {

// D3D10_SB_EXTENDED_OPERAND_MODIFIER and D3D10_SB_EXTENDED_OPCODE_TYPE.
constexpr uint32_t kOperandModifierToken = 1;
constexpr uint32_t kSampleControls = 1, kResourceDim = 2, kResourceReturnType = 3;
constexpr uint32_t kExtendedBit = 1u << 31;
constexpr uint32_t kMaxTokenLength = 0x7F;
// Four components of an immediate64, each a lo/hi pair.
constexpr size_t kMaxImmediateWords = 8;

uint32_t component(char c) {
  const size_t at = std::string_view("xyzw").find(c);
  if (at == std::string_view::npos) throw std::invalid_argument(std::string("component '") + c + "' is none of xyzw");
  return static_cast<uint32_t>(at);
}

// The components fxc gives a register type: none, one, or four (swizzled).
uint32_t default_components(RegType t) {
  switch (t) {
    case RegType::s:
    case RegType::label:
    case RegType::null:
    case RegType::rasterizer:
    case RegType::m:
    case RegType::fb:
    case RegType::ft:
    case RegType::fp:
    case RegType::this_:
      return 0;
    case RegType::vPrim:
    case RegType::oDepth:
    case RegType::oMask:
    case RegType::vOutputControlPointID:
    case RegType::vForkInstanceID:
    case RegType::vJoinInstanceID:
    case RegType::vCoverage:
    case RegType::vThreadIDInGroupFlattened:
    case RegType::vGSInstanceID:
    case RegType::oDepthGE:
    case RegType::oDepthLE:
    case RegType::oStencilRef:
    case RegType::vInnerCoverage:
      return 1;
    default:
      return 2;
  }
}

// Whether the opcode may carry its length in a DWORD after the token (the
// reader's has_length_word), for tables too long for 7 bits.
bool may_use_length_word(Opcode op) { return op == Opcode::dcl_function_table || op == Opcode::dcl_interface; }

// A declaration's return type word: one 4-bit type per component.
uint32_t return_type_word(ReturnType type) { return static_cast<uint32_t>(type) * 0x1111; }

}  // namespace

// --- Arg -------------------------------------------------------------------

Arg::Arg(RegType type, std::initializer_list<uint32_t> indices) : type_(type), components_(default_components(type)) {
  if (components_ != 2) selection_mode_ = selection_ = 0;
  for (uint32_t i : indices) indices_.push_back(Index{IndexRep::imm32, i, {}});
}

Arg Arg::mask(std::string_view components) const {
  Arg a = *this;
  a.components_ = 2;
  a.selection_mode_ = 0;
  a.selection_ = 0;
  for (char c : components) a.selection_ |= 1u << component(c);
  return a;
}

Arg Arg::swizzle(std::string_view components) const {
  if (components.size() != 1 && components.size() != 4)
    throw std::invalid_argument("a swizzle names one or four components");
  Arg a = *this;
  a.components_ = 2;
  a.selection_mode_ = 1;
  a.selection_ = 0;
  for (uint32_t k = 0; k < 4; ++k) a.selection_ |= component(components[components.size() == 1 ? 0 : k]) << (2 * k);
  return a;
}

Arg Arg::select(char c) const {
  Arg a = *this;
  a.components_ = 2;
  a.selection_mode_ = 2;
  a.selection_ = component(c);
  return a;
}

Arg Arg::scalar() const {
  Arg a = *this;
  a.components_ = 1;
  a.selection_mode_ = a.selection_ = 0;
  return a;
}

Arg Arg::none() const {
  Arg a = *this;
  a.components_ = 0;
  a.selection_mode_ = a.selection_ = 0;
  return a;
}

Arg Arg::add_index(IndexRep rep, uint64_t value, const Arg* relative) const {
  if (indices_.size() == 3) throw std::invalid_argument("an operand has at most three index dimensions");
  Arg a = *this;
  Index ix{rep, value, {}};
  if (relative != nullptr) ix.relative.push_back(*relative);
  a.indices_.push_back(std::move(ix));
  return a;
}

Arg Arg::index(uint32_t value) const { return add_index(IndexRep::imm32, value, nullptr); }
Arg Arg::index64(uint64_t value) const { return add_index(IndexRep::imm64, value, nullptr); }
Arg Arg::index(const Arg& relative) const { return add_index(IndexRep::relative, 0, &relative); }
Arg Arg::index(const Arg& relative, uint32_t value) const {
  return add_index(IndexRep::imm32_relative, value, &relative);
}
Arg Arg::index64(const Arg& relative, uint64_t value) const {
  return add_index(IndexRep::imm64_relative, value, &relative);
}

Arg& Arg::modifier_bits(uint32_t bits) {
  modifier_ |= kOperandModifierToken | bits;
  return *this;
}

// The modifier token's fields: [13:6] neg 1 / abs 2, [16:14] min
// precision, [17] non-uniform.
Arg Arg::neg() const { return Arg(*this).modifier_bits(1u << 6); }
Arg Arg::abs() const { return Arg(*this).modifier_bits(2u << 6); }
Arg Arg::precision(MinPrecision p) const { return Arg(*this).modifier_bits(static_cast<uint32_t>(p) << 14); }
Arg Arg::nonuniform() const { return Arg(*this).modifier_bits(1u << 17); }
Arg Arg::extended(uint32_t raw) const {
  Arg a = *this;
  a.extended_.push_back(raw);
  return a;
}

Arg operator-(const Arg& a) { return a.neg(); }

Operand Arg::flatten(Program& p, std::vector<Operand>& nested) const {
  Operand o;
  o.token = components_ | selection_mode_ << 2 | selection_ << 4 | static_cast<uint32_t>(type_) << 12 |
            static_cast<uint32_t>(indices_.size()) << 20;
  std::vector<uint32_t> extended;
  if (modifier_ != 0) extended.push_back(modifier_);
  extended.insert(extended.end(), extended_.begin(), extended_.end());
  // Bit 31 chains the extended tokens, from the operand token on.
  if (!extended.empty()) o.token |= kExtendedBit;
  for (size_t k = 0; k + 1 < extended.size(); ++k) extended[k] |= kExtendedBit;
  p.set_extended(o, extended);
  for (size_t d = 0; d < indices_.size(); ++d) {
    const Index& ix = indices_[d];
    o.token |= static_cast<uint32_t>(ix.rep) << (22 + 3 * d);
    o.index[d].rep = ix.rep;
    o.index[d].imm = ix.value;
    if (!ix.relative.empty()) {
      // The reader decodes a relative operand (and its own) before it
      // records it: the same order here gives the same model.
      const Operand inner = ix.relative.front().flatten(p, nested);
      o.index[d].relative = static_cast<int32_t>(nested.size());
      nested.push_back(inner);
    }
  }
  p.set_immediates(o, immediate_);
  return o;
}

Arg reg(RegType type, std::initializer_list<uint32_t> indices) { return Arg(type, indices); }

Arg immediate(RegType type, std::vector<uint32_t> words, uint32_t components) {
  if (words.size() > kMaxImmediateWords) throw std::invalid_argument("an immediate holds at most 8 DWORDs");
  Arg a(type);
  a.components_ = components;
  a.selection_mode_ = a.selection_ = 0;
  a.immediate_ = std::move(words);
  return a;
}

Arg imm64(std::initializer_list<double> values) {
  if (values.size() != 1 && values.size() != 4) throw std::invalid_argument("an immediate has one or four components");
  std::vector<uint32_t> w;
  for (double v : values) {
    const auto b = std::bit_cast<uint64_t>(v);
    w.push_back(static_cast<uint32_t>(b));
    w.push_back(static_cast<uint32_t>(b >> 32));
  }
  return immediate(RegType::imm64, std::move(w), values.size() == 1 ? 1 : 2);
}

// --- Inst ------------------------------------------------------------------

Instruction& Inst::model() { return b_.program_.instructions.at(index_); }

Inst& Inst::controls(uint32_t bits) {
  model().token |= bits << 11;
  return *this;
}

Inst& Inst::extended(uint32_t raw) {
  b_.program_.add_extended(model(), raw);
  return *this;
}

Inst& Inst::trailing_word(uint32_t value) {
  model().trailing_word = value;
  return *this;
}

// D3D10_SB_EXTENDED_OPCODE_SAMPLE_CONTROLS: 4-bit two's complement offsets
// at bits 9, 13 and 17.
Inst& Inst::offsets(int u, int v, int w) {
  const auto nibble = [](int x) { return static_cast<uint32_t>(x) & 0xF; };
  return extended(kSampleControls | nibble(u) << 9 | nibble(v) << 13 | nibble(w) << 17);
}

Inst& Inst::dimension(Dim d, uint32_t stride) {
  return extended(kResourceDim | static_cast<uint32_t>(d) << 6 | stride << 11);
}

Inst& Inst::return_types(ReturnType x, ReturnType y, ReturnType z, ReturnType w) {
  uint32_t t = kResourceReturnType;
  uint32_t shift = 6;
  for (ReturnType r : {x, y, z, w}) {
    t |= static_cast<uint32_t>(r) << shift;
    shift += 4;
  }
  return extended(t);
}

// --- Builder ---------------------------------------------------------------

Builder::Builder(ProgramType type, uint32_t major, uint32_t minor) {
  program_.version.token = static_cast<uint32_t>(type) << 16 | (major & 0xF) << 4 | (minor & 0xF);
}

Inst Builder::emit(Opcode op, std::vector<Arg> operands, std::vector<uint32_t> words) {
  const OpcodeInfo* info = opcode_info(static_cast<uint32_t>(op));
  const auto count = [&](char letter) {
    return static_cast<size_t>(std::count(info->shape.begin(), info->shape.end(), letter));
  };
  const size_t fixed_words = count('w') + (sm51() ? count('s') : 0);
  const bool table = count('n') + count('h') + count('C') > 0;
  if (operands.size() != count('o') || (table ? words.size() < fixed_words : words.size() != fixed_words))
    throw std::invalid_argument(strprintf("%s takes %zu operands and %zu words (%s), not %zu and %zu",
                                          std::string(info->name).c_str(), count('o'), fixed_words,
                                          std::string(info->shape).c_str(), operands.size(), words.size()));
  Instruction in;
  in.token = static_cast<uint32_t>(op);
  std::vector<Operand> flat, nested;
  for (const Arg& a : operands) flat.push_back(a.flatten(program_, nested));
  program_.set_operands(in, flat);
  program_.set_nested(in, nested);
  program_.set_words(in, words);
  program_.instructions.push_back(in);
  return Inst(*this, program_.instructions.size() - 1);
}

Inst Builder::dcl_temps(uint32_t count) { return emit(Opcode::dcl_temps, {}, {count}); }

Inst Builder::dcl_indexable_temp(uint32_t reg, uint32_t count, uint32_t components) {
  return emit(Opcode::dcl_indexable_temp, {}, {reg, count, components});
}

Inst Builder::dcl_global_flags(uint32_t flags) { return emit(Opcode::dcl_global_flags).controls(flags); }

Inst Builder::dcl_thread_group(uint32_t x, uint32_t y, uint32_t z) {
  return emit(Opcode::dcl_thread_group, {}, {x, y, z});
}

Inst Builder::declare(Opcode op, uint32_t controls, RegType type, const Slot& slot, std::vector<uint32_t> words) {
  const Arg range = sm51() ? Arg(type, {slot.id, slot.lower, slot.upper}) : Arg(type, {slot.id});
  if (sm51()) words.push_back(slot.space);
  return emit(op, {range.none()}, std::move(words)).controls(controls);
}

// Before SM5.1 the operand is cb#[vectors]; from SM5.1 on CB#[lower:upper]
// and the size is a word of its own.
Inst Builder::dcl_constant_buffer(Slot slot, uint32_t vectors, bool dynamic_indexed) {
  const uint32_t controls = dynamic_indexed ? kDynamicIndexed : 0;
  if (sm51()) {
    const Arg range(RegType::cb, {slot.id, slot.lower, slot.upper});
    return emit(Opcode::dcl_constant_buffer, {range}, {vectors, slot.space}).controls(controls);
  }
  return emit(Opcode::dcl_constant_buffer, {cb(slot.id, vectors)}).controls(controls);
}

Inst Builder::dcl_sampler(Slot slot, uint32_t mode) { return declare(Opcode::dcl_sampler, mode, RegType::s, slot, {}); }

Inst Builder::dcl_resource(Dim dim, ReturnType type, Slot slot, uint32_t samples) {
  return declare(Opcode::dcl_resource, static_cast<uint32_t>(dim) | samples << 5, RegType::t, slot,
                 {return_type_word(type)});
}

Inst Builder::dcl_resource_raw(Slot slot) { return declare(Opcode::dcl_resource_raw, 0, RegType::t, slot, {}); }

Inst Builder::dcl_resource_structured(Slot slot, uint32_t stride) {
  return declare(Opcode::dcl_resource_structured, 0, RegType::t, slot, {stride});
}

Inst Builder::dcl_uav_typed(Dim dim, ReturnType type, Slot slot) {
  return declare(Opcode::dcl_uav_typed, static_cast<uint32_t>(dim), RegType::u, slot, {return_type_word(type)});
}

Inst Builder::dcl_uav_raw(Slot slot) { return declare(Opcode::dcl_uav_raw, 0, RegType::u, slot, {}); }

Inst Builder::dcl_uav_structured(Slot slot, uint32_t stride) {
  return declare(Opcode::dcl_uav_structured, 0, RegType::u, slot, {stride});
}

Inst Builder::dcl_tgsm_raw(uint32_t reg, uint32_t bytes) {
  return emit(Opcode::dcl_tgsm_raw, {tgsm(reg).none()}, {bytes});
}

Inst Builder::dcl_tgsm_structured(uint32_t reg, uint32_t stride, uint32_t count) {
  return emit(Opcode::dcl_tgsm_structured, {tgsm(reg).none()}, {stride, count});
}

Inst Builder::dcl_function_body(uint32_t id) { return emit(Opcode::dcl_function_body, {}, {id}); }

Inst Builder::dcl_function_table(uint32_t id, const std::vector<uint32_t>& bodies) {
  std::vector<uint32_t> w{id, static_cast<uint32_t>(bodies.size())};
  w.insert(w.end(), bodies.begin(), bodies.end());
  return emit(Opcode::dcl_function_table, {}, std::move(w));
}

// Words: id, call sites, (table count | array length << 16), the tables.
Inst Builder::dcl_interface(uint32_t id, uint32_t call_sites, uint32_t array_length,
                            const std::vector<uint32_t>& tables, bool dynamic_indexed) {
  std::vector<uint32_t> w{id, call_sites, static_cast<uint32_t>(tables.size()) | array_length << 16};
  w.insert(w.end(), tables.begin(), tables.end());
  return emit(Opcode::dcl_interface, {}, std::move(w)).controls(dynamic_indexed ? kDynamicIndexed : 0);
}

Inst Builder::custom_data(CustomData cls, std::vector<uint32_t> data) {
  return emit(Opcode::customdata, {}, std::move(data)).controls(static_cast<uint32_t>(cls));
}

Program Builder::program() const {
  Program p = program_;
  uint32_t at = 2;
  for (Instruction& in : p.instructions) {
    in.offset = 4 * at;
    in.custom_length = 0;
    if (in.is_custom_data()) {
      // Bits 11..31 are the class; the length word counts itself and the token.
      in.custom_length = static_cast<uint32_t>(encoded_words(p, in));
      at += in.custom_length;
      continue;
    }
    in.token &= ~(kMaxTokenLength << 24 | kExtendedBit);
    const std::span<uint32_t> extended = p.extended(in);
    if (!extended.empty()) in.token |= kExtendedBit;
    for (size_t k = 0; k < extended.size(); ++k)
      extended[k] = (extended[k] & ~kExtendedBit) | (k + 1 < extended.size() ? kExtendedBit : 0);
    auto length = static_cast<uint32_t>(encoded_words(p, in));
    if (length > kMaxTokenLength && may_use_length_word(in.opcode()) && extended.empty()) {
      in.token |= kExtendedBit;
      in.custom_length = ++length;  // the length word joins the instruction
    } else if (length > kMaxTokenLength) {
      throw std::length_error(strprintf("%s of %u DWORDs does not fit a 7-bit length",
                                        std::string(opcode_info(in.token & 0x7FF)->name).c_str(), length));
    } else {
      in.token |= length << 24;
    }
    at += length;
  }
  p.length = at;
  return p;
}

// --- Containers --------------------------------------------------------------

RawChunk program_chunk(const Program& program) {
  return {program.version.major() >= 5 ? "SHEX" : "SHDR", write_program(program)};
}

std::vector<uint8_t> container_of(const std::vector<RawChunk>& chunks) {
  dxc::Container c;
  for (const RawChunk& chunk : chunks) {
    if (chunk.fourcc.size() != 4) throw std::invalid_argument("a fourcc has 4 characters: " + chunk.fourcc);
    dxc::Part p;
    p.fourcc = make_fourcc(chunk.fourcc[0], chunk.fourcc[1], chunk.fourcc[2], chunk.fourcc[3]);
    p.data = chunk.data;  // outlives the write below
    p.size = static_cast<uint32_t>(chunk.data.size());
    c.parts.push_back(p);
  }
  return dxc::write_container(c);
}

std::vector<uint8_t> container_of(const Program& program) { return container_of({program_chunk(program)}); }

Arg first_operand(Opcode op) {
  const std::optional<OperandType> declared = declared_register(op);
  if (!declared) return temp(0);
  const Arg a = reg(static_cast<RegType>(*declared), {0});
  // Before SM5.1 a constant buffer's operand holds its size too: cb0[1].
  return *declared == kConstantBuffer ? a.index(1) : a;
}

std::vector<uint32_t> shader_message(uint32_t id, std::string_view text, uint32_t count,
                                     const std::vector<uint32_t>& operands) {
  std::vector<uint32_t> w = {id, 1, static_cast<uint32_t>(text.size()), count, static_cast<uint32_t>(operands.size())};
  w.insert(w.end(), operands.begin(), operands.end());
  std::vector<uint32_t> chars((text.size() + 4) / 4, 0);  // NUL-terminated, padded
  for (size_t i = 0; i < text.size(); ++i) chars[i / 4] |= uint32_t{static_cast<uint8_t>(text[i])} << (8 * (i % 4));
  w.insert(w.end(), chars.begin(), chars.end());
  return w;
}

}  // namespace sp::fxc::build
