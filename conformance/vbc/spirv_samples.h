// Real SPIR-V for the VBC tests, seeds and cases: the modules of
// conformance/vbc/shaders, compiled by glslangValidator -V at build time
// (or taken from the committed fallbacks), embedded in the library.
#pragma once

#include <span>
#include <string_view>

#include "core/bytes.h"

namespace sp::vbc::build {

struct SpirvSample {
  std::string_view name;  // "basic.vert", "basic_vk12.frag" (SPIR-V 1.5), "patch.tesc", ...
  Bytes bytes;            // static storage: views of it stay valid
};

// Every module, in the order of conformance/vbc/CMakeLists.txt.
[[nodiscard]] std::span<const SpirvSample> spirv_samples();

// The module called `name` (std::out_of_range when there is none).
[[nodiscard]] Bytes spirv(std::string_view name);

}  // namespace sp::vbc::build
