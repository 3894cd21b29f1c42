// The complete model as a JSON tree (`dump --format=json`; `--format=yaml`
// renders the same tree as YAML). Unlike obj2yaml it covers every part kind
// shaderprobe decodes, names enum values where they have names and keeps
// the raw number otherwise, and includes the parse's warnings.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "core/diagnostic.h"
#include "dxcontainer/model.h"

namespace sp::dxc {

[[nodiscard]] nlohmann::ordered_json describe(const Container& c, const std::vector<Diagnostic>& warnings);

}  // namespace sp::dxc
