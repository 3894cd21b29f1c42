// Small bitstreams built with the project's writer, named: the seeds of
// the bitstream fuzz targets (seeds_bitstream.cpp) and the writer-built
// valid cases of the bitcode conformance suite.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace sp::fuzz {

[[nodiscard]] std::vector<std::pair<std::string, std::vector<uint8_t>>> bitstream_seeds();

}  // namespace sp::fuzz
