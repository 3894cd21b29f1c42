// `dump --format=json|yaml` of a decoded legacy chunk.
#pragma once

#include <nlohmann/json.hpp>

#include "fxc/chunks.h"

namespace sp::fxc {

[[nodiscard]] nlohmann::ordered_json describe(const Chunk& chunk);

}  // namespace sp::fxc
