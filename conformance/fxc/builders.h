// The programs of the fxc conformance suite's valid cases, built with
// fxc/builder.h: together they use every opcode of opcodes.def (grouped
// by the shader model that introduced it), every declaration, every
// extended opcode token, every index representation, nested relative
// addressing, every custom-data class, class linkage, the hull shader's
// phases and SM5.1's ranges with spaces. Shared by the case generator
// (conformance/fxc/generate_cases.cpp) and the tests
// (tests/fxc/cases_test.cpp checks the coverage claim).
//
// The programs are valid beyond their encoding too, so the semantic
// checks find nothing in them: every temp, indexable temp, resource,
// sampler, UAV and constant buffer they use is declared, control flow
// nests, and declarations come first in each phase.
#pragma once

#include <string>
#include <vector>

#include "core/bytes.h"
#include "fxc/program.h"

namespace sp::fxc::cases {

struct ProgramCase {
  std::string name;  // without its y_ prefix
  Program program;
  std::string comment;
  std::vector<std::string> flags;  // the suite's flags.json names
};

[[nodiscard]] std::vector<ProgramCase> valid_programs();

// A program whose last instruction but ret, a mov of depth + 5 + offsets
// DWORDs, nests `depth` relative operands (icb[icb[...icb[r0.x]...]]): 63
// is the deepest limits.max_depth (64) lets the reader decode. The outer
// `offsets` levels (at most depth - 1) add an immediate 0 to their index,
// a DWORD each.
[[nodiscard]] Program nested_relative(uint32_t depth, uint32_t offsets = 0);

// `container` with every text the fxc chunks' writers set (RDEF's creator
// and names, IFCE's class names; a record without a name keeps none) and
// the container's signature names made conform::hostile_text(k), k
// counting up; `set` counts them. Empty when the container does not
// parse.
[[nodiscard]] std::vector<uint8_t> with_hostile_texts(Bytes container, size_t& k, size_t& set);

}  // namespace sp::fxc::cases
