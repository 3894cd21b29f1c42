// VSL compiled shaders built from models for the project's writer
// (write_shader): reflection records with VSL's defaults, stages of real
// SPIR-V (spirv_samples.h), valid samples whose records agree with their
// SPIR-V, and the helpers hostile inputs need (where each header field is,
// patching a written file, a stage's words). Shared by the tests
// (tests/vbc/), the fuzz seeds and mutator (fuzzers/) and the conformance
// case generator (generate_cases.cpp).
//
// A built Shader views the SPIR-V it was given: the samples' is static;
// words passed in by a caller must outlive the model.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/vbc/spirv_samples.h"
#include "vbc/shader.h"

namespace sp::vbc::build {

// ---- Records -----------------------------------------------------------------
// A vertex input of `rows` x `columns` (a vec4 by default).
[[nodiscard]] InterfaceVariable input(uint8_t location, BaseType type = BaseType::float_, uint8_t rows = 4,
                                      uint8_t columns = 1, uint8_t array_size = 1);
// A fragment output: never a matrix or an array (the seed's rule).
[[nodiscard]] InterfaceVariable output(uint8_t location, BaseType type = BaseType::float_, uint8_t components = 4);
// A ROBuffer or RWBuffer of `size`-byte elements.
[[nodiscard]] Binding buffer(uint8_t slot, BaseType kind, uint16_t stage_mask, uint16_t size);
// A Sampler, Image, ROTexels or RWTexels binding.
[[nodiscard]] Binding texels(uint8_t slot, BaseType kind, uint16_t stage_mask, TexelRank rank,
                             TexelType type = TexelType::float_, uint8_t size = 4, uint8_t components = 4);
[[nodiscard]] UniformMember member(std::string name, uint32_t offset, BaseType type = BaseType::float_,
                                   uint8_t rows = 4, uint8_t columns = 1, uint8_t array_size = 1);
[[nodiscard]] Uniform uniform(uint32_t size, uint16_t stage_mask, std::vector<UniformMember> members);
[[nodiscard]] SubpassInput subpass(TexelType type = TexelType::float_, uint8_t components = 4);

// ---- Whole shaders ----------------------------------------------------------------
// The SPIR-V of each stage (empty: absent).
struct Stages {
  Bytes vert{};
  Bytes tesc{};
  Bytes tese{};
  Bytes geom{};
  Bytes frag{};
};
// A shader of these stages and no records.
[[nodiscard]] Shader shader(const Stages& stages);
// The stage bits of `stages`.
[[nodiscard]] uint16_t mask_of(const Stages& stages);

// Valid shaders whose records agree with their SPIR-V (no warning), each
// showing something: every record kind, all five stages, every limit at
// its maximum, SPIR-V 1.5, the older writer's uniform layout.
struct Sample {
  std::string name;
  Shader shader;
};
[[nodiscard]] std::vector<Sample> valid_samples();
// The sample called `name` (std::out_of_range when there is none).
[[nodiscard]] Shader sample(std::string_view name);

// write_shader() of a model.
[[nodiscard]] std::vector<uint8_t> bytes(const Shader& shader, const WriteOptions& options = {});

// `s` written with every text made conform::hostile_text(k), k counting
// up: the uniform's member names, which the writer sets, and each stage's
// entry point names, written into a copy of its SPIR-V over the name's own
// bytes (cut or repeated to its length, a NUL in the text as 1: the name
// keeps its length and the instruction its words). `names` and `entries`
// count them.
[[nodiscard]] std::vector<uint8_t> with_hostile_texts(Shader s, size_t& k, size_t& names, size_t& entries);

// ---- Editing written files -------------------------------------------------------
inline constexpr size_t kVersionAt = 3;
inline constexpr size_t kShaderTypeAt = 4;
inline constexpr size_t kBytecodeWordsAt = 5;  // u16 per stage, vert first
inline constexpr size_t kTableSizesAt = 15;    // u16 per table, samplers first
[[nodiscard]] constexpr size_t words_at(Stage s) { return kBytecodeWordsAt + 2 * static_cast<size_t>(s); }

// A module's words, and back: for corrupting a stage.
[[nodiscard]] std::vector<uint32_t> words_of(Bytes spirv);
[[nodiscard]] std::vector<uint8_t> bytes_of(std::span<const uint32_t> words);

}  // namespace sp::vbc::build
