#include "conformance/adapters.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "core/strings.h"
#include "formats/read.h"
#include "formats/registry.h"

namespace sp::conform {
namespace {

// The marker a peer's output for dump `output` is cut at, or "".
std::string_view output_ends_at(const std::string& output) {
  const formats::Format* owner = formats::format_offering_dump(output);
  return owner != nullptr ? formats::offered_dump(*owner, output)->peer_output_ends_at : std::string_view();
}

bool contains(const std::vector<int>& v, int x) { return std::find(v.begin(), v.end(), x) != v.end(); }

void check(bool ok, const std::filesystem::path& file, const std::string& what) {
  if (!ok) throw std::runtime_error(file.string() + ": " + what);
}

}  // namespace

AdapterConfig load_adapter(const std::filesystem::path& file) {
  std::ifstream in(file);
  check(in.good(), file, "cannot read");
  AdapterConfig a;
  try {
    const auto j = nlohmann::json::parse(in);
    for (const auto& [key, value] : j.items())
      check(key == "name" || key == "command" || key == "timeout_ms" || key == "memory_mb" || key == "accept_exit" ||
                key == "reject_exit" || key == "output" || key == "formats" || key == "whole_host",
            file, "unknown key '" + key + "'");
    a.name = j.at("name").get<std::string>();
    a.command = j.at("command").get<std::vector<std::string>>();
    a.limits.timeout = std::chrono::milliseconds(j.value("timeout_ms", 10000));
    a.limits.memory_bytes = j.value("memory_mb", uint64_t{0}) << 20;
    a.accept_exit = j.value("accept_exit", std::vector<int>{0});
    a.reject_exit = j.value("reject_exit", std::vector<int>{});
    a.output = j.value("output", "");
    a.formats = j.value("formats", std::vector<std::string>{});
    a.whole_host = j.value("whole_host", false);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
  check(!a.name.empty() && a.name != "shaderprobe", file, "'name' must be set and not 'shaderprobe'");
  check(!a.command.empty(), file, "'command' must name a program");
  check(std::count(a.command.begin(), a.command.end(), "{input}") > 0, file, "'command' must contain \"{input}\"");
  const std::vector<std::string> outputs = comparable_outputs();
  std::string names;
  for (const std::string& o : outputs) names += (names.empty() ? "" : ", ") + o;
  check(a.output.empty() || std::find(outputs.begin(), outputs.end(), a.output) != outputs.end(), file,
        "'output' must be one of " + names);
  for (const std::string& f : a.formats)
    check(formats::find(f) != nullptr, file, "'formats' names no registered format: '" + f + "'");
  check(a.limits.timeout.count() > 0, file, "'timeout_ms' must be positive");
  const std::filesystem::path program = a.command[0];
  if (program.is_relative() && a.command[0].find('/') != std::string::npos)
    a.command[0] = (file.parent_path() / program).lexically_normal().string();
  return a;
}

std::vector<std::string> comparable_outputs() {
  std::vector<std::string> out = formats::dump_names();
  out.erase(std::find(out.begin(), out.end(), "yaml"));  // json says the same
  return out;
}

std::optional<AdapterConfig> builtin_adapter(const std::string& name) {
  for (const formats::Peer* p : formats::peers())
    if (p->name == name) {
      AdapterConfig a;
      a.name = name;
      a.command.assign(p->command.begin(), p->command.end());
      a.output = p->output;
      a.whole_host = p->whole_host;
      // The formats whose peers list it: a peer reading several formats
      // is listed by each (formats::peers).
      for (const formats::Format* f : formats::all())
        if (std::any_of(f->peers.begin(), f->peers.end(), [&](const formats::Peer& q) { return q.name == name; }))
          a.formats.emplace_back(f->name);
      return a;
    }
  return std::nullopt;
}

std::vector<std::string> builtin_adapter_names() {
  std::vector<std::string> out;
  for (const formats::Peer* p : formats::peers()) out.emplace_back(p->name);
  return out;
}

std::optional<std::filesystem::path> adapter_program(const AdapterConfig& a) {
  const std::string& program = a.command.at(0);
  if (program.find('/') != std::string::npos)
    return access(program.c_str(), X_OK) == 0 ? std::optional<std::filesystem::path>(program) : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/bin:/bin";
  for (size_t start = 0; start <= dirs.size();) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string found = (start == end ? "." : dirs.substr(start, end - start)) + "/" + program;
    if (access(found.c_str(), X_OK) == 0) return found;
    start = end + 1;
  }
  return std::nullopt;
}

bool adapter_available(const AdapterConfig& a) { return adapter_program(a).has_value(); }

std::string adapter_version(const AdapterConfig& a) {
  const RunResult r = run_command({a.command[0], "--version"}, {std::chrono::milliseconds(5000), 0});
  if (!r.ok()) return "unknown";
  std::string first;
  std::istringstream lines(r.out.empty() ? r.err : r.out);
  for (std::string line; std::getline(lines, line);) {
    line.erase(0, line.find_first_not_of(" \t"));
    if (line.empty()) continue;
    if (line.find("version") != std::string::npos) return line.substr(0, 200);
    if (first.empty()) first = line.substr(0, 200);
  }
  return first.empty() ? "unknown" : first;
}

RunResult run_adapter_process(const AdapterConfig& a, const std::filesystem::path& input) {
  std::vector<std::string> argv = a.command;
  for (std::string& arg : argv)
    if (arg == "{input}") arg = input.string();
  return run_command(argv, a.limits);
}

AdapterOutcome run_adapter(const AdapterConfig& a, const std::filesystem::path& input) {
  return adapter_outcome(a, run_adapter_process(a, input));
}

AdapterOutcome adapter_outcome(const AdapterConfig& a, const RunResult& r) {
  AdapterOutcome o;
  o.seconds = r.seconds;
  o.max_rss_bytes = r.max_rss_bytes;
  if (const auto end = abnormal_end(r)) {
    o.verdict = *end;
    o.detail = end_summary(r);
  } else if (contains(a.accept_exit, r.exit_code)) {
    o.verdict = Verdict::accept;
    o.out = r.out;
    // Peers may follow the dump with text shaderprobe does not print
    // (llvm-bcanalyzer's statistics): compared up to the dump's marker.
    if (const std::string_view marker = output_ends_at(a.output); !marker.empty())
      o.out = o.out.substr(0, o.out.find(marker));
  } else if (a.reject_exit.empty() || contains(a.reject_exit, r.exit_code)) {
    o.verdict = Verdict::reject;
    const std::string first = r.err.substr(0, r.err.find('\n'));
    o.detail = first.empty() ? end_summary(r) : utf8_text(first.substr(0, 300), false);
  } else {
    o.verdict = Verdict::crash;
    o.detail = "unexpected " + end_summary(r);
  }
  return o;
}

}  // namespace sp::conform
