// The in-memory model of a DirectX container. Spans and FileTexts point
// into the caller's input, which must outlive the model; only data that had
// to be decoded (inflated SRCI contents) is owned. Every field keeps its raw
// on-disk value so a writer can reproduce the file and printers can show
// out-of-range values as numbers. Lists are Vec (std::vector over an
// ArenaAllocator): on the heap by default, in a Parser's arena when it
// built them.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>

#include "core/arena.h"
#include "core/box.h"
#include "core/bytes.h"
#include "core/file_text.h"
#include "core/file_text.h"
#include "core/span_reader.h"

namespace sp::dxc {

using Digest = std::array<uint8_t, 16>;

// ---- Header (32 bytes) ------------------------------------------------------
struct Header {
  Digest digest{};
  uint16_t major = 1;
  uint16_t minor = 0;
  uint32_t file_size = 0;
  uint32_t part_count = 0;
};
inline constexpr size_t kHeaderSize = 32;
inline constexpr size_t kPartHeaderSize = 8;

// ---- DXIL / ILDB program -------------------------------------------------------
// ProgramHeader (8 bytes) followed by BitcodeHeader (16 bytes).
struct ProgramHeader {
  uint8_t version = 0;  // (shader model major << 4) | minor
  uint8_t unused = 0;
  uint16_t shader_kind = 0;
  uint32_t size_in_uint32 = 0;  // whole program including this header
  uint32_t bitcode_magic = 0;   // 'DXIL'
  uint8_t dxil_minor = 0;
  uint8_t dxil_major = 0;
  uint16_t bitcode_unused = 0;
  uint32_t bitcode_offset = 0;  // from the start of the bitcode header
  uint32_t bitcode_size = 0;
  [[nodiscard]] uint8_t major() const { return static_cast<uint8_t>(version >> 4); }
  [[nodiscard]] uint8_t minor() const { return static_cast<uint8_t>(version & 0xF); }
};
inline constexpr size_t kProgramHeaderSize = 24;
inline constexpr size_t kBitcodeHeaderOffset = 8;

struct Program {
  ProgramHeader header;
  Bytes bitcode;  // for the bitcode parser
};

// ---- HASH, SFI0 --------------------------------------------------------------
struct ShaderHash {
  uint32_t flags = 0;  // 1 = includes source
  Digest digest{};
};

struct FeatureInfo {
  uint64_t flags = 0;
};

// ---- Signatures ----------------------------------------------------------------
// ISG1/OSG1/PSG1 (32-byte elements), legacy ISGN/OSGN/PCSG (24) and OSG5 (28).
enum class SignatureLayout : uint8_t { sg1, legacy, osg5 };

struct SignatureElement {
  uint32_t stream = 0;
  uint32_t name_offset = 0;  // from the start of the part
  FileText name;
  uint32_t semantic_index = 0;
  uint32_t system_value = 0;
  uint32_t component_type = 0;
  uint32_t reg = 0;
  uint8_t mask = 0;
  uint8_t exclusive_mask = 0;  // "never writes" (outputs) / "always reads" (inputs)
  uint16_t unused = 0;
  uint32_t min_precision = 0;
};

struct Signature {
  SignatureLayout layout = SignatureLayout::sg1;
  uint32_t param_count = 0;
  uint32_t first_param_offset = 8;
  Vec<SignatureElement> elements;
};

// ---- PSV0 ----------------------------------------------------------------------
// RuntimeInfo fields of every version; `version` says which are meaningful.
struct PsvRuntimeInfo {
  std::array<uint8_t, 16> stage_info{};  // union decoded by shader stage
  uint32_t min_wave_lane_count = 0;
  uint32_t max_wave_lane_count = 0;
  // v1
  uint8_t shader_stage = 0;
  uint8_t uses_view_id = 0;
  uint16_t geom_data = 0;  // MaxVertexCount (GS) / SigPatchConstOrPrimVectors (HS, DS, MS low byte) + MeshOutputTopology
  uint8_t sig_input_elements = 0;
  uint8_t sig_output_elements = 0;
  uint8_t sig_patch_or_prim_elements = 0;
  uint8_t sig_input_vectors = 0;
  std::array<uint8_t, 4> sig_output_vectors{};
  // v2
  uint32_t num_threads_x = 0;
  uint32_t num_threads_y = 0;
  uint32_t num_threads_z = 0;
  // v3
  uint32_t entry_name_offset = 0;

