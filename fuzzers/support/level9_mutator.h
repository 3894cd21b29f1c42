// Structure-aware mutation of fxc's Level9 part (Aon9), for
// fuzz_d3d9_level9's LLVMFuzzerCustomMutator.
//
// The part is a header of sizes, offsets and counts that must agree with
// each other before the reader looks at the program, so a flipped byte
// mostly stops at the header. Here the part is read into its model
// (d3d9/level9.h), one edit is made (a mapping entry's field set to a
// boundary value, an entry added, dropped or duplicated in any table, or
// the program's bytes handed to the engine's byte mutator: its tokens,
// comments and debug information), and the part is laid out again as fxc
// lays it out (lay_out) and written. One time in four a header field (a
// size, an offset, a count, the unknown table's) is then set off by one or
// to a boundary value. One mutation in three, and every input the reader
// rejects, goes to the byte mutator whole.
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"  // ByteMutator

namespace sp::fuzz {

// Mutates the part in data[0, size) in place; returns the new size (<=
// max_size). Deterministic for a given seed and byte mutator.
size_t mutate_level9(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

}  // namespace sp::fuzz
