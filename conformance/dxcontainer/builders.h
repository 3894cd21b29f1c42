// Hand-crafted DXContainer bytes: raw parts (valid or hostile) behind a
// valid header and offset table written by the project's writer, so the
// damage reaches exactly the structure it targets. Shared by the tests
// (tests/dxcontainer/hostile_test.cpp, ...) and the conformance case
// generator (conformance/dxcontainer/generate_cases.cpp).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "dxcontainer/model.h"

namespace sp::dxc::build {

struct RawPartSpec {
  std::string fourcc;  // exactly 4 characters
  std::vector<uint8_t> data;
};

// A signed container holding the given parts, unchanged, in order.
[[nodiscard]] std::vector<uint8_t> container_of(const std::vector<RawPartSpec>& parts);

// Little-endian words, back to back.
[[nodiscard]] std::vector<uint8_t> u32s(std::initializer_list<uint32_t> values);

// A DXIL/ILDB program part: shader model 6.0 header of `kind`, bitcode
// header {DXIL 1.0, offset, size}, then `payload` zero bytes.
[[nodiscard]] std::vector<uint8_t> program(uint16_t kind, uint32_t offset, uint32_t size, size_t payload = 4);

// A DXIL/ILDB program part of `kind` whose bitcode is
// bitcode::minimal_module(): valid down to the IR layer, for cases whose
// subject is not the bitcode.
[[nodiscard]] std::vector<uint8_t> valid_program(uint16_t kind);

// A DXIL program part holding `bitcode`, its header naming `kind` and
// `version` ((major << 4) | minor).
[[nodiscard]] std::vector<uint8_t> dxil_program(uint16_t kind, uint8_t version, const std::vector<uint8_t>& bitcode);

// PSV0 v1 runtime info (36 bytes) of a vertex shader with `inputs` input
// elements and one input vector, followed by `tail` (resources onwards).
[[nodiscard]] std::vector<uint8_t> psv_v1(uint8_t inputs, const std::vector<uint8_t>& tail);

// An RTS0 1.1 part whose `params` descriptor-table parameters all point at
// one table of `ranges` ranges: params x ranges decoded records from
// ~12 x params + 24 x ranges bytes, unless the decode budget stops it.
[[nodiscard]] std::vector<uint8_t> rts0_aliased_tables(uint32_t params, uint32_t ranges);

// An SRCI part with one source file "a" whose stored entries are `stored`,
// declared to inflate to `declared` bytes (compress: 0 none, 1 zlib).
[[nodiscard]] std::vector<uint8_t> srci(const std::vector<uint8_t>& stored, uint32_t declared, uint16_t compress);

// zlib at level 9 (deterministic for a given zlib version).
[[nodiscard]] std::vector<uint8_t> deflate(const std::vector<uint8_t>& in);

// Sets every text field of `c`'s decoded parts (signature and PSV0 element
// names, PSV0's entry name, ILDN's name, VERS's strings, SRCI's file names,
// contents and arguments) to conform::hostile_text(k), k counting up;
// returns how many it set. The texts are static: `c` may be written.
size_t set_hostile_texts(Container& c, size_t& k);

}  // namespace sp::dxc::build
