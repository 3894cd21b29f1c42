// The in-process sweeps of shaderprobe over one input, each in forked
// workers so that a crash ends only the worker (the next one resumes after
// the input that crashed):
//
//   truncate  every proper prefix (sampled above kTruncateAllBelow bytes,
//             see truncate_lengths), each in a fresh heap block of exactly
//             its length so ASan sees a read past it, and read as `check`
//             reads the whole input's format (formats/read.h). A prefix
//             must be rejected, or accepted where the format's
//             prefix_may_parse allows it (a DXContainer cut in bytes no
//             part owns, with a file_size_mismatch warning, or at least
//             FileSize long; a bitstream cut between top-level blocks).
//   misalign  copies at offsets 1..15 of a buffer must give exactly the
//             output of the aligned parse (error, warnings, every decoded
//             field and every dump the format offers).
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

// Everything a caller can observe about a read of `input`: the error, or
// the decoded model with its warnings as JSON, then each dump its format
// offers (or the dump's error).
[[nodiscard]] std::string observe(Bytes input);

}  // namespace sp::conform
