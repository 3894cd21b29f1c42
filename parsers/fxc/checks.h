// Semantic checks on a decoded program, reported as warnings: a program
// can decode token by token and still be one no compiler writes and a
// driver may reject or run wrongly (docs/formats/fxc.md, "Semantic
// checks"):
//   register_out_of_range          r# beyond dcl_temps, x#[i] beyond its
//                                  dcl_indexableTemp (or x# undeclared)
//   undeclared_resource            t#, s#, u#, cb# without a declaration
//                                  (SM5.1: by range id)
//   unbalanced_control_flow        if/else/endif, loop/endloop,
//                                  switch/case/default/endswitch
//   declaration_after_instruction  a declaration after the first
//                                  instruction of its phase
// A hull shader's phases each declare their own temps and start a
// declaration section of their own; resources are declared once for the
// whole program. Each check is one pass over the instructions, after one
// that collects the declarations: resource registers below 128 (every
// slot D3D binds) a bit each, others and indexable temps sorted (n log n
// in their number: no hash table, whose collisions a crafted file could
// choose). Nothing is allocated per instruction but a record per open
// block.
#pragma once

#include "fxc/chunk.h"
#include "fxc/program.h"

namespace sp::fxc {

// Warns in s.ctx; `s` is the chunk `program` was decoded from (its file
// offset and field path).
void check_program(const Program& program, const ChunkScope& s);

}  // namespace sp::fxc
