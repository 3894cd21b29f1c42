// Structure-aware mutation of DirectX containers, for fuzz_dxcontainer's
// LLVMFuzzerCustomMutator / LLVMFuzzerCustomCrossOver.
//
// Byte flips almost never get past a container's offset table and digest,
// so most of a byte-mutating fuzzer's executions die in the header checks.
// Here the input is read, one part-level change is made and the container
// is written again by the project's writer, which recomputes offsets, sizes
// and the digest. Half of these changes go to a part's decoded content (a
// version, a stage, a list one item longer: dxcontainer_content_mutation.h)
// when the whole input parses; the others need only the container layer
// (header, offset table, part headers) and change a part's bytes, a size or
// count inside it, or the list of parts (add, drop, duplicate, reorder,
// rename). Five mutations in six, and every input whose container layer does
// not parse, go to the engine's byte mutator: it is much cheaper, works
// inside parts as well (a stale digest is only a warning) and damages
// headers and offsets.
#pragma once

#include <cstddef>
#include <cstdint>

namespace sp::fuzz {

// The shape of libFuzzer's LLVMFuzzerMutate: mutates data[0, size) in place
// within max_size bytes and returns the new size.
using ByteMutator = size_t (*)(uint8_t* data, size_t size, size_t max_size);

// The shapes of every format's mutator and crossover (mutate_container and
// cross_over_containers below): the generated libFuzzer hooks
// (mutator_hooks.h) and the installed kit's table declare the functions
// they name with these, so a definition of another shape fails to link.
using MutatorFn = size_t(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);
using CrossOverFn = size_t(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out,
                           size_t max_out_size, unsigned seed);

// Mutates the container in data[0, size) in place; returns the new size
// (<= max_size). Deterministic for a given seed and byte mutator.
size_t mutate_container(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

// Splices: the first container with one part of the second inserted or
// substituted. Returns the size written to out, or 0 when either input does
// not parse or the result would not fit (libFuzzer then tries another
// mutation).
size_t cross_over_containers(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out,
                             size_t max_out_size, unsigned seed);

}  // namespace sp::fuzz
