// fxc's Level9 part (Aon9) and the debug information (DBUG) of Direct3D 9
// programs, built as fxc lays them out (docs/formats/d3d9.md, "The Level9
// part", "Debug information"), and damaged copies of each with the error
// it must end in: for the tests (tests/d3d9/level9_test.cpp), the case
// generator and the fuzz seeds. Level9 samples are DXBC containers (the
// part, then an SHDR program); debug information samples are ps_2_0 files.
#pragma once

#include <string>
#include <vector>

#include "conformance/d3d9/samples.h"
#include "d3d9/level9.h"

namespace sp::d3d9::build {

struct DebugVariableSpec {
  std::string scope;  // empty: none (offset 0)
  std::string name;
  std::vector<DebugWrite> writes;
};

struct DebugSpec {
  std::string creator = "Microsoft (R) HLSL Shader Compiler 10.1";
  std::string entry_point = "main";
  std::vector<std::string> files;
  // One per instruction; with_debug_info() fills in the offsets.
  std::vector<DebugLine> lines;
  std::vector<DebugVariableSpec> variables;
};

// The comment's data: "DBUG", then the D3DXSHADER_DEBUGINFO header, the
// file names, file and line records, each variable's scope, name, type (a
// float4) and write records, the variable records and the creator;
// strings pooled, records aligned to 4 with 0xAB, as fxc writes them.
[[nodiscard]] std::vector<uint8_t> debug_comment(const DebugSpec& spec);

// A program of `version` whose first comment is `spec`'s debug
// information, each line record naming its instruction's offset.
[[nodiscard]] std::vector<uint8_t> shader_with_debug_info(uint32_t version, const std::vector<Instruction>& body,
                                                          DebugSpec spec);

// A DXBC container holding `level9` (laid out as fxc does unless
// `keep_layout`) and an SHDR program of the same stage.
[[nodiscard]] std::vector<uint8_t> level9_container(Level9 level9, bool keep_layout = false);

// The Level9 and debug information samples, valid and damaged.
[[nodiscard]] const std::vector<Sample>& level9_samples();

}  // namespace sp::d3d9::build
