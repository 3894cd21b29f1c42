// Direct3D 9 shaders built from models: instructions whose length token is
// computed from what they hold, a constant table laid out as fxc lays it,
// and a program around them for the project's writer (write_program).
// Shared by the tests (tests/d3d9/) and the fuzz seed generator
// (fuzzers/seeds_d3d9.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#include <utility>

#include "d3d9/program.h"

namespace sp::d3d9::build {

inline constexpr uint32_t kRelativeBit = 1u << 13;
inline constexpr uint32_t kPredicatedBit = 1u << 28;

[[nodiscard]] uint32_t version_token(bool pixel, uint32_t major, uint32_t minor);

// Parameter tokens: register type split over bits 28..30 and 11..12.
[[nodiscard]] Parameter destination(uint32_t type, uint32_t number, uint32_t mask = 0xF, uint32_t result_modifier = 0);
[[nodiscard]] Parameter source(uint32_t type, uint32_t number, uint32_t swizzle = kIdentitySwizzle,
                               uint32_t modifier = 0);
// `p` addressed relative to `address` (a0 or aL, as a source).
[[nodiscard]] Parameter relative(Parameter p, const Parameter& address);

// An instruction of `op` whose length field counts its parameters (with
// their relative-address tokens) and words. `flags` are added to the
// token: controls (a comparison, texld's project or bias) in bits 16..23,
// kPredicatedBit.
[[nodiscard]] Instruction instruction(Opcode op, std::vector<Parameter> params, std::vector<uint32_t> words = {},
                                      uint32_t flags = 0);

// A constant table type: its D3DXPARAMETER_CLASS and _TYPE, shape, and a
// struct's members.
struct Member;
struct Type {
  // Constructors rather than an aggregate, defined below Member: a default
  // for `members` here would build a vector of a type not yet complete.
  Type(uint16_t klass_ = kScalar, uint16_t type_ = 3, uint16_t rows_ = 1, uint16_t columns_ = 1,
       uint16_t elements_ = 1);
  Type(uint16_t klass_, uint16_t type_, uint16_t rows_, uint16_t columns_, uint16_t elements_,
       std::vector<Member> members_);
  uint16_t klass;
  uint16_t type;  // D3DXPT_FLOAT by default
  uint16_t rows;
  uint16_t columns;
  uint16_t elements;
  std::vector<Member> members;
};
struct Member {
  std::string name;
  Type type;
};
inline Type::Type(uint16_t klass_, uint16_t type_, uint16_t rows_, uint16_t columns_, uint16_t elements_,
                  std::vector<Member> members_)
    : klass(klass_), type(type_), rows(rows_), columns(columns_), elements(elements_), members(std::move(members_)) {}
inline Type::Type(uint16_t klass_, uint16_t type_, uint16_t rows_, uint16_t columns_, uint16_t elements_)
    : Type(klass_, type_, rows_, columns_, elements_, {}) {}
struct ConstantSpec {
  std::string name;
  uint16_t register_set = kFloat4;
  uint16_t register_index = 0;
  uint16_t register_count = 1;
  Type type;
};

// A comment's data: "CTAB", the header, the constant records, then each
// constant's name, type and members, the target and the creator, padded
// to whole DWORDs.
[[nodiscard]] std::vector<uint8_t> constant_table(
    const std::vector<ConstantSpec>& constants, std::string_view target, uint32_t version,
    std::string_view creator = "Microsoft (R) HLSL Shader Compiler 9.30.9200.20499");

// A program of `version`: a comment holding `comment` (when not empty: it
// must stay alive, and hold whole DWORDs) ahead of `instructions`.
[[nodiscard]] Program program(uint32_t version, Bytes comment, std::vector<Instruction> instructions);

}  // namespace sp::d3d9::build
