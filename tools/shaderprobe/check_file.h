// `check` of one file, and the ways its outcome is reported: text lines
// (stderr for diagnostics, stdout for the verdict), a JSON line, and the
// findings CI systems read (SARIF, JUnit, through conformance/ci_output.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/ci_output.h"
#include "core/diagnostic.h"
#include "formats/format.h"

namespace sp::cli {

enum class Verdict { valid, malformed, unsupported, unreadable };
[[nodiscard]] std::string_view verdict_name(Verdict v);

struct CheckOutcome {
  std::string file;
  Verdict verdict = Verdict::valid;
  std::string format;                // the registry name; empty when unreadable
  std::optional<Diagnostic> error;   // what made it malformed or unsupported, or why it could not be read
  std::vector<Diagnostic> warnings;  // every warning, the one a profile rejects included
  double seconds = 0;
};

// Reads and checks `file` as `check` does: the format its header names,
// the formats embedded in it, and the warnings `profile` rejects as errors.
[[nodiscard]] CheckOutcome check_file(const std::string& file, std::string_view profile, const formats::Options& options);

// Text: "<file>: warning: ..." and "<file>: error: ..." on stderr, then
// "<file>: valid (N warnings)" on stdout for a valid file.
void print_text(const CheckOutcome& o);

// One JSON object: file, format, status (valid, malformed, unsupported,
// unreadable), valid, error (a diagnostic or null), warnings.
[[nodiscard]] nlohmann::ordered_json outcome_json(const CheckOutcome& o);

// The outcome as CI findings (docs/ci-output.md, "For check"): a test for
// the file, a warning finding per warning and an error finding for what
// made it malformed, unsupported or unreadable (a warning the profile
// rejects is that error, once), each code a rule.
void add_to_log(const CheckOutcome& o, ci::Log& log);

}  // namespace sp::cli
