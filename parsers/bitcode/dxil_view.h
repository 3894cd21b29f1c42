// The DXIL view of a module: what DXC's metadata says about the shader
// (docs/formats/dxil.md; DXC's docs/DXIL.rst and DxilMetadataHelper): the
// shader model, the DXIL and validator versions, the entry points with
// their signatures, resources and properties, and the module's resources.
// Built from the IR layer's metadata (metadata.h), never from a second
// parse. Metadata that is not laid out as DXIL defines it is a warning
// (dxil_metadata_invalid) and that part of the view is left out: DXC's
// validator rejects such a module, LLVM does not.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bitcode/dxil_names.h"
#include "bitcode/module.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::bitcode::dxil {

// Tag-value pairs DXIL keeps as they are (extended properties of elements
// and resources, entry properties this view does not name).
struct Tag {
  uint32_t tag = 0;
  uint64_t operand = 0;  // the value as a tuple operand: metadata id + 1 (0 null)
};

struct SignatureElement {
  uint32_t id = 0;
  FileString semantic;
  uint32_t component_type = 0;  // DXIL::ComponentType
  uint32_t semantic_kind = 0;   // DXIL::SemanticKind
  std::vector<uint32_t> indices;
  uint32_t interpolation = 0;   // DXIL::InterpolationMode
  // Start row and column are -1 (0xFFFFFFFF) for an element the packer
  // left unallocated (SV_Depth, SV_Coverage ...).
  uint32_t rows = 0, cols = 0, start_row = 0, start_col = 0;
  // Extended properties: the output stream (tag 0), the usage mask (3).
  std::optional<uint32_t> output_stream;
  std::optional<uint32_t> dynamic_index_mask;
  std::optional<uint32_t> usage_mask;
  std::vector<Tag> other;
};

struct Signatures {
  std::vector<SignatureElement> input, output, patch_constant;
};

enum class ResourceClass : uint8_t { srv, uav, cbv, sampler };

struct Resource {
  ResourceClass cls = ResourceClass::srv;
  uint32_t id = 0;
  FileString name;
  std::string variable;  // the global symbol ("@name"), or its type for an undef
  uint32_t space = 0, lower_bound = 0, range_size = 0;
  // SRV/UAV: DXIL::ResourceKind; sampler: DXIL::SamplerKind; CBV: its size
  // in bytes.
  uint32_t kind_or_size = 0;
  uint32_t sample_count = 0;           // SRV
  bool globally_coherent = false;      // UAV
  bool has_counter = false;            // UAV
  bool rasterizer_ordered = false;     // UAV
  std::optional<uint32_t> element_type;  // extended tag 0
  std::optional<uint32_t> stride;        // extended tag 1
  bool atomic64 = false;                 // extended tag 3 (UAV)
  std::vector<Tag> other;
};

struct Resources {
  std::vector<Resource> srvs, uavs, cbvs, samplers;
  [[nodiscard]] size_t size() const { return srvs.size() + uavs.size() + cbvs.size() + samplers.size(); }
};

// A field of a stage's state tuple, named as DXC names its index
// (kDxilGSState*, kDxilDSState*, kDxilHSState*, kDxilMSState*,
// kDxilASState*): a number (an enumeration's when `names` says which),
// three for a thread group, or a value kept as its operand (the hull
// shader's patch constant function, its float tessellation factor).
struct StateField {
  std::string_view name;  // "max_vertex_count"
  std::vector<uint32_t> numbers;
  std::optional<Enum> names;
  uint64_t operand = 0;  // for a value: metadata id + 1
};

// The state tuple of a geometry (tag 1), domain (2), hull (3), mesh (9)
// or amplification (10) shader.
struct StageState {
  uint32_t tag = 0;
  std::vector<StateField> fields;
};

struct EntryPoint {
  std::string function;  // "@main", or empty (a library's placeholder)
  FileString name;
  Signatures signatures;
  std::optional<Resources> resources;   // the entry's own list (libraries)
  std::optional<uint64_t> shader_flags;  // tag 0
  std::optional<uint32_t> shader_kind;   // tag 8 (library entries)
  std::optional<std::vector<uint32_t>> num_threads;  // tag 4
  std::optional<StageState> state;  // the first state tag's
  std::vector<Tag> properties;           // every tag, as written

  // DXIL::TessellatorDomain from the HS or DS state, or nothing.
  [[nodiscard]] std::optional<uint32_t> tessellator_domain() const {
    if (state)
      for (const StateField& f : state->fields)
        if (f.names == Enum::tessellator_domain) return f.numbers[0];
    return std::nullopt;
  }
};

struct View {
  std::string shader_model;  // "ps_6_0", "lib_6_3"
  std::string stage;         // "ps"
  uint32_t major = 0, minor = 0;
  std::optional<std::pair<uint32_t, uint32_t>> dxil_version, validator_version;
  std::vector<EntryPoint> entry_points;
  Resources resources;  // dx.resources
};

// The view of `m`, or nothing when it has no dx.shaderModel (not DXIL).
// Problems are warnings in `ctx`, at the offending tuple's record, under
// `root` (the module's path). Every node visited is charged to the decode
// budget: entries may share one signature list, and the view must stay
// within the input's size.
[[nodiscard]] std::optional<View> read_view(const Module& m, const std::string& root, Context& ctx);

}  // namespace sp::bitcode::dxil
