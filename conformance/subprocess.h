// Running another program (obj2yaml-22, vkd3d-compiler, a user's adapter,
// the shaderprobe CLI in tests) and recording how it ended: its output,
// exit status or signal, and whether it ran out of time. Never fatal to the
// caller: a crash, a hang or a missing program is a result, not an error.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace sp::conform {

struct RunLimits {
  std::chrono::milliseconds timeout{0};  // 0: wait forever
  uint64_t memory_bytes = 0;             // RLIMIT_AS of the child; 0: none
};

struct RunResult {
  std::string out;      // standard output
  std::string err;      // standard error
  int exit_code = -1;   // when it exited normally
  int signal = 0;       // when a signal ended it (a crash, or the timeout's SIGKILL)
  bool timed_out = false;
  bool spawned = false;  // false: the program could not be started
  [[nodiscard]] bool ok() const { return signal == 0 && exit_code == 0; }
};

// Runs argv[0] (searched in PATH) with the arguments, no shell, stdin from
// /dev/null. On timeout the child's process group is killed.
[[nodiscard]] RunResult run_command(const std::vector<std::string>& argv, const RunLimits& limits = {});

// Runs `work` in a forked child of this process, whose standard output and
// error are captured like a command's; the child exits 0 when `work`
// returns. A crash (signal, sanitizer report) or hang in `work` ends only
// the child. Only for single-threaded callers (fork).
[[nodiscard]] RunResult run_forked(const std::function<void()>& work, const RunLimits& limits = {});

}  // namespace sp::conform
