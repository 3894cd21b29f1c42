// "The same bytes give the same output at every alignment", which every
// target checks: the input copied to another alignment, and the comparison
// of what two reads of it reported.
#pragma once

#include <optional>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::fuzz {

// The input copied one byte further into a fresh buffer, so a parser that
// assumes alignment or reads outside its span sees different bytes there.
Bytes misaligned_copy(Bytes input, std::vector<uint8_t>& storage);

// The same error and the same warnings, in the same order.
void check_same_diagnostics(const std::optional<Diagnostic>& a, const std::vector<Diagnostic>& wa,
                            const std::optional<Diagnostic>& b, const std::vector<Diagnostic>& wb);

}  // namespace sp::fuzz
