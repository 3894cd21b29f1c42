// fxc's /Fc listing of a Direct3D 9 shader, byte for byte what fxc writes
// (docs/formats/d3d9.md, "The listing"): the comment header (creator, the
// constant table's parameters and registers), the program in fxc's syntax
// and the instruction slots fxc estimates.
#pragma once

#include <optional>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/text_buffer.h"
#include "d3d9/level9.h"
#include "d3d9/program.h"

namespace sp::d3d9 {

// The whole listing of a shader file. Fails with the file's first error.
bool write_listing(Bytes file, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error);

// "// Parameters:" (HLSL declarations, in the table's order) and
// "// Registers:" (sorted by register), each in its comment block.
void list_constants(const ConstantTable& table, TextBuffer& out);

// The program's lines, from its version line ("    ps_3_0") to its last
// instruction, with its debug information's `#line`s and the variables
// each instruction writes.
void list_program(const Program& program, TextBuffer& out);

// The program's lines, an empty line, and the instruction slots fxc
// estimates ("// approximately 10 instruction slots used (1 texture, 9
// arithmetic)").
void list_body(const Program& program, TextBuffer& out);

// The sections fxc prints of a DXBC container's Level9 part, between the
// signatures and the SM4 program: its mapping tables, then "// Level9
// shader bytecode:" and the body of its program.
void list_level9(const Level9& level9, TextBuffer& out);

}  // namespace sp::d3d9
