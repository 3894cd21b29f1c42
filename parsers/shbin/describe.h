// `dump --format=json|yaml` of a SHBIN: every field the reader decoded,
// raw values beside what they mean (registers named, float24 as floats,
// each code word decoded and disassembled).
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"
#include "shbin/model.h"

namespace sp::shbin {

[[nodiscard]] nlohmann::ordered_json describe(const Shbin& shbin, const std::vector<Diagnostic>& warnings);

}  // namespace sp::shbin
