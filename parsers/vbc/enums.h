// The enums of VSL's reflection records as VSL's writer and Vega's loader
// number them (docs/formats/vbc.md §Layout; LibVega/VSL vsl/Types.hpp, LibVega/Vega
// Vega/Graphics/Shader), with the names the dumps print and what each
// record may hold.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace sp::vbc {

// The stages, in the order of the header's word counts and of the SPIR-V
// in the file; a stage mask has bit (1 << stage).
enum class Stage : uint8_t { vert = 0, tesc = 1, tese = 2, geom = 3, frag = 4 };
inline constexpr size_t kStageCount = 5;
inline constexpr Stage kStages[kStageCount] = {Stage::vert, Stage::tesc, Stage::tese, Stage::geom, Stage::frag};
inline constexpr uint16_t kAllStageBits = 0x1F;

[[nodiscard]] constexpr uint16_t stage_bit(Stage s) { return static_cast<uint16_t>(1u << static_cast<unsigned>(s)); }
// "vert", "tesc", "tese", "geom", "frag".
[[nodiscard]] std::string_view stage_name(Stage s);
// The SPIR-V execution model a stage's entry point has (Vertex 0 to
// Fragment 4: the same numbers as the stages).
[[nodiscard]] constexpr uint32_t execution_model_of(Stage s) { return static_cast<uint32_t>(s); }
// A SPIR-V execution model's name ("Vertex", "GLCompute"), or its number.
[[nodiscard]] std::string execution_model_name(uint32_t model);
// "vert|frag", with unknown bits as "0x0040"; "none" for 0.
[[nodiscard]] std::string stage_mask_text(uint16_t mask);

enum class BaseType : uint8_t {
  void_ = 0,
  boolean = 1,
  signed_ = 2,
  unsigned_ = 3,
  float_ = 4,
  sampler = 5,
  image = 6,
  ro_buffer = 7,
  rw_buffer = 8,
  ro_texels = 9,
  rw_texels = 10,
};

enum class TexelRank : uint8_t { e1d = 0, e2d = 1, e3d = 2, e1d_array = 3, e2d_array = 4, cube = 5, buffer = 6 };

enum class TexelType : uint8_t { signed_ = 0, unsigned_ = 1, float_ = 2, unorm = 3, snorm = 4 };

// Names as VSL spells them ("Float", "ROBuffer", "2DArray", "UNorm"), or
// the number for a value the enum does not have.
[[nodiscard]] std::string base_type_name(uint8_t v);
[[nodiscard]] std::string texel_rank_name(uint8_t v);
[[nodiscard]] std::string texel_type_name(uint8_t v);

// What each record may hold.
// Vertex inputs and fragment outputs: numbers (Signed, Unsigned, Float).
[[nodiscard]] constexpr bool is_interface_type(uint8_t v) { return v >= 2 && v <= 4; }
// Uniform members: numbers and booleans.
[[nodiscard]] constexpr bool is_member_type(uint8_t v) { return v >= 1 && v <= 4; }
// Bindings: Sampler to RWTexels.
[[nodiscard]] constexpr bool is_binding_type(uint8_t v) { return v >= 5 && v <= 10; }
[[nodiscard]] constexpr bool is_buffer(uint8_t v) {
  return v == static_cast<uint8_t>(BaseType::ro_buffer) || v == static_cast<uint8_t>(BaseType::rw_buffer);
}
[[nodiscard]] constexpr bool is_texel_rank(uint8_t v) { return v <= 6; }
[[nodiscard]] constexpr bool is_texel_type(uint8_t v) { return v <= 4; }
[[nodiscard]] constexpr bool is_component_count(uint8_t v) { return v == 1 || v == 2 || v == 4; }
[[nodiscard]] constexpr bool is_dimension(uint8_t v) { return v >= 1 && v <= 4; }

}  // namespace sp::vbc
