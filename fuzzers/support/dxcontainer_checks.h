// The properties every DXContainer target checks besides "does not crash".
#pragma once

#include "core/bytes.h"
#include "dxcontainer/container.h"

namespace sp::fuzz {

// Parses `input` with parse_container, and a copy of it one to three bytes
// further into a buffer with a Parser reused from one input to the next (its
// arena rewound, storage of earlier inputs recycled), and checks that both
// give the same error, warnings and model: the contracts "the same bytes give
// the same output at every alignment" and "a reused Parser reports what
// parse_container reports" in one extra parse. Returns parse_container's
// result.
[[nodiscard]] dxc::ParseResult parse_and_cross_check(Bytes input);

// write_container(c) parses without error to a model semantic_diff finds
// equal to `c`, and a second write is byte-identical (a fixed point).
void check_round_trip(const dxc::Container& c);

}  // namespace sp::fuzz
