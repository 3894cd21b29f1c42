#include "conformance/peer_cache.h"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>

#include <nlohmann/json.hpp>

#include "conformance/fnv1a.h"
#include "core/strings.h"

namespace sp::conform {
namespace {

namespace fs = std::filesystem;

// What the adapter's process depends on besides the input: its command,
// its limits, and which program runs (how its ending is read is not here:
// adapter_outcome reads a kept run again).
std::string key_of(const AdapterConfig& a) {
  nlohmann::json program = nullptr;
  if (const auto path = adapter_program(a)) {
    std::error_code e1, e2;
    const auto size = fs::file_size(*path, e1);
    const auto time = fs::last_write_time(*path, e2);
    if (!e1 && !e2)
      program = {{"path", path->string()}, {"size", size}, {"mtime", time.time_since_epoch().count()}};
  }
  const nlohmann::json key = {{"command", a.command},
                              {"timeout_ms", a.limits.timeout.count()},
                              {"memory_bytes", a.limits.memory_bytes},
                              {"program", program}};
  return key.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool keeps(const AdapterConfig& a, const RunResult& r) {
  if (!r.spawned || r.timed_out || r.signal != 0) return false;
  const Verdict v = adapter_outcome(a, r).verdict;
  return v == Verdict::accept || v == Verdict::reject;
}

}  // namespace

PeerCache::PeerCache(fs::path folder) : folder_(std::move(folder)) {}

fs::path PeerCache::entry(const std::string& key, Bytes input) const {
  Fnv1a h;
  h.add(key);
  h.add(std::string_view("\0", 1));
  h.add(input);
  return folder_ / strprintf("%016llx", static_cast<unsigned long long>(h.value()));
}

// An entry: a line of JSON (the key, how the process ended, the sizes of
// what follows), the input's bytes, the output, the error output.
std::optional<RunResult> PeerCache::find(const AdapterConfig& a, Bytes input) const {
  if (!enabled()) return std::nullopt;
  const std::string key = key_of(a);
  std::ifstream in(entry(key, input), std::ios::binary);
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const auto head = nlohmann::json::parse(line, nullptr, false);
  if (!head.is_object() || head.value("key", "") != key || head.value("input_bytes", uint64_t{0}) != input.size())
    return std::nullopt;
  const auto read = [&](uint64_t n) {
    std::string s(n, '\0');
    return in.read(s.data(), static_cast<std::streamsize>(n)) ? std::optional(s) : std::nullopt;
  };
  const std::optional<std::string> kept = read(input.size());
  if (!kept || !std::equal(kept->begin(), kept->end(), input.begin(), input.end(),
                           [](char c, uint8_t b) { return static_cast<uint8_t>(c) == b; }))
    return std::nullopt;
  std::optional<std::string> out = read(head.value("out_bytes", uint64_t{0}));
  std::optional<std::string> err = read(head.value("err_bytes", uint64_t{0}));
  if (!out || !err || in.peek() != std::char_traits<char>::eof()) return std::nullopt;
  RunResult r;
  r.spawned = true;
  r.exit_code = head.value("exit_code", -1);
  r.seconds = head.value("seconds", 0.0);
  r.max_rss_bytes = head.value("max_rss_bytes", uint64_t{0});
  r.out = std::move(*out);
  r.err = std::move(*err);
  return r;
}

void PeerCache::store(const AdapterConfig& a, Bytes input, const RunResult& r) const {
  if (!enabled() || !keeps(a, r)) return;
  const std::string key = key_of(a);
  const fs::path path = entry(key, input);
  // Written aside and renamed: workers of this run and of others (the
  // mutants' oracles run two at once) may store the same entry.
  static std::atomic<unsigned> serial = 0;
  const fs::path part = path.string() + strprintf(".%d.%u", static_cast<int>(getpid()), serial++);
  std::error_code error;
  fs::create_directories(folder_, error);
  {
    std::ofstream out(part, std::ios::binary);
    const nlohmann::json head = {{"key", key},
                                 {"input_bytes", input.size()},
                                 {"exit_code", r.exit_code},
                                 {"seconds", r.seconds},
                                 {"max_rss_bytes", r.max_rss_bytes},
                                 {"out_bytes", r.out.size()},
                                 {"err_bytes", r.err.size()}};
    out << head.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out.write(reinterpret_cast<const char*>(input.data()), static_cast<std::streamsize>(input.size()));
    out << r.out << r.err;
    if (!out) {
      fs::remove(part, error);
      return;  // a cache that cannot be written only costs time
    }
  }
  fs::rename(part, path, error);
  if (error) fs::remove(part, error);
}

AdapterOutcome PeerCache::run(const AdapterConfig& a, const fs::path& file, Bytes input) const {
  if (auto kept = find(a, input)) return adapter_outcome(a, *kept);
  const RunResult r = run_adapter_process(a, file);
  store(a, input, r);
  return adapter_outcome(a, r);
}

fs::path peer_cache_from_environment() {
  const char* v = std::getenv("SP_CONFORM_PEER_CACHE");
  return v != nullptr ? fs::path(v) : fs::path();
}

}  // namespace sp::conform
