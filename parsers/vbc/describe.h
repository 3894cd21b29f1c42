// `dump --format=json|yaml` of a VSL compiled shader: every field of the
// header and the reflection records (raw enum values beside their names),
// and per stage its place, word count, SPIR-V header, entry points and the
// Input/Output locations the cross-checks compared; then the warnings.
// `dump --format=spirv`: each stage as spirv-dis prints it.
#pragma once

#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"
#include "core/text_buffer.h"
#include "vbc/shader.h"

namespace sp::vbc {

[[nodiscard]] nlohmann::ordered_json describe(const Shader& shader, const std::vector<Diagnostic>& warnings);

// Reads `file` whole (any error ends the dump in `error`) and prints each
// present stage, in file order, as "; Stage: <name>\n" followed by exactly
// what `spirv-dis` prints for that stage's words, a blank line between
// stages. Needs SPIRV-Tools (spirv_tools::available()). The text is bounded
// by limits.max_text_per_input_byte per byte of each stage: a module whose
// friendly names would outgrow it is refused before it is disassembled.
bool write_spirv_listing(Bytes file, uint64_t base, const Limits& limits, TextBuffer& out,
                         std::optional<Diagnostic>& error);

}  // namespace sp::vbc
