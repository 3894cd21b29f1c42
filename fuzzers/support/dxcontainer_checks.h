// The properties every DXContainer target checks besides "does not crash".
#pragma once

#include "core/bytes.h"
#include "dxcontainer/container.h"

namespace sp::fuzz {

// Parses `input`, and a copy of it one to three bytes further into a
// buffer, and checks that both give the same error, warnings and model
// (the contract "the same bytes give the same output at every alignment").
[[nodiscard]] dxc::ParseResult parse_at_two_alignments(Bytes input, const dxc::ParseOptions& options = {});

// A Parser reused from one input to the next, as callers use it (its arena
// rewound, storage of earlier inputs recycled), reports exactly what
// parse_container reported for `input`.
void check_reused_parser(Bytes input, const dxc::ParseResult& expected);

// write_container(c) parses without error to a model semantic_diff finds
// equal to `c`, and a second write is byte-identical (a fixed point).
void check_round_trip(const dxc::Container& c);

// The printers (dump --format=json and obj2yaml) accept every model the
// parser accepts.
void check_printers(const dxc::ParseResult& r);

}  // namespace sp::fuzz
