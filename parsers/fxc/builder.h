// An assembler-level builder of SHDR/SHEX programs for tests, conformance
// cases and fuzz seeds: instructions written the way fxc lists them,
//
//   Builder b(ProgramType::pixel, 5, 0);
//   b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
//   b.dcl_temps(2);
//   b.emit(Opcode::mov, {temp(0).mask("xy"), imm(1.0f, 2.0f, 0.f, 0.f)});
//   b.emit(Opcode::add, {output(0), temp(1), cb(0).index(temp(1).select('x'), 4)}).saturate();
//   b.emit(Opcode::ret);
//   std::vector<uint8_t> dxbc = container_of(b.program());
//
// Every token field the DDK defines can be set, and every length field
// (instruction lengths, custom-data length words, the program's length)
// is computed by program() from what write_program() encodes, so any
// opcode of opcodes.def comes out with its shape's layout. Hostile inputs
// start from program(): edit the model (a length, a token bit), then
// write_program() writes it as it is.
#pragma once

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "fxc/declaration_values.h"
#include "fxc/program.h"

namespace sp::fxc::build {

// D3D10_SB_OPERAND_TYPE (operand_types.def), by fxc's register names
// (imm32 is fxc's l(...), imm64 its d(...)).
enum class RegType : uint8_t {
#define SP_OPERAND_TYPE(value, constant, reg, name) reg = value,
#include "fxc/operand_types.def"
#undef SP_OPERAND_TYPE
};

// D3D10_SB_RESOURCE_DIMENSION.
enum class Dim : uint8_t {
  unknown, buffer, texture1d, texture2d, texture2dms, texture3d, texturecube, texture1darray, texture2darray,
  texture2dmsarray, texturecubearray, raw_buffer, structured_buffer
};

// D3D11_SB_OPERAND_MIN_PRECISION.
enum class MinPrecision : uint8_t { def32 = 0, min16f = 1, min2_8f = 2, min16i = 4, min16u = 5 };

// D3D10_SB_CUSTOMDATA_CLASS.
enum class CustomData : uint8_t {
  comment, debug_info, opaque, immediate_constant_buffer, shader_message, clip_plane_constant_mappings
};

// Opcode-specific control bits (Inst::controls takes them shifted down by
// 11, as the DDK's ENCODE macros do).
inline constexpr uint32_t kSaturate = 1u << 2;           // _sat
inline constexpr uint32_t kTestNonZero = 1u << 7;        // _nz (else _z)
inline constexpr uint32_t kGloballyCoherent = 1u << 5;   // dcl_uav_*: _glc
inline constexpr uint32_t kRasterizerOrdered = 1u << 6;  // dcl_uav_*: _rov
inline constexpr uint32_t kOrderPreservingCounter = 1u << 12;  // dcl_uav_structured: _opc
inline constexpr uint32_t kDynamicIndexed = 1u << 0;     // dcl_constantbuffer, dcl_interface

// An operand as fxc writes it: a register (or an immediate) with its
// components, indices and modifiers. A value type: each method returns a
// changed copy, so operands read left to right like fxc's syntax.
class Arg {
 public:
  // `indices` are immediate32 indices, one dimension each (cb(0, 4) is
  // cb0[4]). The components are what fxc writes for the register type:
  // none for samplers, labels, null, fb/ft/fp, this and streams; one for
  // the scalar system values (vPrim, oDepth, ...); four, swizzled .xyzw,
  // for the rest (declarations of resources and UAVs take none: the
  // Builder's dcl_ helpers say so).
  explicit Arg(RegType type, std::initializer_list<uint32_t> indices = {});

  // Component selection: .xy (mask), .xyzw / .x (swizzle; one letter is
  // repeated), .x (select-1), a one-component operand, or none.
  [[nodiscard]] Arg mask(std::string_view components) const;
  [[nodiscard]] Arg swizzle(std::string_view components) const;
  [[nodiscard]] Arg select(char component) const;
  [[nodiscard]] Arg scalar() const;
  [[nodiscard]] Arg none() const;

  // One more index dimension: immediate32, immediate64, relative
  // ([r1.x]), or both ([r1.x + 4], [r1.x + 0x100000000]). Relative
  // operands nest (cb0[r1[r2.x + 0].y + 0]).
  [[nodiscard]] Arg index(uint32_t value) const;
  [[nodiscard]] Arg index64(uint64_t value) const;
  [[nodiscard]] Arg index(const Arg& relative) const;
  [[nodiscard]] Arg index(const Arg& relative, uint32_t value) const;
  [[nodiscard]] Arg index64(const Arg& relative, uint64_t value) const;

  // Extended operand tokens: modifiers, minimum precision, non-uniform
  // (one D3D10_SB_EXTENDED_OPERAND_MODIFIER token), or any raw token.
  [[nodiscard]] Arg neg() const;
  [[nodiscard]] Arg abs() const;
  [[nodiscard]] Arg precision(MinPrecision p) const;
  [[nodiscard]] Arg nonuniform() const;
  [[nodiscard]] Arg extended(uint32_t raw) const;

