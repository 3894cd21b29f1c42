// Broken invariants inside a fuzz target. A parser that rejects an input is
// fine; a parser that contradicts itself (accepts what it cannot write back,
// answers differently at another alignment) is a bug, and the fuzzer must
// stop on it like on a crash (Wuffs: "internal errors" become crashes).
#pragma once

#include <string_view>

namespace sp::fuzz {

// Prints "invariant broken: <what>" and the details, then aborts, so
// libFuzzer saves the input as a crash artifact.
[[noreturn]] void invariant_broken(std::string_view what, std::string_view details);

inline void check(bool ok, std::string_view what, std::string_view details = {}) {
  if (!ok) invariant_broken(what, details);
}

}  // namespace sp::fuzz
