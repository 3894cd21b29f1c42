// The LLVM bitcode inside a DXContainer's DXIL and ILDB parts, parsed by the
// IR layer: what `check` and `dump --format=yaml|json` add to a container.
// Errors and warnings keep their bit offsets (from the start of the file)
// and get the part's path in front of theirs.
#pragma once

#include <string>
#include <vector>

#include "bitcode/module.h"
#include "dxcontainer/model.h"

namespace sp::cli {

struct ProgramBitcode {
  size_t part_index = 0;
  std::string part;  // "DXIL" or "ILDB"
  bitcode::ParseResult result;
};

std::vector<ProgramBitcode> parse_program_bitcode(const dxc::Container& c, Bytes file, const Limits& limits);

}  // namespace sp::cli
