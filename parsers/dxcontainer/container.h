// Parsing a whole DirectX container: header, part table, every part.
#pragma once

#include <optional>
#include <vector>

#include "core/diagnostic.h"
#include "core/limits.h"
#include "dxcontainer/model.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {

struct ParseOptions {
  Limits limits;
  // Compute the retail digest and report digest_mismatch/digest_not_signed.
  // It reads every byte once more (MD5); benchmarks that compare against
  // readers which never check it turn it off.
  bool verify_digest = true;
  // Off by default: accept files as LLVM writes them where LLVM deviates
  // from DXC (obj2yaml-compatible dumps turn this on).
  PsvQuirks psv_quirks;
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
