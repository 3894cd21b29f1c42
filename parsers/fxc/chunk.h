// What every legacy fxc chunk decoder takes: the chunk's own bytes (the
// container's part data) in a DecodeScope (core/decode_scope.h), whose
// field path is the chunk's (parts[3].SHEX.fxc).
#pragma once

#include "core/decode_scope.h"

namespace sp::fxc {

using ChunkScope = DecodeScope;

}  // namespace sp::fxc
