// Findings in the two formats CI systems read: SARIF 2.1.0 (code-scanning
// views) and JUnit XML (test tabs). The API names no command: `check` fills
// a Log with its diagnostics, `conform` with its crashes, unmet
// expectations and disagreements; docs/ci-output.md says how each maps.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sp::ci {

enum class Level : uint8_t { error, warning, note };

struct Finding {
  std::string file;  // the input as the user named it (a relative path stays relative)
  std::string rule;  // a stable id: a diagnostic code, or conform's "crash", "unmet", ...
  Level level = Level::error;
  std::string message;
  std::optional<uint64_t> offset;  // where in the file, when known
  bool offset_in_bits = false;     // a bitstream diagnostic's offset counts bits
  std::string path;                // the field path (parts[3].DXIL.bitcode...), or empty
  std::string test;                // the Test of `file` it belongs to (Test::name), or empty
};

// What a CI system shows as one test: a file `check` read, or one
// (case, implementation) run of `conform`. A test passes unless a finding of
// level error belongs to it.
struct Test {
  std::string file;
  std::string name;  // empty: the file itself
  std::optional<double> seconds;
};

struct Rule {
  std::string id;
  std::string description;  // one line
};

struct Log {
  std::string tool = "shaderprobe";
  std::string version;
  std::string suite;              // the command: JUnit's suite names start with it
  std::vector<Rule> rules;        // descriptions of rule ids (optional; SARIF lists every id used)
  std::vector<Test> tests;        // every test run, passed or not; findings add any missing
  std::vector<Finding> findings;  // in report order
};

// SARIF 2.1.0: one run, one result per finding, one rule per id used.
[[nodiscard]] std::string sarif(const Log& log);

// JUnit XML: a <testsuite> per test name (`suite`, or `suite name`), a
// <testcase> per file in it; its error findings are its <failure>, warnings
// and notes its <system-out>.
[[nodiscard]] std::string junit(const Log& log);

// A file path as a URI reference: a relative path stays relative (its
// segments percent-encoded), an absolute one becomes file:///...
[[nodiscard]] std::string uri_reference(std::string_view path);

[[nodiscard]] std::string_view level_name(Level level);

}  // namespace sp::ci
