// SPIRV-Tools in-process (libspirv.h, Debian spirv-tools): the validator
// spirv-val runs and the disassembler spirv-dis runs, on one stage's words.
// Built only when CMake found SPIRV-Tools (cmake/spirv_tools.cmake); without
// it, available() is false and the two calls must not be made.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace sp::vbc::spirv_tools {

[[nodiscard]] bool available();

// The Vulkan target environment for a module's SPIR-V version: Vulkan 1.0
// for SPIR-V 1.0, then the first Vulkan version that takes the module's
// SPIR-V (1.1 for 1.1 to 1.3, 1.1 with SPIR-V 1.4, 1.2 for 1.5, 1.3 for
// 1.6), as spirv-val's --target-env spells it ("vulkan1.1spv1.4").
// `version` is a header version read_spirv() accepted.
[[nodiscard]] std::string_view target_env_name(uint32_t version);

struct Failure {
  // The instruction SPIRV-Tools names, counted from 1 (spirv-val prints
  // it as "line N"); 0 for the module as a whole.
  size_t instruction = 0;
  std::string message;  // its message, with the disassembled instruction when it gives one
};

// Validates a module as `spirv-val --target-env <target_env_name(version)>`
// does (default validator options). Nothing when it is valid.
[[nodiscard]] std::optional<Failure> validate(std::span<const uint32_t> words, uint32_t version);

// The module's text as spirv-dis prints it by default (header comments,
// indented, friendly names, no colour) into `out`; false with SPIRV-Tools'
// message in `error` when it cannot.
[[nodiscard]] bool disassemble(std::span<const uint32_t> words, std::string& out, std::string& error);

}  // namespace sp::vbc::spirv_tools
