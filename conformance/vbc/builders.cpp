#include "conformance/vbc/builders.h"

#include <list>
#include <stdexcept>

#include "conformance/hostile_text.h"

namespace sp::vbc::build {
namespace {

constexpr uint8_t u8(BaseType t) { return static_cast<uint8_t>(t); }
constexpr uint8_t u8(TexelRank r) { return static_cast<uint8_t>(r); }
constexpr uint8_t u8(TexelType t) { return static_cast<uint8_t>(t); }

}  // namespace

InterfaceVariable input(uint8_t location, BaseType type, uint8_t rows, uint8_t columns, uint8_t array_size) {
  InterfaceVariable v;
  v.location = location;
  v.base_type = u8(type);
  v.dims = {rows, columns};
  v.array_size = array_size;
  return v;
}

InterfaceVariable output(uint8_t location, BaseType type, uint8_t components) {
  return input(location, type, components, 1, 1);
}

Binding buffer(uint8_t slot, BaseType kind, uint16_t stage_mask, uint16_t size) {
  Binding b;
  b.slot = slot;
  b.base_type = u8(kind);
  b.stage_mask = stage_mask;
  store_le_at(b.layout, 0, size);
  return b;
}

Binding texels(uint8_t slot, BaseType kind, uint16_t stage_mask, TexelRank rank, TexelType type, uint8_t size,
               uint8_t components) {
  Binding b;
  b.slot = slot;
  b.base_type = u8(kind);
  b.stage_mask = stage_mask;
  b.layout = {u8(rank), u8(type), size, components};
  return b;
}

UniformMember member(std::string name, uint32_t offset, BaseType type, uint8_t rows, uint8_t columns,
                     uint8_t array_size) {
  UniformMember m;
  m.name = std::move(name);
  m.offset = offset;
  m.base_type = u8(type);
  m.dims = {rows, columns};
  m.array_size = array_size;
  return m;
}

Uniform uniform(uint32_t size, uint16_t stage_mask, std::vector<UniformMember> members) {
  Uniform u;
  u.size = size;
  u.stage_mask = stage_mask;
  u.members = std::move(members);
  return u;
}

SubpassInput subpass(TexelType type, uint8_t components) {
  SubpassInput s;
  s.texel_type = u8(type);
  s.components = components;
  return s;
}

Shader shader(const Stages& stages) {
  Shader s;
  s.stage(Stage::vert).code = stages.vert;
  s.stage(Stage::tesc).code = stages.tesc;
  s.stage(Stage::tese).code = stages.tese;
  s.stage(Stage::geom).code = stages.geom;
  s.stage(Stage::frag).code = stages.frag;
  return s;
}

uint16_t mask_of(const Stages& stages) { return shader(stages).present_stages(); }

namespace {

constexpr uint16_t kVert = stage_bit(Stage::vert);
constexpr uint16_t kFrag = stage_bit(Stage::frag);

// The interface of basic.vert and basic.frag (and of every stage chain
// that ends in them).
void basic_interface(Shader& s) {
  s.vertex_inputs = {input(0, BaseType::float_, 3), input(1, BaseType::float_, 2), input(2)};
  s.fragment_outputs = {output(0)};
}

Shader basic() {
  Shader s = shader({.vert = spirv("basic.vert"), .frag = spirv("basic.frag")});
  basic_interface(s);
  s.bindings = {texels(0, BaseType::sampler, kFrag, TexelRank::e2d),
                buffer(1, BaseType::ro_buffer, kVert, 64)};
  s.uniform = uniform(80, kVert | kFrag,
                      {member("transform", 0, BaseType::float_, 4, 4), member("tint", 64, BaseType::float_, 4)});
  return s;
}

Stages all_five() {
  return {.vert = spirv("basic.vert"),
          .tesc = spirv("patch.tesc"),
          .tese = spirv("patch.tese"),
          .geom = spirv("patch.geom"),
          .frag = spirv("basic.frag")};
}

Shader all_stages() {
  Shader s = shader(all_five());
  basic_interface(s);
  const uint16_t tess = stage_bit(Stage::tesc) | stage_bit(Stage::tese);
  s.bindings = {buffer(0, BaseType::ro_buffer, tess, 16), texels(1, BaseType::sampler, stage_bit(Stage::geom) | kFrag, TexelRank::cube),
                buffer(2, BaseType::rw_buffer, kAllStageBits, 256)};
  s.uniform = uniform(16, kAllStageBits, {member("time", 0, BaseType::float_, 1), member("frame", 4, BaseType::unsigned_, 1)});
  return s;
}

// 16 vertex inputs, all five stages, 32 bindings of every kind and rank, a
// 1024-byte uniform with 32-character names and a 64-element array, and 4
// subpass inputs: every limit of VSL's compiler at its maximum.
Shader every_limit() {
  Stages stages = all_five();
  stages.vert = spirv("max_inputs.vert");
  stages.frag = spirv("subpass.frag");
  Shader s = shader(stages);
  for (uint8_t i = 0; i < kVertexInputLocations; ++i) s.vertex_inputs.push_back(input(i));
  s.fragment_outputs = {output(0), output(1, BaseType::signed_), output(2, BaseType::unsigned_), output(3)};
  const BaseType texel_kinds[] = {BaseType::sampler, BaseType::image, BaseType::ro_texels, BaseType::rw_texels};
  const TexelType texel_types[] = {TexelType::signed_, TexelType::unsigned_, TexelType::float_, TexelType::unorm,
                                   TexelType::snorm};
  const uint8_t components[] = {1, 2, 4};
  // Slots from 31 down: the table need not be in slot order.
  for (uint8_t i = 0; i < kMaxBindings; ++i) {
    const auto slot = static_cast<uint8_t>(kBindingSlots - 1 - i);
    const auto mask = static_cast<uint16_t>(1u << (i % kStageCount));
    if (i % 3 == 2) {
      s.bindings.push_back(buffer(slot, i % 2 == 0 ? BaseType::ro_buffer : BaseType::rw_buffer, mask,
                                  static_cast<uint16_t>(16 * (i + 1))));
    } else {
      const BaseType kind = texel_kinds[i % 4];
      const bool buffer_rank = kind == BaseType::ro_texels || kind == BaseType::rw_texels;
      const auto rank = buffer_rank ? TexelRank::buffer : static_cast<TexelRank>(i % 6);
      s.bindings.push_back(texels(slot, kind, mask, rank, texel_types[i % 5], 4, components[i % 3]));
    }
  }
  s.uniform = uniform(kMaxUniformSize, kAllStageBits,
                      {member("projection", 0, BaseType::float_, 4, 4),
                       member("a_name_of_exactly_32_characters_", 64, BaseType::float_, 4),
                       member("weights", 80, BaseType::float_, 4, 1, kMaxArraySize - 8),
                       member("enabled", 976, BaseType::boolean, 1),
                       member("counts", 992, BaseType::signed_, 4),
                       member("last", kMaxUniformSize - 4, BaseType::unsigned_, 1)});
  s.subpass_inputs = {subpass(TexelType::float_, 4), subpass(TexelType::signed_, 4),
                      subpass(TexelType::unsigned_, 4), subpass(TexelType::unorm, 4)};
  return s;
}

Shader max_outputs() {
  Shader s = shader({.vert = spirv("basic.vert"), .frag = spirv("max_outputs.frag")});
  basic_interface(s);
  s.fragment_outputs.clear();
  for (uint8_t i = 0; i < kFragmentOutputLocations; ++i) s.fragment_outputs.push_back(output(i));
  return s;
}

Shader matrix_inputs() {
  Shader s = shader({.vert = spirv("matrix.vert"), .frag = spirv("basic.frag")});
  s.vertex_inputs = {input(0, BaseType::float_, 4, 4), input(4, BaseType::float_, 3),
                     input(5, BaseType::signed_, 2), input(6, BaseType::unsigned_, 1)};
  s.fragment_outputs = {output(0)};
  return s;
}

// VSL's own target: shaderc for Vulkan 1.2, SPIR-V 1.5.
Shader spirv_1_5() {
  Shader s = basic();
  s.stage(Stage::vert).code = spirv("basic_vk12.vert");
  s.stage(Stage::frag).code = spirv("basic_vk12.frag");
  return s;
}

// No bindings, no uniform (its lone zero size), no subpass inputs.
Shader bare() {
  Shader s = shader({.vert = spirv("basic.vert"), .frag = spirv("basic.frag")});
  basic_interface(s);
  return s;
}

}  // namespace

std::vector<Sample> valid_samples() {
  std::vector<Sample> out;
  out.push_back({"bare", bare()});
  out.push_back({"basic", basic()});
  out.push_back({"all_stages", all_stages()});
  out.push_back({"every_limit", every_limit()});
  out.push_back({"max_outputs", max_outputs()});
  out.push_back({"matrix_inputs", matrix_inputs()});
  out.push_back({"spirv_1_5", spirv_1_5()});
  return out;
}

Shader sample(std::string_view name) {
  for (Sample& s : valid_samples())
    if (s.name == name) return std::move(s.shader);
  throw std::out_of_range("no VBC sample " + std::string(name));
}

Bytes spirv(std::string_view name) {
  for (const SpirvSample& s : spirv_samples())
    if (s.name == name) return s.bytes;
  throw std::out_of_range("no SPIR-V sample " + std::string(name));
}

std::vector<uint8_t> bytes(const Shader& shader, const WriteOptions& options) { return write_shader(shader, options); }

std::vector<uint32_t> words_of(Bytes spirv) {
  std::vector<uint32_t> out(spirv.size() / 4);
  for (size_t i = 0; i < out.size(); ++i) out[i] = load_le<uint32_t>(spirv.data() + 4 * i);
  return out;
}

std::vector<uint8_t> bytes_of(std::span<const uint32_t> words) {
  std::vector<uint8_t> out(words.size() * 4);
  for (size_t i = 0; i < words.size(); ++i) store_le_at(out, 4 * i, words[i]);
  return out;
}

namespace {

constexpr uint32_t kOpEntryPoint = 15;

// `code` with each OpEntryPoint's name overwritten by `text`.
std::vector<uint8_t> renamed_entry_points(Bytes code, std::string_view text, size_t& set) {
  std::vector<uint8_t> out(code.begin(), code.end());
  for (size_t at = kSpirvHeaderWords * 4; at + 4 <= out.size();) {
    const uint32_t word = load_le<uint32_t>(out.data() + at);
    const size_t words = word >> 16;
    if (words == 0 || at + 4 * words > out.size()) break;
    if ((word & 0xFFFF) == kOpEntryPoint && words > 3) {
      uint8_t* name = out.data() + at + 12;
      const size_t room = 4 * (words - 3);
      for (size_t i = 0; i < room && name[i] != 0; ++i) {
        name[i] = static_cast<uint8_t>(text[i % text.size()]);
        if (name[i] == 0) name[i] = 1;  // the name keeps its length
      }
      ++set;
    }
    at += 4 * words;
  }
  return out;
}

}  // namespace

std::vector<uint8_t> with_hostile_texts(Shader s, size_t& k, size_t& names, size_t& entries) {
  std::list<std::vector<uint8_t>> code;  // the stages' new SPIR-V, alive until written
  for (StageCode& stage : s.stages)
    if (stage.present()) stage.code = code.emplace_back(renamed_entry_points(stage.code, conform::hostile_text(k++), entries));
  if (s.uniform)
    for (UniformMember& m : s.uniform->members) {
      m.name = std::string(conform::hostile_text(k++));
      ++names;
    }
  return bytes(s);
}

}  // namespace sp::vbc::build
