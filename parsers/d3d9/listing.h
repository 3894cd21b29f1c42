// fxc's /Fc listing of a Direct3D 9 shader, byte for byte what fxc writes
// (docs/formats/d3d9.md, "The listing"): the comment header (creator, the
// constant table's parameters and registers), the program in fxc's syntax
// and the instruction slots fxc estimates.
#pragma once

#include <optional>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/text_buffer.h"
#include "d3d9/program.h"

namespace sp::d3d9 {

// The whole listing of a shader file. Fails with the file's first error.
bool write_listing(Bytes file, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error);

// "// Parameters:" (HLSL declarations, in the table's order) and
// "// Registers:" (sorted by register), each in its comment block.
void list_constants(const ConstantTable& table, TextBuffer& out);

// The program's lines, from its version line ("    ps_3_0") to its last
// instruction.
void list_program(const Program& program, TextBuffer& out);

}  // namespace sp::d3d9
