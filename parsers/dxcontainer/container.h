// Parsing a whole DirectX container: header, part table, every part.
#pragma once

#include <optional>
#include <vector>

#include "core/diagnostic.h"
#include "core/limits.h"
#include "dxcontainer/model.h"

namespace sp::dxc {

struct ParseOptions {
  Limits limits;
  // Compute the retail digest and report digest_mismatch/digest_not_signed.
  // It reads every byte once more (MD5); benchmarks that compare against
  // readers which never check it turn it off.
  bool verify_digest = true;
};

struct ParseResult {
  std::optional<Container> container;  // set exactly when there is no error
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  [[nodiscard]] bool ok() const { return !error.has_value(); }
};

[[nodiscard]] ParseResult parse_container(Bytes input, const ParseOptions& options = {});

// True when the input starts with the DXBC magic (identify uses this).
[[nodiscard]] bool looks_like_container(Bytes input);

}  // namespace sp::dxc