  // The operand in the program model, its tokens and values in p's word
  // pool; its relative operands (and theirs) go to `nested`, the
  // instruction's, in the order the reader puts them there.
  [[nodiscard]] Operand flatten(Program& p, std::vector<Operand>& nested) const;

 private:
  friend Arg immediate(RegType type, std::vector<uint32_t> words, uint32_t components);
  struct Index {
    IndexRep rep = IndexRep::imm32;
    uint64_t value = 0;
    std::vector<Arg> relative;  // none, or the one relative operand
  };
  Arg add_index(IndexRep rep, uint64_t value, const Arg* relative) const;
  Arg& modifier_bits(uint32_t bits);

  RegType type_;
  uint32_t components_ = 2;  // the token's field: 0, 1, 4 (2) or N (3)
  uint32_t selection_mode_ = 1;
  uint32_t selection_ = 0xE4;  // .xyzw
  std::vector<Index> indices_;
  uint32_t modifier_ = 0;  // the D3D10_SB_EXTENDED_OPERAND_MODIFIER token, 0 when absent
  std::vector<uint32_t> extended_;
  std::vector<uint32_t> immediate_;
};

Arg operator-(const Arg& a);

// Registers by fxc's names for the common ones; reg() for any type.
[[nodiscard]] Arg reg(RegType type, std::initializer_list<uint32_t> indices = {});
[[nodiscard]] inline Arg temp(uint32_t i) { return Arg(RegType::r, {i}); }
[[nodiscard]] inline Arg input(uint32_t i) { return Arg(RegType::v, {i}); }
[[nodiscard]] inline Arg output(uint32_t i) { return Arg(RegType::o, {i}); }
[[nodiscard]] inline Arg indexable_temp(uint32_t i, uint32_t j) { return Arg(RegType::x, {i, j}); }
[[nodiscard]] inline Arg cb(uint32_t i) { return Arg(RegType::cb, {i}); }
[[nodiscard]] inline Arg cb(uint32_t i, uint32_t j) { return Arg(RegType::cb, {i, j}); }
[[nodiscard]] inline Arg resource(uint32_t i) { return Arg(RegType::t, {i}); }
[[nodiscard]] inline Arg sampler(uint32_t i) { return Arg(RegType::s, {i}); }
[[nodiscard]] inline Arg uav(uint32_t i) { return Arg(RegType::u, {i}); }
[[nodiscard]] inline Arg tgsm(uint32_t i) { return Arg(RegType::g, {i}); }
// The first operand an instruction of `op` can take: the register kind a
// binding declaration declares (the reader rejects dcl_resource r0), r0
// for everything else. For tables of every opcode (tests, seeds).
[[nodiscard]] Arg first_operand(Opcode op);

// The bits of a value as a DWORD: floats by their IEEE bits, integers as
// they are.
template <typename T>
[[nodiscard]] uint32_t bits(T value) {
  static_assert(std::is_arithmetic_v<T>);
  if constexpr (std::is_floating_point_v<T>) {
    return std::bit_cast<uint32_t>(static_cast<float>(value));
  } else {
    return static_cast<uint32_t>(value);
  }
}

// DWORDs from floats and integers (custom data, an immediate constant
// buffer): words(1.0f, 0, 0x7F800000u).
template <typename... T>
[[nodiscard]] std::vector<uint32_t> words(T... values) {
  return {bits(values)...};
}

// An immediate operand of raw DWORDs (components: the token's field).
[[nodiscard]] Arg immediate(RegType type, std::vector<uint32_t> words, uint32_t components);

// l(1.0, 2, 0, 0): one or four values.
template <typename... T>
[[nodiscard]] Arg imm(T... values) {
  static_assert(sizeof...(T) == 1 || sizeof...(T) == 4, "an immediate has one or four components");
  return immediate(RegType::imm32, words(values...), sizeof...(T) == 1 ? 1 : 2);
}

// d(1.0): one or four doubles, each a lo/hi pair of DWORDs.
[[nodiscard]] Arg imm64(std::initializer_list<double> values);

// A resource, sampler, constant buffer or UAV binding: a register before
// SM5.1 (an integer converts), a range with a space from SM5.1 on
// (T3[2:5], space=1; upper 0xFFFFFFFF is unbounded).
struct Slot {
  Slot(uint32_t reg) : id(reg), lower(reg), upper(reg) {}  // NOLINT: a register number is a slot
  Slot(uint32_t id_, uint32_t lower_, uint32_t upper_, uint32_t space_)
      : id(id_), lower(lower_), upper(upper_), space(space_) {}
  uint32_t id, lower, upper, space = 0;
};

class Builder;

// The instruction emit() just added, for what follows the opcode token's
// opcode: control bits and extended opcode tokens. Valid until the next
// emit.
class Inst {
 public:
  Inst(Builder& b, size_t index) : b_(b), index_(index) {}
  Inst& controls(uint32_t bits);  // ORed into bits 11..23
  Inst& saturate() { return controls(kSaturate); }
  Inst& nz() { return controls(kTestNonZero); }
  // Extended opcode tokens: texel offsets (-8..7), resource dimension
  // (and structure stride), return types; or any raw token.
  Inst& offsets(int u, int v, int w);
  Inst& dimension(Dim d, uint32_t stride = 0);
  Inst& return_types(ReturnType x, ReturnType y, ReturnType z, ReturnType w);
  Inst& extended(uint32_t raw);
  // The DWORD fxc writes after some resource accesses' operands.
  Inst& trailing_word(uint32_t value);

