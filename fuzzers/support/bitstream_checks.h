// Checks shared by the bitstream and bitcode fuzz targets.
#pragma once

#include <optional>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::fuzz {

// The input copied one byte further into a fresh buffer, so a parser that
// assumes alignment or reads outside its span sees different bytes there.
Bytes misaligned_copy(Bytes input, std::vector<uint8_t>& storage);

// An error the project's reader may report for `input`: a known code other
// than internal_error, an offset inside the input (bits for bit-granular
// errors, bytes otherwise) and, past the wrapper and the magic, the path of
// the block, record or abbreviation.
void check_error_shape(const Diagnostic& d, Bytes input);

// The same error and the same warnings, in the same order.
void check_same_diagnostics(const std::optional<Diagnostic>& a, const std::vector<Diagnostic>& wa,
                            const std::optional<Diagnostic>& b, const std::vector<Diagnostic>& wb);

}  // namespace sp::fuzz
