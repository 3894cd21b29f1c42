// A VSL compiled shader (.vbc, "Vega bytecode"): a 25-byte header, the
// reflection records (vertex inputs, fragment outputs, bindings, the
// uniform, subpass inputs), then the SPIR-V of each present stage in the
// order vert, tesc, tese, geom, frag (docs/formats/vbc.md has the layout
// and its sources). Everything is packed: no field is aligned.
//
// The model keeps every byte the file holds (padding included), so
// write_shader() re-encodes a decoded file byte for byte, and records keep
// their raw enum values: printers show values no enum names as numbers.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"
#include "core/parse_result.h"
#include "vbc/enums.h"
#include "vbc/spirv_module.h"

namespace sp::vbc {

inline constexpr size_t kHeaderSize = 25;
inline constexpr uint8_t kVersion = 1;
inline constexpr uint8_t kGraphics = 1;

// The limits VSL's compiler enforces (vsl/Shader.hpp, MAX_*).
inline constexpr uint32_t kBindingSlots = 32;          // slots are [0, 32)
inline constexpr uint32_t kMaxBindings = 32;
inline constexpr uint32_t kMaxSubpassInputs = 4;
inline constexpr uint32_t kVertexInputLocations = 16;  // locations are [0, 16)
inline constexpr uint32_t kFragmentOutputLocations = 8;
inline constexpr uint32_t kMaxNameLength = 32;
inline constexpr uint32_t kMaxUniformSize = 1024;
inline constexpr uint32_t kMaxArraySize = 64;

// Record sizes on disk.
inline constexpr size_t kInterfaceRecordSize = 8;
inline constexpr size_t kBindingRecordSize = 8;
inline constexpr size_t kSubpassRecordSize = 4;
// VSL's writer dumps its in-memory SubpassInputVariable instead of the
// record: std::string (32 bytes), a u32 index and 4 bytes of padding, a
// pointer (x86_64).
inline constexpr size_t kVslSubpassStructSize = 48;

// The binding table sizes VSL writes unless told otherwise (vsl/Shader.hpp:
// CompileOptions::DefaultTableSizes), in the order samplers, images,
// buffers, rotexels, rwtexels; Vega's loader accepts only these.
inline constexpr std::array<uint16_t, 5> kDefaultTableSizes = {8192, 128, 512, 128, 128};

struct Header {
  uint8_t version = kVersion;
  uint8_t shader_type = kGraphics;
  // The header's per-stage word counts are not kept: they are the sizes of
  // Shader::stages (the reader checks they agree; the writer derives them).
  std::array<uint16_t, 5> table_sizes = kDefaultTableSizes;
};

// A vertex input or fragment output (8 bytes).
struct InterfaceVariable {
  uint64_t file_offset = 0;
  uint8_t location = 0;
  uint8_t base_type = static_cast<uint8_t>(BaseType::float_);
  std::array<uint8_t, 2> dims = {4, 1};  // rows (vector size), columns
  uint8_t array_size = 1;
  std::array<uint8_t, 3> padding = {};
};

// A binding (8 bytes): slot, base type, stage mask, then four bytes whose
// meaning the base type picks (VSL's binding_record union): a buffer's
// element size (u16) and two bytes of padding, or a texel type's rank,
// texel type, component size and component count.
struct Binding {
  uint64_t file_offset = 0;
  uint8_t slot = 0;
  uint8_t base_type = static_cast<uint8_t>(BaseType::sampler);
  uint16_t stage_mask = 0;
  std::array<uint8_t, 4> layout = {};

