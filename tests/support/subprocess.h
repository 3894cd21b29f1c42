// Running a reference tool (obj2yaml-22, vkd3d-compiler, ...) and capturing
// what it prints and how it ended.
#pragma once

#include <string>
#include <vector>

namespace sp::test {

struct RunResult {
  std::string out;      // standard output
  int exit_code = -1;   // when it exited normally
  int signal = 0;       // when a signal killed it (a crash)
  std::string err;      // standard error, when asked for
  [[nodiscard]] bool ok() const { return signal == 0 && exit_code == 0; }
};

// Runs argv[0] with the arguments (no shell); stderr is discarded unless
// capture_stderr, then it is kept in RunResult::err.
RunResult run(const std::vector<std::string>& argv, bool capture_stderr = false);

}  // namespace sp::test
