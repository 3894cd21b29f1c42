// Structure-aware mutation of LLVM bitstreams, for the LLVMFuzzerCustomMutator
// of fuzz_bitstream and fuzz_bitcode.
//
// A bitstream is a bit-packed tree: a flipped byte shifts every field after
// it, abbrev ids depend on every DEFINE_ABBREV before them and NumWords on
// the block's whole length, so a byte mutator mostly produces streams that
// die at the first field it touched. Here the input is read into a tree
// (support/bitstream_model.h), one or two edits are made (an operand, a
// record code, an abbreviation's operand kinds and widths, a block's id,
// width or nesting, an array or blob length, records and blocks added,
// dropped or duplicated, a fresh BLOCKINFO) and the tree is written again
// with the project's writer, which keeps abbrev ids, alignment and lengths
// consistent. One mutation in three, and every input the reader does not
// accept whole, goes to the engine's byte mutator instead, which reaches
// the error paths (truncations, lying lengths, bad widths) that a writer
// never emits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"  // ByteMutator

namespace sp::fuzz {

// Mutates the stream in data[0, size) in place; returns the new size
// (<= max_size). Deterministic for a given seed and byte mutator.
size_t mutate_bitstream(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

}  // namespace sp::fuzz