  [[nodiscard]] bool is_buffer() const { return vbc::is_buffer(base_type); }
  [[nodiscard]] uint16_t buffer_size() const { return load_le<uint16_t>(layout.data()); }
  [[nodiscard]] uint8_t texel_rank() const { return layout[0]; }
  [[nodiscard]] uint8_t texel_type() const { return layout[1]; }
  [[nodiscard]] uint8_t texel_size() const { return layout[2]; }
  [[nodiscard]] uint8_t texel_components() const { return layout[3]; }
};

// A member of the uniform struct: its name, then its offset and type.
struct UniformMember {
  uint64_t file_offset = 0;
  FileString name;
  uint32_t offset = 0;  // u16 on disk (u32 in the older layout)
  uint8_t base_type = static_cast<uint8_t>(BaseType::float_);
  std::array<uint8_t, 2> dims = {4, 1};
  uint8_t array_size = 1;
};

// The uniform; absent when its size field is 0.
struct Uniform {
  uint64_t file_offset = 0;
  uint32_t size = 0;  // u16 on disk (u32 in the older layout)
  uint16_t stage_mask = 0;
  std::vector<UniformMember> members;
};

// Where the uniform's fields are.
enum class UniformLayout : uint8_t {
  // The wiki's and VSL's current writer: u16 size (a lone 0 when absent),
  // u16 stage mask, u32 member count; each member a u8 name length, the
  // name, u16 offset, u8 base type, u8 dims[2], u8 array size.
  current,
  // The older writer under the same version 1, as Vega's loader of that
  // time read it: u32 size (a lone 0 when absent), u16 stage mask, u32
  // member count; each member a 12-byte record (u32 offset, u8 base type,
  // u8 dims[2], u8 array size, u32 name length) followed by the name.
  old_u32,
};

// A subpass input (4 bytes); its attachment index is its position.
struct SubpassInput {
  uint64_t file_offset = 0;
  uint8_t texel_type = static_cast<uint8_t>(TexelType::float_);
  uint8_t components = 4;
  std::array<uint8_t, 2> padding = {};
};

// One stage's SPIR-V: empty when the stage is absent. `code` views the
// file (or, in a built model, storage its builder keeps alive).
struct StageCode {
  uint64_t file_offset = 0;
  Bytes code;
  SpirvModule module;  // what the reader found in it (not written)
  [[nodiscard]] bool present() const { return !code.empty(); }
  [[nodiscard]] size_t words() const { return code.size() / 4; }
};

// Where each section starts in the file (its count, or the uniform's size).
struct Sections {
  uint64_t vertex_inputs = 0;
  uint64_t fragment_outputs = 0;
  uint64_t bindings = 0;
  uint64_t uniform = 0;
  uint64_t subpass_inputs = 0;
  uint64_t bytecode = 0;
};

struct Shader {
  Header header;
  std::vector<InterfaceVariable> vertex_inputs;
  std::vector<InterfaceVariable> fragment_outputs;
  std::vector<Binding> bindings;
  std::optional<Uniform> uniform;
  UniformLayout uniform_layout = UniformLayout::current;
  std::vector<SubpassInput> subpass_inputs;
  std::array<StageCode, kStageCount> stages;
  Sections sections;  // as read (the writer reports its own)

  [[nodiscard]] const StageCode& stage(Stage s) const { return stages[static_cast<size_t>(s)]; }
  [[nodiscard]] StageCode& stage(Stage s) { return stages[static_cast<size_t>(s)]; }
  // The stage bits (enums.h) of the stages with SPIR-V.
  [[nodiscard]] uint16_t present_stages() const;
};

// Whether the SPIR-V of each stage also goes through SPIRV-Tools'
// validator (when the build has it: spirv_tools.h).
struct ReadOptions {
  bool validate_spirv = true;
};

struct ParsedShader {
  std::optional<Shader> shader;  // set when there is no error; views `file`
};
using ParseResult = sp::ParseResultOf<ParsedShader>;

// A whole file; `base` is the offset of file[0] in what diagnostics name.
[[nodiscard]] ParseResult parse_shader(Bytes file, const Limits& limits, uint64_t base = 0,
                                       const ReadOptions& options = {});

// What the writer does besides encoding the model.
struct WriteOptions {
  // Write each subpass input as VSL's writer does: its 48-byte in-memory
  // struct (a std::string with the name "subpassInput<i>", the index, a
  // pointer) instead of the 4-byte record. For testing the reader's
  // detection of that writer (vsl_subpass_struct_dump).
  bool vsl_subpass_struct_dump = false;
};

// The model back to bytes: counts from the vectors, the header's word
// counts from the stages, the uniform in `shader.uniform_layout`. `where`,
// when given, receives the offsets of the sections it wrote.
// Throws std::invalid_argument for a model no file can hold (a stage that
// is not whole words or longer than 65535 words, more records than a u32
// counts, a name longer than its length field): a bug in the builder, not
// something input data can cause.
[[nodiscard]] std::vector<uint8_t> write_shader(const Shader& shader, const WriteOptions& options = {},
                                                Sections* where = nullptr);

}  // namespace sp::vbc
