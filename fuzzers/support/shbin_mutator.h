// Structure-aware mutation of SHBIN files, for fuzz_shbin's
// LLVMFuzzerCustomMutator.
//
// A SHBIN is headers of (offset, count) pairs: a flipped byte mostly makes
// one of them point past the end, and the reader stops at the first. Here
// the file is read into its model (shbin/model.h), one or two edits are
// made (a code word set to a fresh instruction of any format or a flow
// target on a boundary, code words inserted, dropped or duplicated,
// operand descriptors, a DVLE table entry added, dropped, duplicated or
// set to a boundary value, names, a DVLE header field, DVLEs duplicated,
// dropped or shared by another offset table entry, line information, the
// layout), and the model is laid out again by the writer (lay_out in
// picasso's or nihstro's layout) and written. One time in four, an offset
// or count of a header (a table's, the DVLE count, an offset table entry,
// a name offset, a string table's size, the file's size) is then set off
// by one, past the end, to a value whose 32-bit sum or product wraps, or
// to a boundary value. One mutation in three, and every input the reader
// rejects, goes to the engine's byte mutator, which reaches what a writer
// never emits. Nothing is written larger than max_size: write_shbin
// allocates the model's file size, which a damaged size must not let grow.
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"  // ByteMutator

namespace sp::fuzz {

// Mutates the SHBIN in data[0, size) in place; returns the new size (<=
// max_size). Deterministic for a given seed and byte mutator.
size_t mutate_shbin(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

}  // namespace sp::fuzz
