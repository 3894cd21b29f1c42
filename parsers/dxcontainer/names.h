// Names for the enumerated values of DXContainer fields (enums.def) and for
// part fourccs (part_kinds.def).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace sp::dxc {

enum class EnumFamily : uint8_t {
  ShaderKind, FeatureFlag, SystemValue, ComponentType, MinPrecision, SemanticKind,
  InterpolationMode, ResourceType, ResourceKind, RootSignatureVersion, RootFlag,
  RootDescriptorFlag, DescriptorRangeFlag, StaticSamplerFlag, RootParameterType,
  DescriptorRangeType, ShaderVisibility, Filter, TextureAddressMode, ComparisonFunc,
  StaticBorderColor, RdatSectionType, SourceSection,
};

struct EnumEntry {
  EnumFamily family;
  uint64_t value;
  std::string_view name;
};

// The name of `value` in `family`, or nothing for a value with no name.
[[nodiscard]] std::optional<std::string_view> enum_name(EnumFamily family, uint64_t value);
// All entries of a family in declaration order (bit flags: ascending bits).
[[nodiscard]] std::span<const EnumEntry> enum_entries(EnumFamily family);

enum class PartTreatment : uint8_t { decoded, known, unknown };
[[nodiscard]] PartTreatment part_treatment(uint32_t fourcc);

}  // namespace sp::dxc
