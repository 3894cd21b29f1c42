// What every legacy fxc chunk decoder takes: the chunk's own bytes (the
// container's part data, so each chunk can be fuzzed and tested alone), the
// file offset of data[0] for diagnostics, the field path of the chunk
// (parts[3].SHEX.fxc) and the parse's Context. A decoder returns false
// after recording an error in ctx; on success its model is complete and
// its string_views point into data.
#pragma once

#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::fxc {

struct ChunkScope {
  Bytes data;
  uint64_t base;
  const FieldPath& at;
  Context& ctx;
};

}  // namespace sp::fxc
