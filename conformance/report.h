// The reports of a conformance run: JSON (every result and a summary), one
// self-contained HTML page (a matrix of cases x implementations and a
// pruned view) and a Markdown summary for CI logs.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "conformance/runner.h"

namespace sp::conform {

// Counts per implementation, per sweep and per case class; `failures` is
// what makes `shaderprobe conform` exit 1: shaderprobe expectations not met,
// crashes and sweep mismatches.
[[nodiscard]] nlohmann::ordered_json summarize(const Report& r);
// The counts of summarize()'s "impls", in the order the tables show them.
inline constexpr const char* kImplCounts[] = {"accept", "reject", "crash", "timeout", "oom", "n/a",
                                              "met", "unmet", "agrees", "disagrees"};
[[nodiscard]] uint64_t shaderprobe_failures(const Report& r);

[[nodiscard]] nlohmann::ordered_json report_json(const Report& r);
[[nodiscard]] std::string report_html(const Report& r);
[[nodiscard]] std::string report_markdown(const Report& r);

// The column of a result in the matrix: the implementation, plus the sweep
// for shaderprobe's sweeps ("shaderprobe truncate").
[[nodiscard]] std::vector<std::string> matrix_columns(const Report& r);
[[nodiscard]] std::string column_of(const Result& result);

}  // namespace sp::conform
