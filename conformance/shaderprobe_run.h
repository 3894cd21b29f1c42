// shaderprobe itself as the implementation under test: the plain parse of
// a case (sweep "none"), run in a forked child like the sweeps, and judged
// against the case's expectation and sidecar.
#pragma once

#include <map>
#include <optional>
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

struct ShaderprobeOutcome {
  Verdict verdict = Verdict::crash;
  std::string detail;                // the error line, or how the child ended
  nlohmann::ordered_json error;      // describe_diagnostic, or null
  std::vector<std::string> warnings;  // codes
  std::optional<nlohmann::ordered_json> dump;  // describe(), when accepted
  // `dump --format=<name>` of each dump the input's format offers, where it
  // succeeds (obj2yaml of a DXContainer, bcanalyzer of bitcode).
  std::map<std::string, std::string> outputs;
  // With `payloads` asked for: each payload the read descended into.
  std::vector<PayloadObservation> payloads;
};

[[nodiscard]] ShaderprobeOutcome run_shaderprobe(const std::vector<uint8_t>& input, const RunLimits& limits,
                                                 bool payloads = false);

// Whether the outcome meets the case's expectation and sidecar (nothing
// when the case has no expectation); `why` says what failed.
[[nodiscard]] std::optional<bool> shaderprobe_meets(const Case& c, const ShaderprobeOutcome& o, std::string& why);

// The text `shaderprobe dump --format=<format>` prints (json, or a dump of
// the input's format), for comparing an adapter's output; nothing when it
// rejected the input.
[[nodiscard]] std::optional<std::string> shaderprobe_output(const ShaderprobeOutcome& o, const std::string& format);

}  // namespace sp::conform
