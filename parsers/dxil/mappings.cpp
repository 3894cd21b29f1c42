// The tables of mappings.h, from DXC's DxilContainerAssembler
// (SemanticKindToSystemValue, CompTypeToSigCompType, CompTypeToSigMinPrecision)
// and DxilShaderFlags (GetFeatureInfo); docs/formats/dxil.md.
#include "dxil/mappings.h"

#include <utility>

#include "dxcontainer/shader_kind.h"

namespace sp::dxil {
namespace {

// ShaderModelKindNames, indexed by DXIL::ShaderKind; the kinds DXIL's
// dx.shaderModel can name.
constexpr std::pair<std::string_view, uint32_t> kStages[] = {
    {"ps", dxc::kPixel},     {"vs", dxc::kVertex}, {"gs", dxc::kGeometry},
    {"hs", dxc::kHull},      {"ds", dxc::kDomain}, {"cs", dxc::kCompute},
    {"lib", dxc::kLibrary},  {"ms", dxc::kMesh},   {"as", dxc::kAmplification},
};

// SemanticKind -> D3D_NAME for the kinds with one value; the others are
// below. Kinds DXC's table has no entry for are written as StencilRef (69)
// by its release builds (they are rarely in a signature at all).
constexpr uint32_t kStencilRef = 69;
constexpr std::pair<uint32_t, uint32_t> kSystemValues[] = {
    {0, 0},  {1, 6},   {2, 8},   {3, 1},   {4, 4},   {5, 5},   {6, 2},   {7, 3},   {10, 7},  {12, 10},
    {13, 9}, {14, 66}, {15, 70}, {16, 64}, {17, 65}, {18, 68}, {19, 67}, {20, 69}, {28, 23}, {29, 24},
    {30, 25}, {33, 0},
};

// DXIL::TessellatorDomain.
constexpr uint32_t kIsoLine = 1, kTri = 2, kQuad = 3;

// SFI0 bit for each shader flag bit (GetFeatureInfo); bit 5 depends on bit
// 23 and is handled apart.
constexpr std::pair<uint32_t, uint64_t> kFeatures[] = {
    {2, 0x1},        {6, 0x20},        {7, 0x40},        {9, 0x2000},      {10, 0x400},       {11, 0x200},
    {12, 0x100},     {13, 0x800},      {14, 0x80},       {15, 0x8},        {16, 0x4},         {17, 0x2},
    {18, 0x1000},    {19, 0x4000},     {20, 0x8000},     {21, 0x10000},    {22, 0x20000},     {24, 0x80000},
    {25, 0x100000},  {26, 0x200000},   {27, 0x400000},   {28, 0x800000},   {29, 0x1000000},   {30, 0x2000000},
    {31, 0x4000000}, {32, 0x10000000}, {34, 0x20000000}, {35, 0x40000000}, {37, 0x80000000},  {38, 0x100000000},
    {39, 0x10000000000}, {40, 0x20000000000},
};

}  // namespace

std::optional<uint32_t> shader_kind(std::string_view stage) {
  for (const auto& [name, kind] : kStages)
    if (name == stage) return kind;
  return std::nullopt;
}

uint32_t system_value(uint32_t semantic_kind, uint32_t row, uint32_t domain) {
  if (semantic_kind == kTessFactor) {
    if (domain == kIsoLine) return row == 0 ? 16 : 15;  // density, then detail
    return domain == kTri ? 13 : domain == kQuad ? 11 : 0;
  }
  if (semantic_kind == kInsideTessFactor) return domain == kTri ? 14 : domain == kQuad ? 12 : 0;
  for (const auto& [kind, value] : kSystemValues)
    if (kind == semantic_kind) return value;
  return kStencilRef;
}

uint32_t signature_component_type(uint32_t component_type, bool validator_1_5) {
  switch (component_type) {
    case 1: return validator_1_5 ? 1 : 0;  // I1 as UInt32
    case 2: return 5;   // I16 -> SInt16
    case 3: return 4;   // U16 -> UInt16
    case 4: return 2;   // I32 -> SInt32
    case 5: return 1;   // U32 -> UInt32
    case 6: return 8;   // I64 -> SInt64
    case 7: return 7;   // U64 -> UInt64
    case 8: return 6;   // F16 -> Float16
    case 9: return 3;   // F32 -> Float32
    case 10: return 9;  // F64 -> Float64
    default: return 0;
  }
}

uint32_t min_precision(uint32_t component_type) {
  switch (component_type) {
    case 2: return 4;  // I16 -> SInt16
    case 3: return 5;  // U16 -> UInt16
    case 8: return 1;  // F16 -> Float16
    default: return 0;
  }
}

std::vector<uint32_t> semantic_indices(const bitcode::dxil::SignatureElement& e) {
  if (e.indices.empty() && e.semantic_kind != kSemanticArbitrary) return {0};
  return e.indices;
}

uint64_t feature_info(uint64_t shader_flags) {
  uint64_t out = 0;
  for (const auto& [bit, feature] : kFeatures)
    if ((shader_flags >> bit) & 1) out |= feature;
  if (shader_flags & kLowPrecisionPresent) out |= (shader_flags & kUseNativeLowPrecision) ? 0x40000 : 0x10;
  return out;
}

}  // namespace sp::dxil
