// Structure-aware mutation of a DXIL container for fuzz_dxil: half of the
// mutations edit the DXIL part's bitcode through the bitstream mutator
// (whose edits know LLVM's metadata: support/bitstream_mutator.h) of a
// container that parses, written again with its program header's sizes
// and the digest made right; the others, and every input that does not
// parse, are the container mutator's
// (support/dxcontainer_mutator.h), which change the parts the module is
// checked against.
#pragma once

#include <cstddef>
#include <cstdint>

#include "support/dxcontainer_mutator.h"

namespace sp::fuzz {

size_t mutate_dxil_container(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes);

}  // namespace sp::fuzz
