// Structure-aware mutation of legacy fxc programs (SHDR / SHEX), for
// fuzz_fxc_program's LLVMFuzzerCustomMutator.
//
// Every instruction carries its length and every operand token says how
// many DWORDs follow it (extended tokens, one to three indices of four
// representations, nested relative operands, immediates), so a flipped bit
// in a program mostly yields an instruction whose length no longer matches
// and the reader stops there. Here the program is decoded, one or two edits
// are made to the model (an opcode changed within its shape or to another
// one, an operand token's component count, selection, type, index
// dimension or index representation, an extended operand or opcode token,
// an immediate or a declaration's word, relative operands nested deeper,
// instructions inserted, dropped, duplicated or moved, custom data blocks,
// function tables, the version) and the model is written again with the
// lengths it now needs (fxc::encoded_words); one time in eight
// a length is then set off by one or to a boundary value instead. One
// mutation in three, and every input that does not decode, goes to the
// engine's byte mutator, which reaches what a writer never emits.
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"  // ByteMutator

namespace sp::fuzz {

// Mutates the program in data[0, size) in place; returns the new size
// (<= max_size). Deterministic for a given seed and byte mutator.
size_t mutate_fxc_program(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

// fuzz_fxc_program's input: a selector byte, then a program. The selector
// gets a bit flipped now and then; the program goes to mutate_fxc_program.
// An input without a selector goes to the byte mutator whole.
size_t mutate_fxc_program_input(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

}  // namespace sp::fuzz
