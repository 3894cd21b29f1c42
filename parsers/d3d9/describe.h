// `dump --format=json|yaml` of a Direct3D 9 shader: every token with what it
// decodes to, the constant table and the debug information; and of the
// Level9 part that carries one in a DXBC container.
#pragma once

#include <nlohmann/json.hpp>

#include "d3d9/level9.h"
#include "d3d9/program.h"

namespace sp::d3d9 {

[[nodiscard]] nlohmann::ordered_json describe(const Program& program);
// A Level9 part: its header, its tables and its program.
[[nodiscard]] nlohmann::ordered_json describe(const Level9& level9);

}  // namespace sp::d3d9
