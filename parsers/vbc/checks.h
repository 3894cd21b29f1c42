// What the reader does once the reflection records are read and the
// stages sliced: each stage's SPIR-V (structure, then SPIRV-Tools), and the
// reflection checked against the SPIR-V (warnings).
#pragma once

#include "core/diagnostic.h"
#include "vbc/shader.h"

namespace sp::vbc {

// Reads and validates every present stage of `shader` (the stage offsets
// are absolute, as diagnostics name them); fills StageCode::module.
bool check_stages(Shader& shader, const ReadOptions& options, Context& ctx);

// The reflection against the payload: entry points of the slot's
// execution model, vertex input and fragment output locations against the
// Input and Output variables of the vert and frag stages, stage masks
// against the stages present. Warnings only.
void cross_check(const Shader& shader, Context& ctx);

}  // namespace sp::vbc
