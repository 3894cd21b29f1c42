// `dump --format=json|yaml` of a Direct3D 9 shader: every token with what it
// decodes to, and the constant table.
#pragma once

#include <nlohmann/json.hpp>

#include "d3d9/program.h"

namespace sp::d3d9 {

[[nodiscard]] nlohmann::ordered_json describe(const Program& program);

}  // namespace sp::d3d9
