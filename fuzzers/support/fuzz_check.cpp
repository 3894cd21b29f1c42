#include "support/fuzz_check.h"

#include <cstdio>
#include <cstdlib>

namespace sp::fuzz {

void invariant_broken(std::string_view what, std::string_view details) {
  std::fprintf(stderr, "invariant broken: %.*s\n", static_cast<int>(what.size()), what.data());
  if (!details.empty()) std::fprintf(stderr, "%.*s\n", static_cast<int>(details.size()), details.data());
  std::fflush(stderr);
  std::abort();
}

}  // namespace sp::fuzz
