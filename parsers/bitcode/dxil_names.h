// Names of DXC's DXIL enumerations (dxil_enums.def), for the view's dump
// and the messages of the container checks.
#pragma once

#include <cstdint>
#include <string>

namespace sp::bitcode::dxil {

enum class Enum : uint8_t {
  component_type, semantic_kind, interpolation, resource_kind, sampler_kind, shader_kind, entry_property,
  input_primitive, primitive_topology, tessellator_domain, tessellator_partitioning, tessellator_output_primitive,
  mesh_output_topology,
};

// DXC's name of `value` ("F32", "Position"), else the number.
[[nodiscard]] std::string enum_text(Enum e, uint32_t value);

}  // namespace sp::bitcode::dxil
