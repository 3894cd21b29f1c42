// The conformance run: every case through shaderprobe (plain parse and the
// requested sweeps, in forked workers) and through each other
// implementation's adapter, one Result per (case, implementation, sweep).
#pragma once

#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "conformance/adapters.h"
#include "conformance/cases.h"
#include "conformance/outcome.h"

namespace sp::conform {

// How far a run has got, for progress lines: each case's plain read, then
// its runs (sweep items, other implementations), whose number is known
// once every case has been read.
struct RunProgress {
  size_t cases = 0;
  size_t cases_read = 0;
  uint64_t runs = 0;
  uint64_t runs_done = 0;
  double seconds = 0;
};

struct RunnerOptions {
  std::vector<AdapterConfig> adapters;  // the other implementations, in report order
  bool truncate = false;
  bool misalign = false;
  // The plain read of an accepted input of up to kPrinterCheckLimit bytes
  // also runs every printer its format offers (shaderprobe_run.h).
  bool printers = true;
  // Each shaderprobe worker (one parse, or one slice of a sweep until it crashes).
  RunLimits shaderprobe_limits{std::chrono::milliseconds(120000), 0};
  // Workers at once: cases, slices of a large input's sweeps, adapters.
  unsigned jobs = 1;
  // Where the adapters' outcomes are kept between runs (peer_cache.h);
  // empty: SP_CONFORM_PEER_CACHE's folder, or none.
  std::filesystem::path peer_cache;
  // Called about once a second while the run goes on (from another thread).
  std::function<void(const RunProgress&)> progress;
};

struct Result {
  std::string case_name;
  std::string impl;
  std::string sweep = "none";  // none, truncate, misalign
  Verdict verdict = Verdict::crash;
  std::optional<bool> met;     // nothing: the case has no expectation
  uint64_t runs = 1;           // a sweep: prefixes cut, or copies read
  uint64_t crashes = 0;
  uint64_t mismatches = 0;
  std::optional<bool> agrees;  // other implementations: same verdict (and output) as shaderprobe
  std::string detail;
  double seconds = 0;          // its processes' wall time (a sweep's workers' added up)
  uint64_t max_rss_bytes = 0;  // their peak resident set
  // truncate: the structure boundaries the read reported, those cut
  // around, and whether every proper prefix was read (sweeps.h).
  uint64_t boundaries = 0;
  uint64_t boundaries_cut = 0;
  bool every_prefix = false;
};

struct CaseInfo {
  std::string name;
  Expectation expect = Expectation::none;
  std::string klass;
  std::vector<std::string> flags;
  std::string comment;
};

struct RunInfo {
  std::string date;          // when the run started, UTC, ISO 8601
  std::string command_line;  // set by the caller
  // Each implementation's version: shaderprobe's, and each adapter's
  // `--version` line ("unknown" when it says none).
  std::map<std::string, std::string> versions;
};

// What makes `conform` exit 1 (--fail-on), as bits: shaderprobe's
// crashes, hangs and OOMs (crash); its unmet expectations and sweep
// mismatches (unmet); another implementation's verdict or output differing
// from shaderprobe's (disagree); another implementation's crashes, hangs
// and OOMs (peer-crash) and unmet expectations (peer-unmet).
enum FailOn : unsigned { kFailCrash = 1, kFailUnmet = 2, kFailDisagree = 4, kFailPeerCrash = 8, kFailPeerUnmet = 16 };
inline constexpr unsigned kDefaultFailOn = kFailCrash | kFailUnmet;

struct Report {
  RunInfo run;
  unsigned fail_on = kDefaultFailOn;
  std::vector<std::string> impls;  // "shaderprobe" first
  std::vector<std::string> sweeps;  // of shaderprobe: "none" first
  std::vector<CaseInfo> cases;
  std::vector<Result> results;
};

inline constexpr std::string_view kShaderprobe = "shaderprobe";

[[nodiscard]] Report run_conformance(const std::vector<Case>& cases, const RunnerOptions& options);

}  // namespace sp::conform
