// What the VBC tests share: parsing written bytes, the parts of a
// diagnostic they compare, and the SPIRV-Tools command-line tools (spirv-val,
// spirv-dis) run on a module written to a scratch file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "conformance/subprocess.h"
#include "vbc/shader.h"

namespace sp::vbc::test {

[[nodiscard]] ParseResult parse(const std::vector<uint8_t>& file);

// The codes of `warnings`, in order.
[[nodiscard]] std::vector<Code> codes_of(const std::vector<Diagnostic>& warnings);

// A SPIRV-Tools command-line tool when installed (/usr/bin/spirv-val), or
// nothing.
[[nodiscard]] std::optional<std::string> tool(const std::string& name);

// `bytes` in a scratch file of this process, `name` in its folder.
[[nodiscard]] std::filesystem::path scratch_file(const std::string& name, const std::vector<uint8_t>& bytes);

}  // namespace sp::vbc::test
