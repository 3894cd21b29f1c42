// The structured dump (dump --format=json|yaml) of a whole container: the
// container's, with each DXIL and ILDB part's decoded bitcode beside it
// under "bitcode".
#pragma once

#include <nlohmann/json.hpp>

#include "dxil/shader_file.h"

namespace sp::dxil {

// `f` must be ok().
[[nodiscard]] nlohmann::ordered_json describe(const ShaderFile& f);

}  // namespace sp::dxil
