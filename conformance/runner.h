// The conformance run: every case through shaderprobe (plain parse and the
// requested sweeps, in forked workers) and through each other
// implementation's adapter, one Result per (case, implementation, sweep).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "conformance/adapters.h"
#include "conformance/cases.h"
#include "conformance/outcome.h"

namespace sp::conform {

struct RunnerOptions {
  std::vector<AdapterConfig> adapters;  // the other implementations, in report order
  bool truncate = false;
  bool misalign = false;
  // Each shaderprobe worker (one parse, or one sweep until it crashes).
  RunLimits shaderprobe_limits{std::chrono::milliseconds(120000), 0};
  std::function<void(size_t done, size_t total)> progress;
};

struct Result {
  std::string case_name;
  std::string impl;
  std::string sweep = "none";  // none, truncate, misalign
  Verdict verdict = Verdict::crash;
  std::optional<bool> met;     // nothing: the case has no expectation
  uint64_t runs = 1;
  uint64_t crashes = 0;
  uint64_t mismatches = 0;
  std::optional<bool> agrees;  // other implementations with output: same output as shaderprobe
  std::string detail;
};

struct CaseInfo {
  std::string name;
  Expectation expect = Expectation::none;
  std::string klass;
  std::vector<std::string> flags;
  std::string comment;
};

struct Report {
  std::vector<std::string> impls;  // "shaderprobe" first
  std::vector<std::string> sweeps;  // of shaderprobe: "none" first
  std::vector<CaseInfo> cases;
  std::vector<Result> results;
};

inline constexpr std::string_view kShaderprobe = "shaderprobe";

[[nodiscard]] Report run_conformance(const std::vector<Case>& cases, const RunnerOptions& options);

}  // namespace sp::conform
