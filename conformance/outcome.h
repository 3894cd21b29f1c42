// How one implementation ended on one input, and how a crash or hang is
// recognised in what a process left behind.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "conformance/subprocess.h"

namespace sp::conform {

// not_applicable: an implementation not run on a case because it does not
// read the case's format (nor a format the case carries).
enum class Verdict : uint8_t { accept, reject, crash, timeout, oom, not_applicable };

[[nodiscard]] std::string_view verdict_name(Verdict v);
// The implementation ended as a reader should, accepting or rejecting:
// not a crash, a hang or a memory limit.
[[nodiscard]] inline bool clean(Verdict v) { return v == Verdict::accept || v == Verdict::reject; }

// How shaderprobe's own worker says on stderr that a printer failed on an
// input it read (shaderprobe_run.h), before it aborts: a crash mark.
inline constexpr std::string_view kPrinterFailed = "printer failed:";

// crash, timeout or oom when the process ended that way (a signal, a
// sanitizer report or an allocator's out-of-memory message on stderr);
// otherwise nothing, and the exit status decides.
[[nodiscard]] std::optional<Verdict> abnormal_end(const RunResult& r);

// One line saying how a process ended abnormally: the sanitizer's ERROR
// line, or the signal, or the exit status.
[[nodiscard]] std::string end_summary(const RunResult& r);

}  // namespace sp::conform
