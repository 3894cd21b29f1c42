// The Level9 part fxc writes into a DXBC container (`Aon9`) for a shader
// compiled for feature levels 9_1 to 9_3: a header, the tables that map
// the SM4 program's constant buffers, samplers and resources onto Direct3D
// 9 registers, and the Direct3D 9 program the runtime hands to a level 9
// driver (docs/formats/d3d9.md, "The Level9 part"). The d3d9 format reads
// it under the container's Aon9 tag; every offset counts from the part's
// first byte.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "d3d9/program.h"

namespace sp::d3d9 {

inline constexpr uint32_t kLevel9HeaderSize = 36;

// A table's place, as the header gives it: 16-bit count and offset.
struct Level9Table {
  uint16_t count = 0;
  uint16_t offset = 0;
};

// Constant buffer registers to Direct3D 9 float constants (12 bytes).
struct ConstantBufferMapping {
  uint16_t buffer = 0;  // cb#
  uint16_t start = 0;   // its first register (16 bytes each)
  uint16_t count = 0;
  uint16_t target = 0;  // c#
  // How each component converts: 0 float (FLT); fxc's listing names 1 to
  // 3 BOOL, INT, UINT (no file shows one).
  std::array<uint8_t, 4> conversion{};
};

// Constant buffer components to integer (loop) registers (8 bytes). No fxc
// file here has one: the layout is DXDecompiler's.
struct LoopMapping {
  uint16_t buffer = 0;
  uint16_t source = 0;     // register
  uint16_t component = 0;
  uint16_t target = 0;     // i#
};

// A sampler and resource of the SM4 program to a Direct3D 9 sampler (4 bytes).
struct SamplerMapping {
  uint8_t resource = 0;  // t#
  uint8_t sampler = 0;   // s#
  uint8_t target = 0;    // s# of the Direct3D 9 program
  uint8_t reserved = 0;
};

// A constant the runtime fills, not the application (4 bytes).
struct RuntimeConstantMapping {
  uint16_t kind = 0;    // 0: the vertex shader's position offset
  uint16_t target = 0;  // c#
};

struct Level9 {
  // The header (36 bytes).
  uint32_t size = 0;            // of the part
  uint32_t version = 0;         // the program's version token
  uint32_t program_size = 0;
  uint32_t program_offset = 0;
  Level9Table constant_buffer_table, loop_table, unknown_table, sampler_table, runtime_constant_table;
  std::vector<ConstantBufferMapping> constant_buffers;
  std::vector<LoopMapping> loops;
  std::vector<SamplerMapping> samplers;
  std::vector<RuntimeConstantMapping> runtime_constants;
  Program program;
};

// The entry sizes of the tables, in the header's order.
inline constexpr uint32_t kConstantBufferMappingSize = 12;
inline constexpr uint32_t kLoopMappingSize = 8;
inline constexpr uint32_t kSamplerMappingSize = 4;
inline constexpr uint32_t kRuntimeConstantMappingSize = 4;

// `part` is the Aon9 part's data at file offset `base`. `out` is valid only
// when this returns true; its views point into `part`.
bool parse_level9(Bytes part, uint64_t base, Context& ctx, Level9& out);
// The same, its diagnostics' paths under `at` (a listing's "parts[0].Aon9.d3d9").
bool parse_level9(Bytes part, uint64_t base, const FieldPath& at, Context& ctx, Level9& out);

// The part back, each table at its offset: a decoded part comes back byte
// for byte.
[[nodiscard]] std::vector<uint8_t> write_level9(const Level9& level9);

// Sets the header's sizes and offsets as fxc lays the part out (samplers,
// constant buffers, loops, runtime constants, then the program), for a
// builder that filled the tables and the program.
void lay_out(Level9& level9);

}  // namespace sp::d3d9
