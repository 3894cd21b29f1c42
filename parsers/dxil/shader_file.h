// A DirectX container read whole, as `shaderprobe check` and `dump` read
// it: the container layer (parsers/dxcontainer), then the LLVM bitcode of
// every DXIL and ILDB part through the IR layer (parsers/bitcode). The
// conformance runner and its case generator read containers this way too,
// so that a file the suite calls valid is one `check` accepts.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "bitcode/module.h"
#include "dxcontainer/container.h"

namespace sp::dxil {

// The bitcode of one DXIL or ILDB part. Its diagnostics keep their bit
// offsets (from the start of the file) and have the part's path in front
// of theirs (parts[3].DXIL.bitcode.<path>).
struct ProgramBitcode {
  size_t part_index = 0;
  std::string part;  // "DXIL" or "ILDB"
  bitcode::ParseResult result;
};

// The bitcode of every DXIL and ILDB part of `c`, in part order; `file` is
// the input `c` was parsed from.
[[nodiscard]] std::vector<ProgramBitcode> parse_program_bitcode(const dxc::Container& c, Bytes file,
                                                                const Limits& limits);

struct ShaderFile {
  dxc::ParseResult container;            // the container layer alone
  std::vector<ProgramBitcode> programs;  // once the container parsed
  // The whole file's findings: the container's error, else the first
  // program's; the container's warnings, then each program's.
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  [[nodiscard]] bool ok() const { return !error.has_value(); }
};

[[nodiscard]] ShaderFile parse_shader_file(Bytes input, const dxc::ParseOptions& options = {});

}  // namespace sp::dxil
