// Legacy fxc programs built with the project's builder (fxc/builder.h),
// named: the seeds of fuzz_fxc_program (seeds_fxc.cpp) and the programs
// the mutator's tests start from. Between them they hold every opcode of
// opcodes.def, every program type, SM4.0 to SM5.1, the declarations a
// compiler writes (SM5.1 ranges with their spaces among them), class
// linkage, hull-shader phases, geometry-shader streams, the immediate
// constant buffer and other custom data, extended opcode and operand
// tokens, minimum precision, and relative operands nested two deep.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "fxc/program.h"

namespace sp::fuzz {

[[nodiscard]] std::vector<std::pair<std::string, fxc::Program>> fxc_program_seeds();

}  // namespace sp::fuzz