 private:
  [[nodiscard]] Instruction& model();

  Builder& b_;
  size_t index_;
};

class Builder {
 public:
  Builder(ProgramType type, uint32_t major, uint32_t minor);

  [[nodiscard]] Version version() const { return program_.version; }
  [[nodiscard]] bool sm51() const { return program_.version.sm51(); }

  // Any opcode: `operands` for its shape's 'o' letters, `words` for the
  // others in order (an 's' word only from SM5.1 on; 'n' and 'h' a head
  // and its table). Throws std::invalid_argument when they do not fit the
  // shape.
  Inst emit(Opcode op, std::vector<Arg> operands = {}, std::vector<uint32_t> words = {});

  // Declarations whose fields are fiddly to write by hand.
  Inst dcl_temps(uint32_t count);
  Inst dcl_indexable_temp(uint32_t reg, uint32_t count, uint32_t components);
  Inst dcl_global_flags(uint32_t flags);
  Inst dcl_thread_group(uint32_t x, uint32_t y, uint32_t z);
  Inst dcl_constant_buffer(Slot slot, uint32_t vectors, bool dynamic_indexed = false);
  Inst dcl_sampler(Slot slot, uint32_t mode = 0);
  Inst dcl_resource(Dim dim, ReturnType type, Slot slot, uint32_t samples = 0);
  Inst dcl_resource_raw(Slot slot);
  Inst dcl_resource_structured(Slot slot, uint32_t stride);
  Inst dcl_uav_typed(Dim dim, ReturnType type, Slot slot);
  Inst dcl_uav_raw(Slot slot);
  Inst dcl_uav_structured(Slot slot, uint32_t stride);
  Inst dcl_tgsm_raw(uint32_t reg, uint32_t bytes);
  Inst dcl_tgsm_structured(uint32_t reg, uint32_t stride, uint32_t count);
  // Class linkage: fb#, ft# = {fb...}, fp#[array_length][call_sites] = {ft...}.
  Inst dcl_function_body(uint32_t id);
  Inst dcl_function_table(uint32_t id, const std::vector<uint32_t>& bodies);
  Inst dcl_interface(uint32_t id, uint32_t call_sites, uint32_t array_length, const std::vector<uint32_t>& tables,
                     bool dynamic_indexed = false);
  // Custom data: its own length word, then `data`.
  Inst custom_data(CustomData cls, std::vector<uint32_t> data);
  Inst dcl_immediate_constant_buffer(std::vector<uint32_t> values) {
    return custom_data(CustomData::immediate_constant_buffer, std::move(values));
  }

  // The program with every length and offset filled in. Throws
  // std::length_error for an instruction longer than its length field
  // holds (127 DWORDs, without a length word).
  [[nodiscard]] Program program() const;

 private:
  friend class Inst;
  // A declaration of a register range (0 components): the operand and the
  // words the shape puts after it, the space last from SM5.1 on.
  Inst declare(Opcode op, uint32_t controls, RegType type, const Slot& slot, std::vector<uint32_t> words);

  Program program_;  // lengths and offsets unset
};

// A debug layer message's custom data (program.h, kCustomDataShaderMessage):
// `id`, the printf format style, `text`, and `count` operands whose
// tokens, indices and immediates are `operands`.
[[nodiscard]] std::vector<uint32_t> shader_message(uint32_t id, std::string_view text, uint32_t count,
                                                   const std::vector<uint32_t>& operands);

// A raw DXBC part: RDEF, ISGN, STAT bytes, or anything else.
struct RawChunk {
  std::string fourcc;  // exactly 4 characters
  std::vector<uint8_t> data;
};

// The program as fxc stores it: SHDR up to SM4.1, SHEX from SM5.0 on.
[[nodiscard]] RawChunk program_chunk(const Program& program);
// A signed DXBC container (the project's writer, dxcontainer/writer.h)
// holding the chunks in order.
[[nodiscard]] std::vector<uint8_t> container_of(const std::vector<RawChunk>& chunks);
[[nodiscard]] std::vector<uint8_t> container_of(const Program& program);

}  // namespace sp::fxc::build
