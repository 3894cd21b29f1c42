// The memory tests' machinery: hostile files handed to `shaderprobe check`
// must end cleanly (accepted, or one `<file>: error:` line with exit status
// 1) while the process peaks under 64 MiB resident, whatever limit the
// file's arguments raise. Measured on the uninstrumented build: sanitizer
// shadow memory would swamp the number. The peak comes from GNU time,
// whose small process forks the CLI: a child spawned by the (large) test
// process would inherit the test's own high-water mark.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sp::test {

inline constexpr long kHostileMemoryLimitKib = 64 * 1024;

struct HostileFile {
  std::string name;
  std::vector<uint8_t> bytes;
  std::vector<std::string> extra_args = {};
  int exit_code = 1;       // 0: the file is accepted
  std::string error = {};  // what the error line holds, when it matters
};

// Why the peak cannot be measured here (a sanitized build, no GNU time),
// or nothing: a memory test skips with the reason.
[[nodiscard]] std::optional<std::string> peak_memory_unmeasurable();

// Runs `cli check` on each file, written to the scratch folder `scratch`
// (test_files.h), and expects the clean end and the peak above.
void expect_hostile_files_stay_small(const std::string& cli, const std::string& scratch,
                                     const std::vector<HostileFile>& files);

}  // namespace sp::test
