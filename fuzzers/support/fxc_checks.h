// The properties every legacy fxc chunk target checks besides "does not
// crash": one function over a row of fxc/chunks.h, so a chunk kind added
// there gets the same checks in its own target.
#pragma once

#include <optional>

#include "core/bytes.h"
#include "core/limits.h"
#include "fxc/chunks.h"

namespace sp::fuzz {

// How a chunk kind's writer relates to the bytes its decoder read.
enum class RoundTrip {
  // The model keeps every byte's place (programs, STAT): write(decode(x))
  // is x.
  exact,
  // The writer lays the chunk out as fxc does (IFCE, whose tables may sit
  // anywhere and share entries): decode(write(decode(x))) describes what
  // decode(x) describes, and writing that again gives the same bytes.
  relaid,
};

// Decodes `data` as a chunk of `kind`, as the registry does for a part of
// a container, and checks that
//  - the decoder's return value agrees with its Context, and an error has
//    a known code (never internal_error), an offset inside the chunk and a
//    path (only a chunk too short for its header fails at the root);
//  - a copy at another alignment gives the same error and warnings, and a
//    model the writer writes to the same bytes;
//  - the round trip holds, and the JSON dump (describe) is not empty.
// Returns the chunk when the decoder accepted it.
std::optional<fxc::Chunk> decode_chunk_checked(const fxc::ChunkKind& kind, Bytes data, const Limits& limits,
                                               RoundTrip round_trip = RoundTrip::exact);

}  // namespace sp::fuzz
