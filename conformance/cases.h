// Conformance cases: one input file each. The name says what every reader
// must do with it, as in JSONTestSuite: y_* must be accepted, n_* rejected,
// i_* may go either way but must end cleanly; any other file carries no
// expectation (it is still swept and compared between implementations).
//
// An optional sidecar <case>.expect (JSON) says more:
//   class     valid | malformed (cannot be decoded: a structure runs out of
//             its bytes) | invalid (decodes, but breaks a rule of the
//             format) | limit (legal, beyond a named limit of core/limits.h);
//             the WebAssembly suite's assert_malformed / assert_invalid split
//   flags     Wycheproof-style names of the bug classes the case exercises
//   comment   why the case exists
//   error     {code, offset, path}: shaderprobe's exact error (n_, and the
//             i_ cases shaderprobe rejects)
//   warnings  codes shaderprobe must report (i_ cases it accepts)
//   rejected_by  strictness profiles that must turn those warnings into errors
//   output    shaderprobe's `dump --format=json` of the case (y_), the
//             reference output
//   others    what other implementations did with the case when it was
//             generated (name -> note, e.g. "llvm-bcanalyzer-22": "crash:
//             signal 11"), for the reader; never judged
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace sp::conform {

enum class Expectation : uint8_t { none, accept, reject, either };

struct ExpectedError {
  std::string code;
  std::optional<uint64_t> offset;
  std::optional<std::string> path;
};

struct Sidecar {
  std::string klass;  // "class" in the file
  std::vector<std::string> flags;
  std::string comment;
  std::optional<ExpectedError> error;
  std::vector<std::string> warnings;
  std::vector<std::string> rejected_by;
  std::optional<nlohmann::ordered_json> output;
  std::map<std::string, std::string> others;
};

struct Case {
  std::filesystem::path path;
  std::string name;  // the path as given: the PATH argument, then the path below it
  Expectation expect = Expectation::none;
  std::optional<Sidecar> sidecar;
};

inline constexpr std::string_view kSidecarSuffix = ".expect";

// Every input under each path (a file, a case folder, a suite root, or any
// folder of inputs), recursively, sorted by name within each path, each
// file once. Skips sidecars and documentation (*.md, *.json). Throws
// std::runtime_error on an unreadable path, a sidecar that is not valid, or
// when no input is found.
[[nodiscard]] std::vector<Case> collect_cases(const std::vector<std::filesystem::path>& paths);

[[nodiscard]] Expectation expectation_of(std::string_view file_name);
[[nodiscard]] std::string_view expectation_name(Expectation e);

[[nodiscard]] Sidecar sidecar_from_json(const nlohmann::ordered_json& j);
[[nodiscard]] nlohmann::ordered_json sidecar_to_json(const Sidecar& s);

}  // namespace sp::conform
