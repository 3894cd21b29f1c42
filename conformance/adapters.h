// Other implementations, run as commands: the built-in adapters (each
// format's peers in the registry), and user adapters described by a small
// JSON file (docs/conformance.md, "Plugging in your own loader"):
//
//   {
//     "name": "my-loader",                     required; the name in --impl and the reports
//     "command": ["./my-loader", "{input}"],   required; {input} is the case's path; a relative
//                                              program path containing '/' is relative to this file
//     "timeout_ms": 10000,                     default 10000
//     "memory_mb": 2048,                       RLIMIT_AS of the command; default 0 (none: ASan
//                                              builds reserve terabytes of address space)
//     "accept_exit": [0],                      default [0]
//     "reject_exit": [1],                      default: every other exit status rejects
//     "formats": ["dxcontainer"],              optional: the registry formats it reads (default:
//                                              all); a case of another format is n/a, or the
//                                              adapter gets a payload of its format (a DXIL
//                                              part's bitcode)
//     "whole_host": false,                     optional: true runs it on the whole file that
//                                              carries such a payload instead
//     "output": "obj2yaml"                     optional: stdout of an accepted input is compared
//                                              with `shaderprobe dump --format=<output>`: json or
//                                              a dump a format offers (`shaderprobe formats`; the
//                                              peer's stdout is cut where the dump says, e.g.
//                                              bcanalyzer at "Summary of")
//   }
//
// A signal, a sanitizer report on stderr or an exit status in neither list
// is a crash; an allocator's out-of-memory message (or an unexpected
// SIGKILL) is oom; running past the timeout is timeout.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "conformance/outcome.h"
#include "conformance/subprocess.h"

namespace sp::conform {

struct AdapterConfig {
  std::string name;
  std::vector<std::string> command;
  RunLimits limits{std::chrono::milliseconds(10000), 0};
  std::vector<int> accept_exit = {0};
  std::vector<int> reject_exit;  // empty: any exit status not in accept_exit
  std::string output;            // "", "json" or a format's dump (comparable_outputs)
  // The registry formats it reads; empty: every format (a user adapter
  // without a "formats" key). A case of another format is n/a for it, or
  // it is handed a payload of a format it reads (runner.cpp).
  std::vector<std::string> formats;
  // For a case carrying a payload of one of `formats`: run on the whole
  // case (formats::Peer::whole_host), not on the payload's bytes.
  bool whole_host = false;
};

// Reads and checks an adapter file; throws std::runtime_error saying what
// is wrong.
[[nodiscard]] AdapterConfig load_adapter(const std::filesystem::path& file);

// The peers of every registered format (formats::Peer: obj2yaml-22,
// vkd3d-compiler, llvm-bcanalyzer-22, ...), in registry order.
[[nodiscard]] std::optional<AdapterConfig> builtin_adapter(const std::string& name);
[[nodiscard]] std::vector<std::string> builtin_adapter_names();

// What an adapter's "output" may name: json and every format's dumps.
[[nodiscard]] std::vector<std::string> comparable_outputs();

struct AdapterOutcome {
  Verdict verdict = Verdict::crash;
  std::string detail;  // how it ended, when it did not accept
  std::string out;     // standard output, when it accepted
  double seconds = 0;
  uint64_t max_rss_bytes = 0;
};

// The adapter's program: its path, or where PATH finds its name; nothing
// when it is not there or not executable.
[[nodiscard]] std::optional<std::filesystem::path> adapter_program(const AdapterConfig& a);

// Whether the adapter's program can be found (a path, or a name in PATH).
[[nodiscard]] bool adapter_available(const AdapterConfig& a);

// The first line of `<program> --version` that names a version (or its
// first line), "unknown" when it says nothing or fails.
[[nodiscard]] std::string adapter_version(const AdapterConfig& a);

[[nodiscard]] AdapterOutcome run_adapter(const AdapterConfig& a, const std::filesystem::path& input);

// run_adapter's two halves: the adapter's process on input, and what its
// ending means (the verdict; the output cut where the dump it is compared
// with ends). A kept run (peer_cache.h) is read again by the second.
[[nodiscard]] RunResult run_adapter_process(const AdapterConfig& a, const std::filesystem::path& input);
[[nodiscard]] AdapterOutcome adapter_outcome(const AdapterConfig& a, const RunResult& r);

}  // namespace sp::conform
