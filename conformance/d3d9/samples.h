// Direct3D 9 shaders for the tests and the fuzz seeds, built with the
// builders and written by the project's writer: every opcode of shader
// models 2 and 3, the features the 17 real files do not show, and damaged
// copies, each with the error it must end in (tests/d3d9/ check them all;
// fuzzers/seeds_d3d9.cpp writes them as seeds, so a fuzzer starts next to
// every error path).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace sp::d3d9::build {

struct Sample {
  std::string name;
  std::vector<uint8_t> bytes;
  // A damaged sample's error: its code, offset and path.
  std::optional<Code> error{};
  uint64_t offset = 0;
  std::string path{};
  // An accepted sample's warnings, in order.
  std::vector<Code> warnings{};
};

[[nodiscard]] const std::vector<Sample>& samples();
// The sample called `name` (std::out_of_range when there is none).
[[nodiscard]] const Sample& sample(std::string_view name);

// A ps_3_0 shader whose constant table's every text holds hostile bytes:
// conform::hostile_text(k), k + 1, ... as a constant's name, a struct's
// two member names, another constant's name, the target and the creator.
[[nodiscard]] std::vector<uint8_t> with_hostile_texts(size_t k);

}  // namespace sp::d3d9::build
