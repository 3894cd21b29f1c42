#include "conformance/sweeps.h"

#include <sys/mman.h>

#include <cstring>
#include <new>

#include "conformance/outcome.h"
#include "formats/read.h"
#include "formats/registry.h"

namespace sp::conform {
namespace {

// Shared between the parent and its workers (MAP_SHARED), so the parent
// knows how far a worker got when it crashed.
struct Progress {
  uint64_t next = 0;  // index of the item being run
  uint64_t runs = 0;
  uint64_t mismatches = 0;
  uint64_t first_mismatch = UINT64_MAX;
};

class SharedProgress {
 public:
  SharedProgress() {
    void* p = mmap(nullptr, sizeof(Progress), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    progress_ = new (p) Progress();
  }
  ~SharedProgress() { munmap(progress_, sizeof(Progress)); }
  SharedProgress(const SharedProgress&) = delete;
  SharedProgress& operator=(const SharedProgress&) = delete;
  Progress* operator->() { return progress_; }
  Progress& get() { return *progress_; }

 private:
  Progress* progress_;
};

// True when the prefix of length n is handled as the truncate sweep
// expects: read as `check` reads the whole input's format (embedded
// formats included), it is rejected, or accepted where the format says a
// cut there may parse.
bool prefix_ok(const formats::Format& format, Bytes input, size_t n) {
  // A fresh heap block of exactly n bytes, so ASan sees any read past it.
  const std::vector<uint8_t> prefix(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(n));
  formats::Options options;
  options.verify_checksums = false;  // does not decide acceptance; keeps the O(n^2) sweep fast
  const formats::FileRead r = formats::read(format, prefix, options);
  if (!r.ok()) return true;
  return format.prefix_may_parse != nullptr && format.prefix_may_parse(input, prefix, r.top);
}

std::string item_name(SweepKind kind, Bytes input, uint64_t item) {
  if (kind == SweepKind::truncate) return "prefix of " + std::to_string(truncate_lengths(input.size())[item]) + " bytes";
  return "copy at offset " + std::to_string(item + 1);
}

// Runs items [progress.next, count) in this (worker) process.
void run_items(SweepKind kind, Bytes input, Progress& progress) {
  const std::vector<size_t> lengths = kind == SweepKind::truncate ? truncate_lengths(input.size()) : std::vector<size_t>{};
  const std::string reference = kind == SweepKind::misalign ? observe(input) : std::string();
  const formats::Format& format = formats::reader_for(input);
  std::vector<uint8_t> buffer(kind == SweepKind::misalign ? input.size() + 16 : 0);
  const uint64_t count = kind == SweepKind::truncate ? lengths.size() : 15;
  for (; progress.next < count; ++progress.next) {
    bool ok;
    if (kind == SweepKind::truncate) {
      ok = prefix_ok(format, input, lengths[progress.next]);
    } else {
      const size_t shift = progress.next + 1;
      std::memset(buffer.data(), 0, buffer.size());
      if (!input.empty()) std::memcpy(buffer.data() + shift, input.data(), input.size());
      ok = observe(Bytes(buffer).subspan(shift, input.size())) == reference;
    }
    ++progress.runs;
    if (!ok && progress.mismatches++ == 0) progress.first_mismatch = progress.next;
  }
}

}  // namespace

std::string_view sweep_name(SweepKind k) { return k == SweepKind::truncate ? "truncate" : "misalign"; }

std::vector<size_t> truncate_lengths(size_t size) {
  std::vector<size_t> out;
  if (size <= kTruncateAllBelow) {
    for (size_t n = 0; n < size; ++n) out.push_back(n);
    return out;
  }
  constexpr size_t kEdge = 4096, kMiddle = 8192;
  for (size_t n = 0; n < kEdge; ++n) out.push_back(n);
  const size_t span = size - 2 * kEdge;
  for (size_t i = 0; i < kMiddle; ++i) out.push_back(kEdge + span * i / kMiddle);
  for (size_t n = size - kEdge; n < size; ++n) out.push_back(n);
  return out;
}

SweepCounts run_sweep(SweepKind kind, Bytes input, const RunLimits& limits) {
  SweepCounts counts;
  SharedProgress progress;
  const uint64_t count = kind == SweepKind::truncate ? truncate_lengths(input.size()).size() : 15;
  while (progress->next < count) {
    const RunResult r = run_forked([&] { run_items(kind, input, progress.get()); }, limits);
    const std::optional<Verdict> end = abnormal_end(r);
    if (!end && r.exit_code == 0) break;
    // The worker died on item `next`: count it and resume after it.
    const std::string what = item_name(kind, input, progress->next) + ": " + end_summary(r);
    if (end == Verdict::timeout) {
      ++counts.timeouts;
    } else {
      ++counts.crashes;
    }
    if (counts.detail.empty()) counts.detail = what;
    ++progress->runs;
    ++progress->next;
  }
  counts.runs = progress->runs;
  counts.mismatches = progress->mismatches;
  if (counts.detail.empty() && counts.mismatches > 0)
    counts.detail = "first mismatch: " + item_name(kind, input, progress->first_mismatch);
  return counts;
}

std::string observe(Bytes input) {
  const formats::Format& format = formats::reader_for(input);
  const formats::FileRead r = formats::read(format, input);
  std::string out = r.ok() ? formats::describe(r).dump() : "error: " + r.error->to_string();
  for (const formats::DumpText& d : formats::own_dumps(format, input))
    out += "\n--- " + std::string(d.name) + "\n" + (d.ok ? d.text : "error: " + d.error->to_string());
  return out;
}

}  // namespace sp::conform
