// `dump --format=yaml|json` of LLVM bitcode: the IR layer's model as JSON
// (YAML is the same tree), one object per module.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "bitcode/dxil_view.h"
#include "bitcode/module.h"

namespace sp::bitcode {

// `views` holds each module's DXIL view (dxil_view.h), when it has one
// (the registry's format reads them; formats/read.h).
[[nodiscard]] nlohmann::ordered_json describe(const File& file, const std::vector<Diagnostic>& warnings,
                                              const std::vector<std::optional<dxil::View>>& views = {});
[[nodiscard]] nlohmann::ordered_json describe_module(const Module& m);
// A module's metadata (describe_metadata.cpp).
[[nodiscard]] nlohmann::ordered_json describe_metadata(const Module& m);
// A tuple operand (metadata id + 1, 0 null) in IR syntax: `null`,
// `!"text"`, `i32 5`, `void ()* @main`, else the reference `!12`.
[[nodiscard]] nlohmann::ordered_json metadata_operand(const Module& m, uint64_t op);
// A module's DXIL view (describe_dxil.cpp).
[[nodiscard]] nlohmann::ordered_json describe_dxil(const Module& m, const dxil::View& v);

}  // namespace sp::bitcode
