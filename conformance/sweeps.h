// The in-process sweeps of shaderprobe over one input, each in forked
// workers so that a crash ends only the worker (the next one resumes after
// the item that crashed):
//
//   truncate  proper prefixes (plan_truncate), each in a fresh heap block of
//             exactly its length so ASan sees a read past it, and read as
//             `check` reads the whole input's format (formats/read.h). A
//             prefix must be rejected, or accepted where the format's
//             prefix_may_parse allows it (a DXContainer cut in bytes no
//             part owns, with a file_size_mismatch warning, or at least
//             FileSize long; a bitstream cut between top-level blocks).
//   misalign  copies at offsets (misalign_offsets) of a buffer must give
//             exactly the output of the aligned parse (error, warnings,
//             every decoded field and every dump the format offers).
//
// A sweep's items may be split between workers run at once (the runner's
// -j), and a worker runs the sweeps of several inputs (run_sweeps).
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "conformance/subprocess.h"
#include "core/bytes.h"

namespace sp::conform {

enum class SweepKind : uint8_t { truncate, misalign };

[[nodiscard]] std::string_view sweep_name(SweepKind k);

// Inputs up to this size get every proper prefix. A larger one gets every
// prefix shorter than kTruncateHead (headers and the first tables), the
// prefix one byte short, cuts at b-1, b and b+1 around each structure
// boundary b the read reported (formats::boundaries), and evenly spaced
// samples, boundaries and samples taken in turns, each list in an order
// that spreads any part of it over the file, until the prefixes' lengths
// add up to kTruncateBudget times the input: a sweep reads about as much
// as that many whole reads, whatever the file's size.
inline constexpr uint64_t kTruncateAllBelow = 64 * 1024;
inline constexpr uint64_t kTruncateHead = 4096;
inline constexpr uint64_t kTruncateSamples = 1024;
inline constexpr uint64_t kTruncateBudget = 64;

struct TruncatePlan {
  std::vector<uint64_t> lengths;  // ascending, each once
  uint64_t boundaries = 0;        // the structure boundaries inside the input
  uint64_t boundaries_cut = 0;    // those with every cut around them planned
  bool every_prefix = false;
};

[[nodiscard]] TruncatePlan plan_truncate(uint64_t size, const std::vector<uint64_t>& boundaries);

// The misalign sweep reads the input aligned (offset 0: the reference)
// and, up to this size, copies at offsets 1..15; a larger one at one offset
// per alignment a copy can break (1, 2, 4, 8): each read is a whole read
// with every dump, too costly to take fifteen of a large file. The aligned
// read is an item like the copies, so all may run at once.
inline constexpr uint64_t kMisalignAllBelow = 1024 * 1024;

[[nodiscard]] std::vector<uint64_t> misalign_offsets(uint64_t size);

struct SweepCounts {
  uint64_t runs = 0;
  uint64_t crashes = 0;
  uint64_t mismatches = 0;
  uint64_t timeouts = 0;
  std::string detail;  // the first crash or mismatch, for triage
  double seconds = 0;  // the time of its items in the workers, added up
  uint64_t max_rss_bytes = 0;
  // misalign: the digest of each read that ended, by offset
  std::vector<std::pair<uint64_t, uint64_t>> digests;
  // Adds a later slice's counts (its detail only when this one has none).
  void add(const SweepCounts& later);
  // misalign, once every slice is added: counts the copies read otherwise
  // than at offset 0 (none when the aligned read did not end).
  void compare_copies();
};

// One sweep's items (prefix lengths for truncate, offsets for misalign)
// over one input: a case's sweep, or a slice of it.
struct SweepUnit {
  SweepKind kind = SweepKind::truncate;
  Bytes input;
  std::span<const uint64_t> items;
};

// Runs the units one after another in forked workers (subprocess.h,
// run_resumable); when a worker dies, the next resumes after the item it
// died on. One worker runs many small
// sweeps: the fork of a process under ASan, and the fresh pages its
// worker's allocations fault in past ASan's quarantine, cost more than the
// sweep of a small case. Each item run adds 1 to `done` (shared with the
// workers: progress for the caller), when given. `limits.timeout` bounds
// each worker. Each unit's counts, in order; `seconds` is the time of its
// own items, `max_rss_bytes` the peak of the workers that ran them.
[[nodiscard]] std::vector<SweepCounts> run_sweeps(std::span<const SweepUnit> units, const RunLimits& limits,
                                                  std::atomic<uint64_t>* done = nullptr);

// A 64-bit digest of everything a caller can observe about a read of
// `input`: the error, or the decoded model with its warnings as JSON, then
// each dump its format offers (or the dump's error).
[[nodiscard]] uint64_t observation_digest(Bytes input);

}  // namespace sp::conform
