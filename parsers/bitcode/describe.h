// `dump --format=yaml|json` of LLVM bitcode: the IR layer's model as JSON
// (YAML is the same tree), one object per module.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "bitcode/module.h"

namespace sp::bitcode {

[[nodiscard]] nlohmann::ordered_json describe(const File& file, const std::vector<Diagnostic>& warnings);
[[nodiscard]] nlohmann::ordered_json describe_module(const Module& m);
// A module's metadata (describe_metadata.cpp).
[[nodiscard]] nlohmann::ordered_json describe_metadata(const Module& m);

}  // namespace sp::bitcode
