#include "support/fuzz_check.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "conformance/fnv1a.h"

namespace sp::fuzz {

void invariant_broken(std::string_view what, std::string_view details) {
  std::fprintf(stderr, "invariant broken: %.*s\n", static_cast<int>(what.size()), what.data());
  if (!details.empty()) std::fprintf(stderr, "%.*s\n", static_cast<int>(details.size()), details.data());
  std::fflush(stderr);
  std::abort();
}

void check_same_bytes(Bytes written, Bytes expected, std::string_view what, const FieldAt& field_at) {
  if (std::equal(written.begin(), written.end(), expected.begin(), expected.end())) return;
  const auto at = static_cast<uint64_t>(
      std::mismatch(written.begin(), written.end(), expected.begin(), expected.end()).first - written.begin());
  std::string line = "invariant: " + std::string(what) + " differs at byte " + std::to_string(at);
  if (field_at) {
    const std::string field = field_at(at);
    if (!field.empty()) line += ", in " + field;
  }
  invariant_broken(what, line + "\n" + std::to_string(written.size()) + " bytes written, " +
                             std::to_string(expected.size()) + " expected");
}

MisalignedCopy::MisalignedCopy(Bytes input) : storage_(input.size() + 1, 0) {
  if (!input.empty()) std::memcpy(storage_.data() + 1, input.data(), input.size());
}

Sample::Sample(Bytes input) : key_(0) {
#ifdef SP_FUZZ_REPLAY
  (void)input;
#else
  static const bool every_input = [] {
    const char* v = std::getenv("SP_FUZZ_EVERY_INPUT");
    return v != nullptr && std::strcmp(v, "1") == 0;
  }();
  if (every_input) return;
  conform::Fnv1a h;
  h.add(input);
  key_ = h.value();
#endif
}

void check_same_diagnostics(const std::optional<Diagnostic>& a, const std::vector<Diagnostic>& wa,
                            const std::optional<Diagnostic>& b, const std::vector<Diagnostic>& wb) {
  // The details only for a broken invariant: formatting them for every
  // input would slow every target down.
  if (a.has_value() != b.has_value() || (a && !(*a == *b)))
    invariant_broken("another alignment gives another error",
                     (a ? a->to_string() : std::string("no error")) + " / " + (b ? b->to_string() : std::string("no error")));
  check(wa == wb, "another alignment gives other warnings");
}

void check_diagnostic_shape(const Diagnostic& d, size_t size) {
  check(d.code != Code::internal_error, "the reader reports an internal error", d.to_string());
  const uint64_t end = d.unit == OffsetUnit::bit ? uint64_t{size} * 8 : size;
  check(d.offset <= end, "the diagnostic's offset is outside the input", d.to_string());
}

}  // namespace sp::fuzz
