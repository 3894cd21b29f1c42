// What a format's parse gives back: its model exactly when there is no
// error, the error, the warnings, and the work it did (Context::steps).
// `Payload` holds the model as an optional under the format's own name
// (`container`, `file`, `shader`), so that a result reads `r.shader` rather
// than a name shared by all.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/diagnostic.h"

namespace sp {

template <typename Payload>
struct ParseResultOf : Payload {
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  uint64_t steps = 0;
  [[nodiscard]] bool ok() const { return !error.has_value(); }

  // The diagnostics of a finished parse, moved out of `ctx`; the caller
  // sets the payload when there is no error.
  static ParseResultOf taken_from(Context& ctx) {
    ParseResultOf r;
    r.error = ctx.take_error();
    r.warnings = ctx.take_warnings();
    r.steps = ctx.steps();
    return r;
  }
};

}  // namespace sp
