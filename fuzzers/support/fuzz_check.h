// Broken invariants inside a fuzz target. A parser that rejects an input is
// fine; a parser that contradicts itself (accepts what it cannot write back,
// answers differently at another alignment) is a bug, and the fuzzer must
// stop on it like on a crash (Wuffs: "internal errors" become crashes).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::fuzz {

// Prints "invariant broken: <what>" and the details, then aborts, so
// libFuzzer saves the input as a crash artifact.
[[noreturn]] void invariant_broken(std::string_view what, std::string_view details);

inline void check(bool ok, std::string_view what, std::string_view details = {}) {
  if (!ok) invariant_broken(what, details);
}

// A round trip's bytes against the input. On a difference the details
// start with "invariant: <what> differs at byte <offset>" (the first
// differing byte), and ", in <field>" when `field_at` names the field of
// `expected` that holds it: scripts/triage keys the finding by that line,
// since the stack of the check is the same for every bug the round trip
// catches, and two bugs can differ first at the same byte of two inputs.
using FieldAt = std::function<std::string(uint64_t offset)>;
void check_same_bytes(Bytes written, Bytes expected, std::string_view what, const FieldAt& field_at = {});

// The input copied one byte further into a fresh buffer of its own, so a
// parser that assumes alignment or reads outside its span sees different
// bytes there. A named object, not a temporary: what is parsed from
// bytes() may view them as long as it lives.
class MisalignedCopy {
 public:
  explicit MisalignedCopy(Bytes input);
  MisalignedCopy(const MisalignedCopy&) = delete;
  MisalignedCopy& operator=(const MisalignedCopy&) = delete;
  [[nodiscard]] Bytes bytes() const { return Bytes(storage_).subspan(1); }

 private:
  std::vector<uint8_t> storage_;
};

// Which of a fuzzing target's costliest checks an input gets: one_in(n) for
// one input in n. Picked by a hash of the bytes (FNV-1a), not at random, so
// a crash reproduces and a corpus merge keeps the inputs that took that
// path for what they covered there. The hash is taken once, however many
// rates a target asks about. Where nothing is being fuzzed every input is
// picked: in a build without a fuzzing engine (the replay main: ctest's
// corpus replays, scripts/fuzz-coverage), and when SP_FUZZ_EVERY_INPUT=1
// (scripts/mutants hands a libFuzzer build files).
class Sample {
 public:
  explicit Sample(Bytes input);
  [[nodiscard]] bool one_in(uint64_t n) const { return key_ % n == 0; }

 private:
  uint64_t key_;  // 0 where every input is picked
};

// A diagnostic a reader reported: a known code (internal_error is a bug of
// the reader) at an offset inside the input of `size` bytes (in bits for a
// diagnostic counted in bits).
void check_diagnostic_shape(const Diagnostic& d, size_t size);

// The same error and the same warnings, in the same order.
void check_same_diagnostics(const std::optional<Diagnostic>& a, const std::vector<Diagnostic>& wa,
                            const std::optional<Diagnostic>& b, const std::vector<Diagnostic>& wb);

// `parse` (returning a result with `ok`, `error` and `warnings`) on the
// input and on `moved`, its misaligned copy: the two report the same
// diagnostics, a parse ends in a model or in one error, and an error has
// a known code and an offset inside the input. The two results, the
// input's first.
template <typename Parse>
[[nodiscard]] auto parse_at_two_alignments(Bytes input, Bytes moved, Parse parse) {
  auto a = parse(input);
  auto b = parse(moved);
  check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  check(a.ok != a.error.has_value(), "a parse must end in a model or in one error");
  if (a.error) check_diagnostic_shape(*a.error, input.size());
  return std::pair{std::move(a), std::move(b)};
}

}  // namespace sp::fuzz
