// validate_ci_output.py on a SARIF or JUnit file, for the tests of the
// writers and of the commands that use them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "conformance/subprocess.h"

namespace sp::test {

// What the script finds wrong with `file` ("" when it is valid), or nothing
// when this machine cannot check (no Debian python3, or no jsonschema).
inline std::optional<std::string> ci_output_problems(const std::string& kind, const std::filesystem::path& file) {
  if (std::string(SP_PYTHON).empty()) return std::nullopt;
  const std::string script = std::string(SP_SOURCE_DIR) + "/tests/conformance/validate_ci_output.py";
  const conform::RunResult r = conform::run_command({SP_PYTHON, script, kind, file.string()});
  if (r.exit_code == 77) return std::nullopt;
  return r.exit_code == 0 ? std::string() : r.out + r.err + "(exit " + std::to_string(r.exit_code) + ")";
}

}  // namespace sp::test
