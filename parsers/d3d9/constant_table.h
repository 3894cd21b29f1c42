// The constant table fxc writes into a comment block ("CTAB"): the
// D3DXSHADER_CONSTANTTABLE header, its D3DXSHADER_CONSTANTINFO records and
// the D3DXSHADER_TYPEINFO / D3DXSHADER_STRUCTMEMBERINFO trees they point at
// (d3dx9shader.h; docs/formats/d3d9.md, "The constant table"). Every
// offset counts from the first byte after the "CTAB" fourcc and is checked
// to lie inside the comment; every string ends inside it.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::d3d9 {

inline constexpr uint32_t kCtabFourcc = 0x42415443;  // "CTAB"
// D3DXSHADER_TYPEINFO's size: the constant table's types, and the debug
// information's variables point at records of this shape.
inline constexpr uint32_t kTypeInfoSize = 16;

// D3DXREGISTER_SET, D3DXPARAMETER_CLASS and D3DXPARAMETER_TYPE values the
// listing treats apart.
enum RegisterSet : uint16_t { kBool = 0, kInt4 = 1, kFloat4 = 2, kSamplerSet = 3 };
enum ParameterClass : uint16_t {
  kScalar = 0,
  kVector = 1,
  kMatrixRows = 2,
  kMatrixColumns = 3,
  kObject = 4,
  kStruct = 5
};

// A D3DXSHADER_TYPEINFO (16 bytes). A type reached twice (two constants of
// one struct) is decoded twice: `types` is each constant's tree, walked.
struct TypeInfo {
  uint32_t offset = 0;
  uint16_t klass = 0;
  uint16_t type = 0;
  uint16_t rows = 0;
  uint16_t columns = 0;
  uint16_t elements = 0;
  uint16_t member_count = 0;
  uint32_t members_offset = 0;
  uint32_t first_member = 0;  // its members are ConstantTable::members[first_member, + member_count)
};

// A D3DXSHADER_STRUCTMEMBERINFO (8 bytes).
struct Member {
  uint32_t name_offset = 0;
  uint32_t type_offset = 0;
  FileText name;
  uint32_t type = 0;  // index into ConstantTable::types
};

// A D3DXSHADER_CONSTANTINFO (20 bytes).
struct Constant {
  uint32_t name_offset = 0;
  uint16_t register_set = 0;
  uint16_t register_index = 0;
  uint16_t register_count = 0;
  uint16_t reserved = 0;
  uint32_t type_offset = 0;
  uint32_t default_value_offset = 0;
  FileText name;
  uint32_t type = 0;  // index into ConstantTable::types
};

struct ConstantTable {
  uint64_t offset = 0;  // of the "CTAB" fourcc in the file
  // The D3DXSHADER_CONSTANTTABLE header (28 bytes).
  uint32_t size = 0;
  uint32_t creator_offset = 0;
  uint32_t version = 0;
  uint32_t constant_count = 0;
  uint32_t constants_offset = 0;
  uint32_t flags = 0;
  uint32_t target_offset = 0;
  FileText creator;  // "Microsoft (R) HLSL Shader Compiler 9.30.9200.20499"
  FileText target;   // "ps_3_0"
  std::vector<Constant> constants;
  std::vector<TypeInfo> types;
  std::vector<Member> members;
};

// `data` is the comment's bytes after the fourcc, `base` the file offset of
// data[0]. Type trees are walked without recursion, at most
// limits.max_depth deep, every type and member charged to the decode
// budget (a type may be reached from many places). `out` is valid only
// when this returns true; its strings point into `data`.
bool parse_constant_table(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, ConstantTable& out);

}  // namespace sp::d3d9
