// A third party's SHBIN loader, as an emulator writes one: for each
// shader (DVLE) of a 3DS shader binary, the output registers its vertex
// layout wires up. It is what examples/fuzz_your_loader fuzzes.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace loader {

struct Output {
  uint16_t semantic = 0;
  uint16_t register_index = 0;
  uint16_t mask = 0;
};

struct Shader {
  std::vector<Output> outputs;
};

// The file's shaders, or false when the loader does not take the file.
bool load_shaders(const uint8_t* data, size_t size, std::vector<Shader>& out);

}  // namespace loader