  [[nodiscard]] uint8_t patch_const_or_prim_vectors() const { return static_cast<uint8_t>(geom_data & 0xFF); }
};
inline constexpr uint32_t kPsvRuntimeInfoSize[4] = {24, 36, 48, 52};

// 32-bit words in one PSV0 bit mask over `vectors` signature vectors: a bit
// per component (column), 4 per vector, so 8 vectors per word, rounded up
// (DXC's PSVComputeMaskDwordsFromVectors). A ViewID mask is one such mask;
// the input/output, input/patch and patch/output maps hold one per input
// component (mask_dwords(outputs) * inputs * 4 words). In 64 bits so
// neither the sum nor those products wrap.
[[nodiscard]] inline constexpr uint64_t mask_dwords(uint32_t vectors) { return (uint64_t{vectors} + 7) >> 3; }

struct PsvResource {
  uint32_t type = 0;
  uint32_t space = 0;
  uint32_t lower_bound = 0;
  uint32_t upper_bound = 0;
  uint32_t kind = 0;   // v1+ records (24 bytes)
  uint32_t flags = 0;  // bit 0: UsedByAtomic64
};

struct PsvSignatureElement {
  uint32_t name_offset = 0;     // into the string table
  uint32_t indices_offset = 0;  // into the semantic index table
  uint8_t rows = 0;
  uint8_t start_row = 0;
  uint8_t col_bits = 0;   // Cols:4 StartCol:2 Allocated:1 Unused:1
  uint8_t kind = 0;       // SemanticKind
  uint8_t component_type = 0;
  uint8_t interpolation = 0;
  uint8_t stream_bits = 0;  // DynamicMask:4 Stream:2 Unused:2
  uint8_t reserved = 0;
  FileText name;
  U32Array indices;  // `rows` entries of the semantic index table
  [[nodiscard]] uint8_t cols() const { return col_bits & 0xF; }
  [[nodiscard]] uint8_t start_col() const { return (col_bits >> 4) & 0x3; }
  [[nodiscard]] bool allocated() const { return (col_bits >> 6) & 0x1; }
  [[nodiscard]] uint8_t dynamic_mask() const { return stream_bits & 0xF; }
  [[nodiscard]] uint8_t stream() const { return (stream_bits >> 4) & 0x3; }
};
inline constexpr uint32_t kPsvSignatureElementSize = 16;

struct Psv {
  uint32_t runtime_info_size = 0;
  uint32_t version = 0;  // inferred from runtime_info_size
  PsvRuntimeInfo info;
  uint32_t resource_count = 0;
  uint32_t resource_stride = 0;  // 0 when resource_count == 0 (not stored)
  Vec<PsvResource> resources;
  // v1+
  Bytes string_table;
  U32Array semantic_index_table;
  uint32_t element_stride = 0;  // 0 when there are no elements (not stored)
  Vec<PsvSignatureElement> inputs;
  Vec<PsvSignatureElement> outputs;
  Vec<PsvSignatureElement> patch_or_prim;
  FileText entry_name;  // v3
  // Dependency tables, present according to the stage and vector counts.
  std::array<U32Array, 4> output_vector_masks;  // ViewID -> output, per stream
  U32Array patch_or_prim_vector_mask;           // ViewID -> patch constant / primitive
  std::array<U32Array, 4> input_output_map;     // input -> output, per stream
  U32Array input_patch_map;                     // HS: input -> patch constant
  U32Array patch_output_map;                    // DS: patch constant -> output
  // Stage used to lay out the tables (PSV0's own for v1+, else DXIL's).
  uint32_t layout_stage = 0;
};

// ---- RTS0 ----------------------------------------------------------------------
struct RootConstants {
  uint32_t shader_register = 0;
  uint32_t register_space = 0;
  uint32_t num_32bit_values = 0;
};
struct RootDescriptor {
  uint32_t shader_register = 0;
  uint32_t register_space = 0;
  uint32_t flags = 0;  // v1.1+
};
struct DescriptorRange {
  uint32_t range_type = 0;
  uint32_t num_descriptors = 0;
  uint32_t base_shader_register = 0;
  uint32_t register_space = 0;
  uint32_t flags = 0;  // v1.1+
  uint32_t offset_in_descriptors_from_table_start = 0;
};
struct DescriptorTable {
  uint32_t num_ranges = 0;
  uint32_t ranges_offset = 0;
  Vec<DescriptorRange> ranges;
};
struct RootParameter {
  uint32_t type = 0;  // 0 table, 1 constants, 2 CBV, 3 SRV, 4 UAV
  uint32_t visibility = 0;
  uint32_t offset = 0;
  std::variant<DescriptorTable, RootConstants, RootDescriptor> value;
};
struct StaticSampler {
  uint32_t filter = 0;
  uint32_t address_u = 0;
  uint32_t address_v = 0;
  uint32_t address_w = 0;
  uint32_t mip_lod_bias_bits = 0;  // float bits, kept exact
  uint32_t max_anisotropy = 0;
  uint32_t comparison_func = 0;
  uint32_t border_color = 0;
  uint32_t min_lod_bits = 0;
  uint32_t max_lod_bits = 0;
  uint32_t shader_register = 0;
  uint32_t register_space = 0;
  uint32_t shader_visibility = 0;
  uint32_t flags = 0;  // v1.2
};
struct RootSignature {
  uint32_t version = 0;  // 1 = 1.0, 2 = 1.1, 3 = 1.2
  uint32_t num_parameters = 0;
  uint32_t parameters_offset = 0;
  uint32_t num_static_samplers = 0;
  uint32_t static_samplers_offset = 0;
  uint32_t flags = 0;
  Vec<RootParameter> parameters;
  Vec<StaticSampler> static_samplers;
};

// ---- ILDN, VERS ------------------------------------------------------------------
struct DebugName {
  uint16_t flags = 0;
  uint16_t name_length = 0;
  FileText name;
};

struct CompilerVersion {
  uint16_t major = 0;
  uint16_t minor = 0;
  uint32_t version_flags = 0;
  uint32_t commit_count = 0;
  uint32_t string_list_size = 0;
  FileText commit_sha;
  FileText custom_version;
};

// ---- SRCI ------------------------------------------------------------------------
struct SourceFile {
  FileText name;
  FileText content;  // points into SourceInfo::inflated or the input
};
struct SourceArg {
  FileText name;
  FileText value;
};
struct SourceInfo {
  uint32_t aligned_size = 0;
  uint16_t flags = 0;
  uint16_t section_count = 0;
  uint16_t compress_type = 0;  // 0 none, 1 zlib
  uint32_t compressed_size = 0;
  uint32_t uncompressed_size = 0;
  Vec<SourceFile> files;
  Vec<SourceArg> args;
  Vec<uint8_t> inflated;  // owned storage for decompressed contents
};

// ---- RDAT --------------------------------------------------------------------------
struct RdatSection {
  uint32_t offset = 0;  // from the start of the RDAT data
  uint32_t type = 0;
  uint32_t size = 0;
  bool is_table = false;
  uint32_t record_count = 0;
  uint32_t record_stride = 0;
  Bytes data;
};
struct RuntimeData {
  // 0x10. A first word below it is the prerelease layout, which is not
  // decoded (no sections; the writer keeps the part's bytes).
  uint32_t version = 0x10;
  Vec<RdatSection> sections;
};

// ---- Parts ---------------------------------------------------------------------------
struct RawPart {};  // PRIV, STAT, RDEF, SHDR/SHEX and unknown parts: bytes only

// The three large alternatives are boxed so that a Part stays small: most
// parts are signatures or raw. content_if / content / visit_content below
// see through the boxes.
using PartContent = std::variant<RawPart, Program, ShaderHash, FeatureInfo, Signature, Box<Psv>,
                                 Box<RootSignature>, DebugName, CompilerVersion, Box<SourceInfo>,
                                 RuntimeData>;

struct Part {
  // User-provided (not `= default`), so that value-initialising a list of
  // parts runs the member initialisers alone: with an implicit constructor
  // it first zero-fills the whole list (a memset call) and then runs them.
  Part() {}
  uint32_t fourcc = 0;
  uint32_t offset = 0;  // of the part header, from the start of the file
  uint32_t size = 0;    // of the data, as declared
  Bytes data;           // exactly `size` bytes
  PartContent content;
};

// How a content type is held in PartContent.
template <typename T>
using StoredContent = std::conditional_t<
    std::is_same_v<T, Psv> || std::is_same_v<T, RootSignature> || std::is_same_v<T, SourceInfo>, Box<T>, T>;

// The part's content as a T, or nullptr when it holds another kind.
template <typename T>
[[nodiscard]] const T* content_if(const Part& p) {
  const auto* stored = std::get_if<StoredContent<T>>(&p.content);
  if constexpr (std::is_same_v<StoredContent<T>, T>) {
    return stored;
  } else {
    return stored != nullptr ? &**stored : nullptr;
  }
}
template <typename T>
[[nodiscard]] T* content_if(Part& p) {
  return const_cast<T*>(content_if<T>(std::as_const(p)));
}

// The part's content as a T; std::bad_variant_access when it holds another kind.
template <typename T>
[[nodiscard]] const T& content(const Part& p) {
  if (const T* v = content_if<T>(p)) return *v;
  throw std::bad_variant_access();
}
template <typename T>
[[nodiscard]] T& content(Part& p) {
  return const_cast<T&>(content<T>(std::as_const(p)));
}

// std::visit over the part's content, with boxed alternatives unboxed.
template <typename F>
decltype(auto) visit_content(const Part& p, F&& f) {
  return std::visit([&f](const auto& stored) -> decltype(auto) { return f(unboxed(stored)); }, p.content);
}

struct Container {
  Header header;
  Vec<Part> parts;
  Digest computed_digest{};

  [[nodiscard]] const Part* find(uint32_t fourcc) const {
    for (const Part& p : parts)
      if (p.fourcc == fourcc) return &p;
    return nullptr;
  }
};

}  // namespace sp::dxc
