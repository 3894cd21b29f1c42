// The other implementations' outcomes kept on disk between conformance
// runs (`shaderprobe conform --peer-cache DIR`, or SP_CONFORM_PEER_CACHE):
// what a peer does with the same bytes does not change when shaderprobe
// does, and peers are most of a run's time (the spirv-val adapter starts
// Python, spirv-val and spirv-dis for each case). scripts/mutants runs the
// suites once per mutant, with the same peers on the same cases.
//
// An entry is keyed by what the adapter's process runs with (its command,
// limits, and the size and modification time of its program) and by the
// input's bytes, which the entry holds whole and compares, so a digest
// collision cannot hand back another input's run. The run is kept as the
// process ended (exit status, output, error output), not as read: only
// runs that accepted or rejected are kept (a crash, timeout or oom may be
// the machine's and runs again). What the program runs in turn (a
// script's spirv-val) is not in the key: clear the folder after upgrading
// it.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "conformance/adapters.h"
#include "core/bytes.h"

namespace sp::conform {

class PeerCache {
 public:
  // An empty folder caches nothing; the folder is made when first written.
  explicit PeerCache(std::filesystem::path folder = {});

  [[nodiscard]] bool enabled() const { return !folder_.empty(); }

  // The adapter on input, from its kept run or a new one, kept when it
  // accepted or rejected. `file` holds `input`. What a run means is read
  // again each time (adapter_outcome): it is shaderprobe's code (where a
  // peer's dump ends), and must be what is tested.
  [[nodiscard]] AdapterOutcome run(const AdapterConfig& a, const std::filesystem::path& file, Bytes input) const;

  // The kept run of the adapter on input: its exit status, output, error
  // output, time and memory.
  [[nodiscard]] std::optional<RunResult> find(const AdapterConfig& a, Bytes input) const;
  void store(const AdapterConfig& a, Bytes input, const RunResult& r) const;

 private:
  [[nodiscard]] std::filesystem::path entry(const std::string& key, Bytes input) const;

  std::filesystem::path folder_;
};

// SP_CONFORM_PEER_CACHE, or an empty path when it is unset or empty.
[[nodiscard]] std::filesystem::path peer_cache_from_environment();

}  // namespace sp::conform
