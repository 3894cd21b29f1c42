// The reports of a conformance run: JSON (every result and a summary), one
// self-contained HTML page (a matrix of cases x implementations and a
// pruned view), a Markdown summary for CI logs, and SARIF and JUnit
// (conformance/ci_output.h). Every one names each finding by its file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/ci_output.h"
#include "conformance/runner.h"

namespace sp::conform {

// One thing a report must name: a crash, hang or OOM, an unmet
// expectation, a sweep mismatch or a disagreement with shaderprobe, of one
// result. `fails` when the report's fail_on makes it fatal.
struct Finding {
  const Result* result = nullptr;
  std::string_view kind;  // crash, timeout, oom, unmet, mismatch, disagree
  bool fails = false;
};
[[nodiscard]] std::vector<Finding> findings(const Report& r);
// The findings that fail the run (exit status 1).
[[nodiscard]] uint64_t failures(const Report& r);

// The --fail-on words (crash, unmet, disagree, peer-crash, peer-unmet,
// none) as FailOn bits; nothing for a word it does not know.
[[nodiscard]] std::optional<unsigned> parse_fail_on(const std::vector<std::string>& words);
[[nodiscard]] std::vector<std::string> fail_on_words(unsigned fail_on);

// Counts per implementation, per sweep and per case class, the findings
// and whether the run passed.
[[nodiscard]] nlohmann::ordered_json summarize(const Report& r);
// The counts of summarize()'s "impls", in the order the tables show them.
inline constexpr const char* kImplCounts[] = {"accept", "reject", "crash", "timeout", "oom", "n/a",
                                              "met", "unmet", "agrees", "disagrees"};
// shaderprobe's results with an unmet expectation, a crash or a sweep
// mismatch: what fails the run by default (summary.shaderprobe_failures).
[[nodiscard]] uint64_t shaderprobe_failures(const Report& r);

[[nodiscard]] nlohmann::ordered_json report_json(const Report& r);
// `html_dir` is where the page will be written: links to the inputs are
// relative to it.
[[nodiscard]] std::string report_html(const Report& r, const std::string& html_dir = ".");
[[nodiscard]] std::string report_markdown(const Report& r);
// One test per result that ran, one finding per Finding (an error when it
// fails the run, a warning otherwise).
[[nodiscard]] ci::Log report_ci(const Report& r);

// The column of a result in the matrix: the implementation, plus the sweep
// for shaderprobe's sweeps ("shaderprobe truncate").
[[nodiscard]] std::vector<std::string> matrix_columns(const Report& r);
[[nodiscard]] std::string column_of(const Result& result);
// What a sweep column counts, for headers: "prefixes cut", "aligned and misaligned reads".
[[nodiscard]] std::string_view sweep_counts(std::string_view sweep);

}  // namespace sp::conform
