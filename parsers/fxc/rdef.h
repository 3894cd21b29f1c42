// The RDEF chunk: the reflection data fxc writes beside the program
// (constant buffers, their variables and types, resource bindings, the
// creator string). The structures are those d3d11shader.h / d3d12shader.h
// return through ID3D11ShaderReflection (D3D11_SHADER_BUFFER_DESC,
// D3D11_SHADER_VARIABLE_DESC, D3D11_SHADER_TYPE_DESC,
// D3D11_SHADER_INPUT_BIND_DESC); docs/formats/fxc.md, "RDEF", gives the
// on-disk layouts of SM4.0/4.1, SM5.0 (RD11) and SM5.1.
//
// Every record sits at an offset from the start of the chunk, and records
// may share what they point at (a cbuffer and its binding share a name, two
// members share a type). The model keeps every offset and the bytes no
// record claims (fxc's 0xAB padding), so write_rdef() puts each record back
// where it was and a decoded chunk comes back byte for byte. Types are kept
// once per offset in Rdef::types and referred to by index, so sharing stays
// sharing and the model is linear in the chunk.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/file_text.h"
#include "fxc/chunk.h"
#include "fxc/rdef_values.h"

namespace sp::fxc {

// The RD11 block's first word: 'RD11' for SM5.0, its nibbles swapped for
// SM5.1 (whose bindings add a space and a range id).
inline constexpr uint32_t kRd11Magic = 0x31314452;
inline constexpr uint32_t kRd11Magic51 = 0x25441313;

// Record sizes: the header (and RD11) say them for SM5, SM4 has its own.
struct RdefLayout {
  uint32_t header = 28;
  uint32_t constant_buffer = 24;
  uint32_t binding = 32;
  uint32_t variable = 24;
  uint32_t type = 16;
  uint32_t member = 12;
};
inline constexpr RdefLayout kRdefLayout40{28, 24, 32, 24, 16, 12};
inline constexpr RdefLayout kRdefLayout50{60, 24, 32, 40, 36, 12};
inline constexpr RdefLayout kRdefLayout51{60, 24, 40, 40, 36, 12};

// An index into Rdef::types; kNoType where a type refers to none.
inline constexpr uint32_t kNoType = UINT32_MAX;

// A reference to a type: the record's offset, and its index in
// Rdef::types once decoded.
struct RdefTypeRef {
  uint32_t offset = 0;
  uint32_t index = kNoType;
};

// A NUL-terminated string at `offset` of the chunk.
struct RdefString {
  uint32_t offset = 0;
  FileText text;
};

// D3D11_SHADER_INPUT_BIND_DESC (D3D12's adds Space and uID: SM5.1).
struct RdefBinding {
  RdefString name;
  uint32_t type = 0;         // D3D_SHADER_INPUT_TYPE (input_type)
  uint32_t return_type = 0;  // D3D_RESOURCE_RETURN_TYPE
  uint32_t dimension = 0;    // D3D_SRV_DIMENSION (srv_dimension)
  uint32_t num_samples = 0;  // or a structured buffer's stride; ~0 when none
  uint32_t bind_point = 0;
  uint32_t bind_count = 0;  // 0: unbounded (SM5.1)
  uint32_t flags = 0;       // D3D_SHADER_INPUT_FLAGS
  uint32_t space = 0;       // SM5.1
  uint32_t id = 0;          // SM5.1: the range id the program's declarations use
};

// A structure member: D3D11_SHADER_TYPE_DESC's members are (name, type,
// offset) triples at the type's member offset.
struct RdefMember {
  RdefString name;
  RdefTypeRef type;
  uint32_t offset = 0;  // bytes from the start of the structure
};

// D3D_SHADER_VARIABLE_CLASS, RdefType::variable_class.
enum VariableClass : uint16_t {
  kScalar = 0,
  kVector = 1,
  kMatrixRows = 2,
  kMatrixColumns = 3,
  kObject = 4,
  kStruct = 5,
  kInterfaceClass = 6,
  kInterfacePointer = 7,
};

// D3D_SHADER_VARIABLE_TYPE, RdefType::variable_type: the ones code names
// (the listing spells every numeric type, listing_buffers.cpp).
enum VariableType : uint16_t {
  kVoidType = 0,
  kIntType = 2,
  kFloatType = 3,
  kUintType = 19,
  kInterfaceType = 37,
};

// D3D11_SHADER_TYPE_DESC. SM5's record has four more words before its name
// (Wine skips them, vkd3d writes zeros: both call them unknown). fxc fills
// the first for an interface pointer with the offset of its interface's
// type; the four follow the order of ID3D11ShaderReflectionType's
// GetSubType, GetBaseClass, GetNumInterfaces and GetInterfaceByIndex, and
// are read so: a sub type, a base class, and a count of u32 type offsets
// at an offset.
struct RdefType {
  uint32_t offset = 0;          // of the record, from the start of the chunk
  uint16_t variable_class = 0;  // D3D_SHADER_VARIABLE_CLASS
  uint16_t variable_type = 0;   // D3D_SHADER_VARIABLE_TYPE
  uint16_t rows = 0;
  uint16_t columns = 0;
  uint16_t elements = 0;
  uint16_t member_count = 0;
  uint32_t member_offset = 0;
  // SM5 only (offset 0: none).
  RdefTypeRef sub_type;
  RdefTypeRef base_class;
  uint32_t interface_count = 0;
  uint32_t interfaces_offset = 0;
  RdefString name;  // offset 0: no name

