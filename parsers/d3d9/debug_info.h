// The debug information fxc writes into a comment block ("DBUG") of a
// Direct3D 9 program: with /Zi, and in the Level9 program of nearly every
// shader it compiles for feature level 9 (docs/formats/d3d9.md, "Debug
// information"). Its records are D3DXSHADER_DEBUGINFO and those it points
// at, as the Xbox 360 XDK's d3dx9shader.h defines them; every offset counts
// from the first byte after the "DBUG" fourcc and is checked to lie inside
// the comment, every string to end inside it. The listing prints the line
// table (`#line`) and the variables' writes (`// ::color<0,1,2,3>`); the
// type records the variables point at are checked to lie inside, not read.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::d3d9 {

inline constexpr uint32_t kDbugFourcc = 0x47554244;  // "DBUG"
// A line record's file for an instruction with no source position (dcl, def).
inline constexpr uint16_t kNoFile = 0xFFFF;
// A write record's component that the instruction's channel does not write.
inline constexpr uint16_t kNoComponent = 0xFFFF;

// D3DXSHADER_FILEINFO (4 bytes).
struct DebugFile {
  uint32_t name_offset = 0;
  FileText name;
};

// D3DXSHADER_INSTRUCTIONINFO (8 bytes): the source position of the
// program's instruction of the same index.
struct DebugLine {
  uint16_t line = 0;
  uint16_t file = 0;     // index into DebugInfo::files, or kNoFile
  uint32_t offset = 0;   // of the instruction token, in bytes from the version token
};

// D3DXSHADER_WRITEINFO (12 bytes): which components of its variable an
// instruction's destination channels x, y, z, w write.
struct DebugWrite {
  uint32_t instruction = 0;  // index of the program's instruction
  std::array<uint16_t, 4> components{};
};

// D3DXSHADER_VARIABLEINFO (20 bytes).
struct DebugVariable {
  uint32_t scope_offset = 0;  // 0: no scope (a local or a return value)
  uint32_t name_offset = 0;
  uint32_t type_offset = 0;
  uint32_t write_count = 0;
  uint32_t writes_offset = 0;
  FileText scope;
  FileText name;
  uint32_t first_write = 0;  // its writes are DebugInfo::writes[first_write, + write_count)
};

struct DebugInfo {
  uint64_t offset = 0;  // of the "DBUG" fourcc in the file
  // The D3DXSHADER_DEBUGINFO header (40 bytes).
  uint32_t size = 0;
  uint32_t creator_offset = 0;
  uint32_t source_code_offset = 0;
  uint32_t file_count = 0;
  uint32_t files_offset = 0;
  uint32_t instruction_count = 0;
  uint32_t instructions_offset = 0;
  uint32_t variable_count = 0;
  uint32_t variables_offset = 0;
  uint32_t entry_point_offset = 0;
  FileText creator;      // "Microsoft (R) HLSL Shader Compiler 10.1"
  FileText entry_point;  // "PSAlphaTestEqNe"
  std::vector<DebugFile> files;
  std::vector<DebugLine> lines;
  std::vector<DebugVariable> variables;
  std::vector<DebugWrite> writes;
};

// `data` is the comment's bytes after the fourcc, `base` the file offset of
// data[0]. `out` is valid only when this returns true; its strings point
// into `data`.
bool parse_debug_info(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, DebugInfo& out);

}  // namespace sp::d3d9
