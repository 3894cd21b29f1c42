// Structure-aware mutation of VSL compiled shaders (.vbc), for fuzz_vbc's
// LLVMFuzzerCustomMutator and LLVMFuzzerCustomCrossOver.
//
// A .vbc file is a chain of counted tables and a uniform of variable-sized
// members, then SPIR-V whose word counts sit in the header, so a flipped
// byte in the reflection mostly breaks a count or a limit, and one in the
// SPIR-V (most of the file) mostly an instruction's word count: byte
// mutation rarely makes a file with other records or other stages that the
// reader gets through. Here the input is read (by the structural reader:
// editing needs no SPIRV-Tools), one or two edits are made to the model and
// it is written again with the counts and word counts it now needs:
//  - a vertex input, fragment output, binding, uniform member or subpass
//    input added, dropped, duplicated or swapped with another, or a field of
//    one set on or next to its limit (locations 15/16 and 7/8, slots 31/32
//    and a slot bound twice, base types, texel ranks and types, component
//    counts, dims, array sizes 0/1/64/65, names of 32 and 33 characters or
//    with bytes JSON must escape, member offsets at the uniform's end,
//    uniform sizes 1024/1025, stage masks naming absent stages, padding);
//  - the uniform added, dropped or switched to the older writer's layout;
//    the header's version, shader type and table sizes;
//  - a stage dropped, moved to another slot, or replaced by another stage
//    of the file or one of the project's SPIR-V samples (all five stages);
//  - inside a stage: an instruction dropped, duplicated or swapped with the
//    next, an operand word set to a boundary value, an entry point's
//    execution model or a Location decoration changed (the cross-checks'
//    warnings), the SPIR-V version, an instruction's word count set wrong.
// One time in eight a count the writer wrote (a table's count, the
// uniform's size or member count, a stage's word count in the header) is
// then set off by one or to a boundary value, and one time in sixteen the
// subpass inputs are written as VSL's writer wrote them (48-byte structs).
// One mutation in three, and every input the reader rejects, go to the
// engine's byte mutator (support/model_mutation.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"  // ByteMutator

namespace sp::fuzz {

// Mutates the file in data[0, size) in place; returns the new size
// (<= max_size). Deterministic for a given seed and byte mutator.
size_t mutate_vbc(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

// Splices: the first file with a stage, or a whole table, of the second put
// in its place. Returns the size written to out, or 0 when either input
// does not read, the result would not fit, or (three seeds in four) it
// declines: libFuzzer then tries another mutation.
size_t cross_over_vbc(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out,
                      size_t max_out_size, unsigned seed);

}  // namespace sp::fuzz