  std::vector<RdefMember> members;
  std::vector<RdefTypeRef> interfaces;  // one per u32 at interfaces_offset
};

// D3D11_SHADER_VARIABLE_DESC; SM4's record ends after the default value.
struct RdefVariable {
  RdefString name;
  uint32_t start_offset = 0;
  uint32_t size = 0;
  uint32_t flags = 0;  // D3D_SHADER_VARIABLE_FLAGS
  RdefTypeRef type;
  uint32_t default_value_offset = 0;  // 0: none; else `size` bytes there
  // SM5 only: ~0 / 0 when the variable uses no texture or sampler.
  uint32_t start_texture = 0;
  uint32_t texture_size = 0;
  uint32_t start_sampler = 0;
  uint32_t sampler_size = 0;

  Bytes default_value;
};

// D3D11_SHADER_BUFFER_DESC.
struct RdefConstantBuffer {
  RdefString name;
  uint32_t variable_count = 0;
  uint32_t variable_offset = 0;
  uint32_t size = 0;
  uint32_t flags = 0;  // D3D_SHADER_CBUFFER_FLAGS
  uint32_t type = 0;   // D3D_CBUFFER_TYPE (cbuffer_type)
  std::vector<RdefVariable> variables;
};

// The RD11 block after an SM5 header: record sizes and the interface slot
// count.
struct Rd11 {
  uint32_t magic = kRd11Magic;
  RdefLayout layout = kRdefLayout50;
  uint32_t interface_slots = 0;
};

// Bytes no record claims (padding, or data of no known structure), kept
// for the round trip.
struct RdefGap {
  uint32_t offset = 0;
  Bytes bytes;
};

struct Rdef {
  uint32_t constant_buffer_count = 0;
  uint32_t constant_buffer_offset = 0;
  uint32_t binding_count = 0;
  uint32_t binding_offset = 0;
  uint8_t minor = 0;
  uint8_t major = 0;
  uint16_t program_type = 0;  // 0xFFFF ps, 0xFFFE vs, 'GS', 'HS', 'DS', 'CS'
  uint32_t flags = 0;         // the D3DCOMPILE_* flags fxc compiled with
  RdefString creator;
  std::optional<Rd11> rd11;  // SM5.0 and later

  std::vector<RdefBinding> bindings;
  std::vector<RdefConstantBuffer> constant_buffers;
  std::vector<RdefType> types;
  std::vector<RdefGap> gaps;

  [[nodiscard]] const RdefLayout& layout() const { return rd11 ? rd11->layout : kRdefLayout40; }
  [[nodiscard]] bool sm51() const { return rd11 && rd11->magic == kRd11Magic51; }
};

// RDEF. `out` is valid only when this returns true.
bool parse_rdef(const ChunkScope& s, Rdef& out);
std::vector<uint8_t> write_rdef(const Rdef& rdef);

}  // namespace sp::fxc
