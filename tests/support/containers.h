// Building test containers: a Container model of raw parts (bytes the test
// crafts by hand) written by the project's writer, so hostile parts reach
// the part parsers behind a valid header and offset table.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/diagnostic.h"
#include "dxcontainer/container.h"

namespace sp::test {

struct RawPartSpec {
  std::string fourcc;  // exactly 4 characters
  std::vector<uint8_t> data;
};

// A signed container holding the given parts, unchanged, in order.
std::vector<uint8_t> container_of(const std::vector<RawPartSpec>& parts);

// Parses and returns the error (fails the test when there is none).
Diagnostic expect_error(const std::vector<uint8_t>& bytes, const dxc::ParseOptions& options = {});

void put_u32(std::vector<uint8_t>& b, size_t offset, uint32_t v);

// An SRCI part with one source file "a" whose stored entries are `stored`,
// declared to inflate to `declared` bytes (compress: 0 none, 1 zlib).
std::vector<uint8_t> srci(const std::vector<uint8_t>& stored, uint32_t declared, uint16_t compress);

// zlib at level 9.
std::vector<uint8_t> deflate(const std::vector<uint8_t>& in);

}  // namespace sp::test
