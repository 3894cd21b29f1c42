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

// Everything a run of `a` depends on but the input.
std::string key_of(const AdapterConfig& a) {
  nlohmann::json program = nullptr;
  if (const auto path = adapter_program(a)) {
    std::error_code e1, e2;
    const auto size = fs::file_size(*path, e1);
    const auto time = fs::last_write_time(*path, e2);
    if (!e1 && !e2)
      program = {{"path", path->string()}, {"size", size}, {"mtime", time.time_since_epoch().count()}};
  }
  const nlohmann::json key = {{"name", a.name},
                              {"command", a.command},
                              {"timeout_ms", a.limits.timeout.count()},
                              {"memory_bytes", a.limits.memory_bytes},
                              {"accept_exit", a.accept_exit},
                              {"reject_exit", a.reject_exit},
                              {"output", a.output},
                              {"formats", a.formats},
                              {"whole_host", a.whole_host},
                              {"program", program}};
  return key.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::optional<Verdict> kept_verdict(std::string_view name) {
  if (name == verdict_name(Verdict::accept)) return Verdict::accept;
  if (name == verdict_name(Verdict::reject)) return Verdict::reject;
  return std::nullopt;
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

// An entry: a line of JSON (the key, the outcome, the sizes of what
// follows), the input's bytes, then the peer's output.
std::optional<AdapterOutcome> PeerCache::find(const AdapterConfig& a, Bytes input) const {
  if (!enabled()) return std::nullopt;
  const std::string key = key_of(a);
  std::ifstream in(entry(key, input), std::ios::binary);
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const auto head = nlohmann::json::parse(line, nullptr, false);
  if (!head.is_object() || head.value("key", "") != key || head.value("input_bytes", uint64_t{0}) != input.size())
    return std::nullopt;
  const std::optional<Verdict> verdict = kept_verdict(head.value("verdict", ""));
  if (!verdict) return std::nullopt;
  std::string kept(input.size(), '\0');
  if (!in.read(kept.data(), static_cast<std::streamsize>(kept.size())) ||
      !std::equal(kept.begin(), kept.end(), input.begin(), input.end(),
                  [](char c, uint8_t b) { return static_cast<uint8_t>(c) == b; }))
    return std::nullopt;
  AdapterOutcome o;
  o.verdict = *verdict;
  o.detail = head.value("detail", "");
  o.seconds = head.value("seconds", 0.0);
  o.max_rss_bytes = head.value("max_rss_bytes", uint64_t{0});
  o.out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  if (o.out.size() != head.value("out_bytes", uint64_t{0})) return std::nullopt;
  return o;
}

void PeerCache::store(const AdapterConfig& a, Bytes input, const AdapterOutcome& o) const {
  if (!enabled() || !kept_verdict(verdict_name(o.verdict))) return;
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
    const nlohmann::json head = {{"key", key},           {"input_bytes", input.size()},
                                 {"verdict", verdict_name(o.verdict)}, {"detail", o.detail},
                                 {"seconds", o.seconds}, {"max_rss_bytes", o.max_rss_bytes},
                                 {"out_bytes", o.out.size()}};
    out << head.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
    out.write(reinterpret_cast<const char*>(input.data()), static_cast<std::streamsize>(input.size()));
    out << o.out;
    if (!out) {
      fs::remove(part, error);
      return;  // a cache that cannot be written only costs time
    }
  }
  fs::rename(part, path, error);
  if (error) fs::remove(part, error);
}

AdapterOutcome PeerCache::run(const AdapterConfig& a, const fs::path& file, Bytes input) const {
  if (auto kept = find(a, input)) return *kept;
  AdapterOutcome o = run_adapter(a, file);
  store(a, input, o);
  return o;
}

fs::path peer_cache_from_environment() {
  const char* v = std::getenv("SP_CONFORM_PEER_CACHE");
  return v != nullptr ? fs::path(v) : fs::path();
}

}  // namespace sp::conform
