// How DXC turns a module's metadata into container fields
// (docs/formats/dxil.md, "What DXC writes from the metadata"): shader
// kinds, system values, signature component types and the SFI0 feature
// bits its shader flags imply. One table per fact, in mappings.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "bitcode/dxil_view.h"

namespace sp::dxil {

// DXIL::ShaderKind (dxcontainer/shader_kind.h) of a dx.shaderModel kind
// ("ps", "vs" ... "lib", "ms", "as"), or nothing.
[[nodiscard]] std::optional<uint32_t> shader_kind(std::string_view stage);

// The D3D_NAME ISG1/OSG1/PSG1 records for a DXIL::SemanticKind; `row` and
// the tessellator domain (DXIL::TessellatorDomain, 0 when none) matter
// for the tessellation factors only.
[[nodiscard]] uint32_t system_value(uint32_t semantic_kind, uint32_t row, uint32_t domain);

// The D3D_REGISTER_COMPONENT_TYPE a DXIL::ComponentType is recorded as;
// before validator 1.5, i1 is recorded as unknown (0).
[[nodiscard]] uint32_t signature_component_type(uint32_t component_type, bool validator_1_5);

// The D3D_MIN_PRECISION of a component type in a module that uses
// minimum precision (16-bit types not native), else 0.
[[nodiscard]] uint32_t min_precision(uint32_t component_type);

// SFI0's feature flags for a module's shader flags (kDxilShaderFlagsTag).
[[nodiscard]] uint64_t feature_info(uint64_t shader_flags);

// Shader flag bits DXC's writer reads (DxilShaderFlags field order).
inline constexpr uint64_t kLowPrecisionPresent = uint64_t{1} << 5;
inline constexpr uint64_t kUseNativeLowPrecision = uint64_t{1} << 23;

// Whether the packer gave an element a place: start row and column are -1
// when it did not.
[[nodiscard]] inline bool allocated(const bitcode::dxil::SignatureElement& e) {
  return e.start_row != UINT32_MAX && e.start_col != UINT32_MAX;
}

// An element's semantic indices as DXC's loader keeps them: a system
// value written without any gets index 0.
[[nodiscard]] std::vector<uint32_t> semantic_indices(const bitcode::dxil::SignatureElement& e);

// A SemanticKind's number (DXIL::SemanticKind).
inline constexpr uint32_t kTessFactor = 25, kInsideTessFactor = 26, kSemanticArbitrary = 0;

}  // namespace sp::dxil
