// Hand-crafted bitstream fields the writer's typed API cannot express.
// Shared by the tests (tests/bitstream/errors_test.cpp) and the conformance
// case generator (conformance/bitcode/generate_cases.cpp).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>

#include "bitstream/writer.h"

namespace sp::bitstream::build {

// One DEFINE_ABBREV operand as raw fields: the is-literal bit, then the
// literal value or the encoding, and the width (`data`) when given.
struct RawOp {
  bool literal;
  uint64_t value;
  std::optional<uint64_t> data = std::nullopt;
};

// DEFINE_ABBREV with raw operand fields (any encoding, width or count).
void raw_abbrev(Writer& w, std::initializer_list<RawOp> ops, unsigned code_width = 3);

// ENTER_SUBBLOCK with raw fields: the abbrev id at `outer_width`, block
// `id`, abbrev id width `code_width` (any value, 0 and 33 included), the
// alignment and NumWords `num_words`; nothing is patched later.
void raw_enter_block(Writer& w, uint64_t id, uint64_t code_width, uint32_t num_words, unsigned outer_width = 2);

}  // namespace sp::bitstream::build
