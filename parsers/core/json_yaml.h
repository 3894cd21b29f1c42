// Renders a JSON tree as YAML with the same layout as the obj2yaml dump
// (`dump --format=yaml` of every format is its JSON tree rendered so).
#pragma once

#include <nlohmann/json.hpp>

#include "core/yaml_writer.h"

namespace sp {

[[nodiscard]] yaml::Node json_to_yaml(const nlohmann::ordered_json& j);

}  // namespace sp
