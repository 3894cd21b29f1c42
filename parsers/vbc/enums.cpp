#include "vbc/enums.h"

#include <array>

#include "core/strings.h"

namespace sp::vbc {
namespace {

template <size_t N>
std::string name_or_number(const std::array<std::string_view, N>& names, uint32_t v) {
  return v < N ? std::string(names[v]) : std::to_string(v);
}

constexpr std::array<std::string_view, 5> kStageNames = {"vert", "tesc", "tese", "geom", "frag"};
// SPIR-V's ExecutionModel (the SPIR-V specification, 3.3), as spirv-dis
// prints it.
constexpr std::array<std::string_view, 6> kExecutionModels = {"Vertex",   "TessellationControl",
                                                              "TessellationEvaluation", "Geometry",
                                                              "Fragment", "GLCompute"};
constexpr std::array<std::string_view, 11> kBaseTypes = {"Void",     "Boolean",  "Signed",   "Unsigned",
                                                         "Float",    "Sampler",  "Image",    "ROBuffer",
                                                         "RWBuffer", "ROTexels", "RWTexels"};
constexpr std::array<std::string_view, 7> kTexelRanks = {"1D", "2D", "3D", "1DArray", "2DArray", "Cube", "Buffer"};
constexpr std::array<std::string_view, 5> kTexelTypes = {"Signed", "Unsigned", "Float", "UNorm", "SNorm"};

}  // namespace

std::string_view stage_name(Stage s) { return kStageNames[static_cast<size_t>(s)]; }

std::string execution_model_name(uint32_t model) { return name_or_number(kExecutionModels, model); }

std::string stage_mask_text(uint16_t mask) {
  if (mask == 0) return "none";
  std::string out;
  for (Stage s : kStages) {
    if ((mask & stage_bit(s)) == 0) continue;
    if (!out.empty()) out += '|';
    out += stage_name(s);
  }
  const uint16_t unknown = mask & static_cast<uint16_t>(~kAllStageBits);
  if (unknown != 0) {
    if (!out.empty()) out += '|';
    out += strprintf("0x%04x", unknown);
  }
  return out;
}

std::string base_type_name(uint8_t v) { return name_or_number(kBaseTypes, v); }
std::string texel_rank_name(uint8_t v) { return name_or_number(kTexelRanks, v); }
std::string texel_type_name(uint8_t v) { return name_or_number(kTexelTypes, v); }

}  // namespace sp::vbc
