// Comparing two container models field by field: the oracle of the writer's
// round-trip tests and of the fuzzers' round-trip property.
//
// Semantic mode compares what a model means: every field except those the
// writer recomputes (offsets, sizes, tables of names). Exact mode compares
// every field, for two models that both came out of the writer. Spans are
// compared by content, never by address.
#pragma once

#include <string>

#include "dxcontainer/model.h"

namespace sp::dxc {

// Empty when the models agree; otherwise "<n> differences" and the first
// twenty, one per line, each with the path of the field and both values.
[[nodiscard]] std::string semantic_diff(const Container& a, const Container& b);
[[nodiscard]] std::string exact_diff(const Container& a, const Container& b);

}  // namespace sp::dxc
