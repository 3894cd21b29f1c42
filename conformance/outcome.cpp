#include "conformance/outcome.h"

#include <csignal>
#include <cstring>

#include "core/strings.h"

namespace sp::conform {
namespace {

// The first line of stderr that names the failure, if any, printable: a
// process may print any bytes, and every report prints the line.
std::string first_line_with(const std::string& err, std::initializer_list<std::string_view> needles) {
  size_t start = 0;
  while (start < err.size()) {
    size_t end = err.find('\n', start);
    if (end == std::string::npos) end = err.size();
    const std::string_view line(err.data() + start, end - start);
    for (std::string_view n : needles)
      if (line.find(n) != std::string_view::npos) return utf8_text(line.substr(0, 300), false);
    start = end + 1;
  }
  return {};
}

const std::initializer_list<std::string_view> kOomMarks = {
    "out of memory", "std::bad_alloc", "Cannot allocate memory", "allocation-size-too-big", "rss-limit"};
const std::initializer_list<std::string_view> kCrashMarks = {
    "ERROR: AddressSanitizer", "ERROR: LeakSanitizer", "ERROR: MemorySanitizer", "runtime error:",
    "ERROR: ThreadSanitizer", kPrinterFailed};

}  // namespace

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::accept: return "accept";
    case Verdict::reject: return "reject";
    case Verdict::crash: return "crash";
    case Verdict::timeout: return "timeout";
    case Verdict::oom: return "oom";
    case Verdict::not_applicable: return "n/a";
  }
  return "crash";
}

std::optional<Verdict> abnormal_end(const RunResult& r) {
  if (r.timed_out) return Verdict::timeout;
  if (!first_line_with(r.err, kOomMarks).empty()) return Verdict::oom;
  // A SIGKILL we did not send is the kernel's OOM killer.
  if (r.signal == SIGKILL) return Verdict::oom;
  if (r.signal != 0 || !first_line_with(r.err, kCrashMarks).empty()) return Verdict::crash;
  return std::nullopt;
}

std::string end_summary(const RunResult& r) {
  if (r.timed_out) return "timed out";
  std::string line = first_line_with(r.err, kOomMarks);
  if (line.empty()) line = first_line_with(r.err, kCrashMarks);
  if (!line.empty()) return line;
  if (r.signal != 0) return "killed by signal " + std::to_string(r.signal) + " (" + strsignal(r.signal) + ")";
  if (!r.spawned) return "could not be started";
  return "exit status " + std::to_string(r.exit_code);
}

}  // namespace sp::conform
