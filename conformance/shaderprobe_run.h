// shaderprobe itself as the implementation under test: the plain parse of
// a case (sweep "none"), run in a forked worker like the sweeps, and judged
// against the case's expectation and sidecar.
#pragma once

#include <map>
#include <optional>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "conformance/cases.h"
#include "conformance/outcome.h"
#include "conformance/subprocess.h"
#include "core/bytes.h"

namespace sp::conform {

// Bytes of another format inside the input, as shaderprobe read them (a
// DXIL part's bitcode): where they are, and the dumps their format offers.
struct PayloadObservation {
  std::string format;  // the registry name of the format that read them
  std::string path;    // the host's field path: parts[3].DXIL
  uint64_t offset = 0;  // in the input
  uint64_t size = 0;
  bool ok = false;  // its format read it without error
  std::map<std::string, std::string> outputs;
};

// What the worker observes beyond the verdict and diagnostics: only what
// someone will look at, so that a plain run of a large file costs about a
// `check` of it.
struct Observation {
  // A sidecar's reference `dump --format=json`, compared in the worker.
  const nlohmann::ordered_json* expected_output = nullptr;
  // The dumps an adapter compares ("json", or a dump the format offers),
  // of the file and, with `payloads`, of each payload.
  std::vector<std::string> outputs;
  bool payloads = false;
  bool boundaries = false;  // for the truncate sweep's plan
  // Every printer of an accepted input of up to kPrinterCheckLimit bytes
  // (a failure makes the run a crash).
  bool printers = true;
};

struct ShaderprobeOutcome {
  Verdict verdict = Verdict::crash;
  std::string detail;                // the error line, or how the child ended
  nlohmann::ordered_json error;      // describe_diagnostic, or null
  std::vector<std::string> warnings;  // codes
  std::optional<bool> output_matches;  // with expected_output, when accepted
  // Each of Observation::outputs that succeeded (a dump may succeed where
  // the whole read fails: the bcanalyzer dump is a bitstream-level view).
  std::map<std::string, std::string> outputs;
  std::vector<PayloadObservation> payloads;
  std::vector<uint64_t> boundaries;  // formats::boundaries, in the file
  double seconds = 0;
  uint64_t max_rss_bytes = 0;
};

// The plain run also prints every accepted input of up to this many bytes
// with every printer its format offers (what fuzzers and most shader files
// are): a user's own corpus finds a printer that cannot print what a file
// holds without a fuzzer. A larger file keeps the cost of a `check`.
inline constexpr size_t kPrinterCheckLimit = size_t{1} << 20;

[[nodiscard]] ShaderprobeOutcome run_shaderprobe(const std::vector<uint8_t>& input, const RunLimits& limits,
                                                 const Observation& what);

// One input's plain run.
struct PlainRun {
  const std::vector<uint8_t>* input = nullptr;
  Observation what;
};

// The runs one after another in forked workers (subprocess.h,
// run_resumable, as the sweeps are run): each run's observation comes back
// as a document of its own, and when a worker dies the run it was in takes
// that end as its outcome and the next worker resumes after it. Each outcome's
// `seconds` is its run's, `max_rss_bytes` its worker's peak.
[[nodiscard]] std::vector<ShaderprobeOutcome> run_shaderprobe(std::span<const PlainRun> runs,
                                                              const RunLimits& limits);

// Whether the outcome meets the case's expectation and sidecar (nothing
// when the case has no expectation); `why` says what failed.
[[nodiscard]] std::optional<bool> shaderprobe_meets(const Case& c, const ShaderprobeOutcome& o, std::string& why);

// The text `shaderprobe dump --format=<format>` prints (json, or a dump of
// the input's format), for comparing an adapter's output; nothing when that
// dump failed or was not observed.
[[nodiscard]] std::optional<std::string> shaderprobe_output(const ShaderprobeOutcome& o, const std::string& format);

}  // namespace sp::conform
