// The seeds of the legacy fxc chunk targets (seeds_fxc.cpp), named.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fxc/program.h"

namespace sp::fuzz {

// Programs built with the project's builder (fxc/builder.h), which the
// mutator's tests start from too. Between them they hold every opcode of
// opcodes.def, every program type, SM4.0 to SM5.1, the declarations a
// compiler writes (SM5.1 ranges with their spaces among them), class
// linkage, hull-shader phases, geometry-shader streams, the immediate
// constant buffer and other custom data, extended opcode and operand
// tokens, minimum precision, and relative operands nested two deep.
[[nodiscard]] std::vector<std::pair<std::string, fxc::Program>> fxc_program_seeds();

// A chunk's bytes and the tag a container gives them.
struct ChunkSeed {
  std::string name;
  std::string_view tag;
  std::vector<uint8_t> data;
};

// STAT in each layout the compilers write (28, 29, 37 DWORDs) and in sizes
// none writes (empty, one DWORD, past 37, a partial DWORD); IFCE empty and
// with class types, instances and slots that span several interfaces.
[[nodiscard]] std::vector<ChunkSeed> fxc_stat_ifce_seeds();

// RDEF of every version (SM4.0, 4.1, 5.0 with RD11, 5.1 with spaces and
// range ids), laid out by fxc/rdef_builder.h: constant buffers of every
// kind (cbuffer, tbuffer, interface pointers, resource bind info),
// variables with default values, the type tree (scalars, vectors,
// matrices, arrays, a struct whose members share a type, interface
// classes and pointers, a base class, interfaces), and a binding of every
// input type with its return type, dimension, samples or stride, flags
// and space.
[[nodiscard]] std::vector<ChunkSeed> fxc_rdef_seeds();

}  // namespace sp::fuzz
