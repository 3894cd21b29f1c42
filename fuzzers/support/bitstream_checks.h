// Checks shared by the bitstream and bitcode fuzz targets.
#pragma once

#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::fuzz {

// An error the project's reader may report for `input`: a known code other
// than internal_error, an offset inside the input (bits for bit-granular
// errors, bytes otherwise) and, past the wrapper and the magic, the path of
// the block, record or abbreviation.
void check_error_shape(const Diagnostic& d, Bytes input);

}  // namespace sp::fuzz
