// The in-process sweeps of shaderprobe over one input, each in forked
// workers so that a crash ends only the worker (the next one resumes after
// the input that crashed):
//
//   truncate  every proper prefix (sampled above kTruncateAllBelow bytes,
//             see truncate_lengths), each in a fresh heap block of exactly
//             its length so ASan sees a read past it. A prefix must be
//             rejected, or accepted with a file_size_mismatch warning (the
//             cut fell in bytes no part owns and the header shows it); a
//             prefix at least as long as the header's FileSize is a whole
//             container and may be accepted.
//   misalign  copies at offsets 1..15 of a buffer must give exactly the
//             output of the aligned parse (error, warnings, every decoded
//             field and the obj2yaml dump).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "conformance/subprocess.h"

namespace sp::conform {

enum class SweepKind : uint8_t { truncate, misalign };

[[nodiscard]] std::string_view sweep_name(SweepKind k);

struct SweepCounts {
  uint64_t runs = 0;
  uint64_t crashes = 0;
  uint64_t mismatches = 0;
  uint64_t timeouts = 0;
  std::string detail;  // the first crash or mismatch, for triage
};

// Inputs up to this size get every proper prefix; larger ones the first and
// last 4096 prefixes and 8192 evenly spaced ones between (containers keep
// their header and offset table at the front, and the last part's end at
// the back, where truncation bugs live).
inline constexpr size_t kTruncateAllBelow = 64 * 1024;

[[nodiscard]] std::vector<size_t> truncate_lengths(size_t size);

// `limits.timeout` bounds each worker.
[[nodiscard]] SweepCounts run_sweep(SweepKind kind, Bytes input, const RunLimits& limits);

// Everything a caller can observe about a parse of `input`: the error, or
// the decoded model with its warnings as JSON plus the obj2yaml dump.
[[nodiscard]] std::string observe(Bytes input);

}  // namespace sp::conform
