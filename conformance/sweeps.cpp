#include "conformance/sweeps.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <stdexcept>

#include "conformance/fnv1a.h"
#include "conformance/outcome.h"
#include "core/text_buffer.h"
#include "formats/read.h"
#include "formats/registry.h"

namespace sp::conform {
namespace {

// Shared between the parent and its workers (subprocess.h), so the parent
// knows how far a worker got when it crashed.
struct Progress {
  static constexpr size_t kMaxCopies = 16;  // misalign items: offsets 0..15
  uint64_t next = 0;  // index of the item being run
  uint64_t runs = 0;
  uint64_t mismatches = 0;
  uint64_t first_mismatch = UINT64_MAX;
  uint64_t digests[kMaxCopies] = {};  // misalign, by item index
  bool read[kMaxCopies] = {};         // the item's read ended
  double seconds = 0;                 // in the workers, this unit's items
};

// True when the prefix of length n is handled as the truncate sweep
// expects: read as `check` reads the whole input's format (embedded
// formats included), it is rejected, or accepted where the format says a
// cut there may parse.
bool prefix_ok(const formats::Format& format, Bytes input, size_t n) {
  // A fresh heap block of exactly n bytes, so ASan sees any read past it.
  const std::vector<uint8_t> prefix(input.begin(), input.begin() + static_cast<std::ptrdiff_t>(n));
  formats::Options options;
  options.verify_checksums = false;  // does not decide acceptance; keeps the sweep fast
  const formats::FileRead r = formats::read(format, prefix, options);
  if (!r.ok()) return true;
  return format.prefix_may_parse != nullptr && format.prefix_may_parse(input, prefix, r.top);
}

std::string item_name(SweepKind kind, uint64_t item) {
  return kind == SweepKind::truncate ? "prefix of " + std::to_string(item) + " bytes"
                                     : "copy at offset " + std::to_string(item);
}

// Runs items [progress.next, size) in this (worker) process.
void run_items(SweepKind kind, Bytes input, std::span<const uint64_t> items, Progress& progress,
               std::atomic<uint64_t>* done) {
  const formats::Format& format = formats::reader_for(input);
  std::vector<uint8_t> buffer(kind == SweepKind::misalign ? input.size() + 16 : 0);
  for (; progress.next < items.size(); ++progress.next) {
    const uint64_t item = items[progress.next];
    if (kind == SweepKind::truncate) {
      if (!prefix_ok(format, input, item) && progress.mismatches++ == 0) progress.first_mismatch = item;
    } else {
      std::memset(buffer.data(), 0, buffer.size());
      if (!input.empty()) std::memcpy(buffer.data() + item, input.data(), input.size());
      progress.digests[progress.next] = observation_digest(Bytes(buffer).subspan(item, input.size()));
      progress.read[progress.next] = true;
    }
    ++progress.runs;
    if (done != nullptr) done->fetch_add(1, std::memory_order_relaxed);
  }
}

// 0..n-1 in bit-reversed order (0, n/2, n/4, 3n/4, ...): any leading part
// of it is spread over the whole range, so a budget that stops early still
// reaches the file's end.
std::vector<size_t> spread_order(size_t n) {
  unsigned bits = 0;
  while ((size_t{1} << bits) < n) ++bits;
  std::vector<size_t> out;
  out.reserve(n);
  for (size_t k = 0; k < (size_t{1} << bits); ++k) {
    size_t r = 0;
    for (unsigned b = 0; b < bits; ++b)
      if ((k >> b & 1) != 0) r |= size_t{1} << (bits - 1 - b);
    if (r < n) out.push_back(r);
  }
  return out;
}

// The cuts around boundary b of an input of `size` bytes: the structure
// one byte short, ending exactly, and the next one begun by a byte.
std::vector<uint64_t> cuts_around(uint64_t b, uint64_t size) {
  std::vector<uint64_t> out;
  for (const uint64_t n : {b - 1, b, b + 1})
    if (n < size) out.push_back(n);
  return out;
}

}  // namespace

std::string_view sweep_name(SweepKind k) { return k == SweepKind::truncate ? "truncate" : "misalign"; }

TruncatePlan plan_truncate(uint64_t size, const std::vector<uint64_t>& boundaries) {
  TruncatePlan plan;
  std::vector<uint64_t> inside;
  for (const uint64_t b : boundaries)
    if (b > 0 && b <= size) inside.push_back(b);
  std::sort(inside.begin(), inside.end());
  inside.erase(std::unique(inside.begin(), inside.end()), inside.end());
  plan.boundaries = inside.size();
  if (size <= kTruncateAllBelow) {
    plan.lengths.resize(size);
    std::iota(plan.lengths.begin(), plan.lengths.end(), uint64_t{0});
    plan.every_prefix = true;
    plan.boundaries_cut = inside.size();
    return plan;
  }
  std::vector<uint64_t>& cuts = plan.lengths;
  for (uint64_t n = 0; n < kTruncateHead; ++n) cuts.push_back(n);
  cuts.push_back(size - 1);
  uint64_t cost = size - 1;
  const uint64_t budget = kTruncateBudget * size;
  const auto take = [&](const std::vector<uint64_t>& more, uint64_t limit) {
    const uint64_t c = std::accumulate(more.begin(), more.end(), uint64_t{0});
    if (cost + c > limit) return false;
    cost += c;
    cuts.insert(cuts.end(), more.begin(), more.end());
    return true;
  };
  // Half the budget on the boundaries in file order, the cheapest: every
  // boundary of the file's first structures (the first modules of a
  // multi-module file hold every kind of block the others repeat).
  size_t in_order = 0;
  while (in_order < inside.size() && take(cuts_around(inside[in_order], size), budget / 2)) ++in_order;
  // The rest on the later boundaries and on samples, in turns.
  const std::vector<size_t> by_boundary = spread_order(inside.size() - in_order), by_sample = spread_order(kTruncateSamples);
  size_t next_boundary = 0, next_sample = 0;
  for (bool boundary_turn = true; next_boundary < by_boundary.size() || next_sample < by_sample.size();
       boundary_turn = !boundary_turn) {
    std::vector<uint64_t> more;
    if (boundary_turn && next_boundary < by_boundary.size()) {
      more = cuts_around(inside[in_order + by_boundary[next_boundary++]], size);
    } else if (!boundary_turn && next_sample < by_sample.size()) {
      more = {kTruncateHead + (size - kTruncateHead) * by_sample[next_sample++] / kTruncateSamples};
    } else {
      continue;
    }
    if (!take(more, budget)) break;
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  plan.boundaries_cut = static_cast<uint64_t>(std::count_if(inside.begin(), inside.end(), [&](uint64_t b) {
    const std::vector<uint64_t> around = cuts_around(b, size);
    return std::all_of(around.begin(), around.end(),
                       [&](uint64_t n) { return std::binary_search(cuts.begin(), cuts.end(), n); });
  }));
  return plan;
}

std::vector<uint64_t> misalign_offsets(uint64_t size) {
  if (size > kMisalignAllBelow) return {0, 1, 2, 4, 8};
  std::vector<uint64_t> out(16);
  std::iota(out.begin(), out.end(), uint64_t{0});
  return out;
}

void SweepCounts::add(const SweepCounts& later) {
  runs += later.runs;
  crashes += later.crashes;
  mismatches += later.mismatches;
  timeouts += later.timeouts;
  if (detail.empty()) detail = later.detail;
  seconds += later.seconds;
  max_rss_bytes = std::max(max_rss_bytes, later.max_rss_bytes);
  digests.insert(digests.end(), later.digests.begin(), later.digests.end());
}

void SweepCounts::compare_copies() {
  const auto aligned = std::find_if(digests.begin(), digests.end(), [](const auto& d) { return d.first == 0; });
  if (aligned == digests.end()) return;
  for (const auto& [offset, digest] : digests) {
    if (digest == aligned->second) continue;
    if (mismatches++ == 0 && detail.empty()) detail = "first mismatch: " + item_name(SweepKind::misalign, offset);
  }
}

std::vector<SweepCounts> run_sweeps(std::span<const SweepUnit> units, const RunLimits& limits,
                                    std::atomic<uint64_t>* done) {
  for (const SweepUnit& u : units)
    if (u.kind == SweepKind::misalign && u.items.size() > Progress::kMaxCopies)
      throw std::logic_error("misalign: more offsets than a slice holds");
  std::vector<SweepCounts> counts(units.size());
  SharedArray<Progress> progress(units.size());
  run_resumable(
      units.size(), limits,
      [&](size_t i) {
        const double started = steady_seconds();
        run_items(units[i].kind, units[i].input, units[i].items, progress[i], done);
        progress[i].seconds += steady_seconds() - started;
      },
      [&](const WorkerEnd& e) {
        // Each unit the worker reached shares its peak.
        for (size_t i = e.first; i <= e.at && i < units.size(); ++i)
          counts[i].max_rss_bytes = std::max(counts[i].max_rss_bytes, e.result.max_rss_bytes);
        const std::optional<Verdict> end = abnormal_end(e.result);
        if ((!end && e.result.exit_code == 0) || e.at == units.size()) return units.size();
        const SweepUnit& u = units[e.at];
        Progress& p = progress[e.at];
        // Ended (its time up) between its unit's last item and the next
        // unit: no item to blame.
        if (p.next == u.items.size()) return e.at + 1;
        // The worker died on item `next` of its unit: count it and its
        // time, and resume after it.
        SweepCounts& c = counts[e.at];
        p.seconds += e.seconds_in_item;
        if (end == Verdict::timeout) {
          ++c.timeouts;
        } else {
          ++c.crashes;
        }
        if (c.detail.empty()) c.detail = item_name(u.kind, u.items[p.next]) + ": " + end_summary(e.result);
        ++p.runs;
        if (done != nullptr) done->fetch_add(1, std::memory_order_relaxed);
        return ++p.next == u.items.size() ? e.at + 1 : e.at;
      });
  for (size_t i = 0; i < units.size(); ++i) {
    const SweepUnit& u = units[i];
    const Progress& p = progress[i];
    SweepCounts& c = counts[i];
    c.runs = p.runs;
    c.mismatches = p.mismatches;
    c.seconds = p.seconds;
    for (size_t k = 0; u.kind == SweepKind::misalign && k < u.items.size(); ++k)
      if (p.read[k]) c.digests.emplace_back(u.items[k], p.digests[k]);
    if (c.detail.empty() && c.mismatches > 0) c.detail = "first mismatch: " + item_name(u.kind, p.first_mismatch);
  }
  return counts;
}

uint64_t observation_digest(Bytes input) {
  // FNV-1a over each piece as it is made, so that the observation of a
  // large file (its JSON description and every dump, several times its
  // size) is never held whole, and copies are compared by digest.
  Fnv1a h;
  const auto add = [&](std::string_view piece) { h.add(piece); };
  const formats::Format& format = formats::reader_for(input);
  {
    const formats::FileRead r = formats::read(format, input);
    add(r.ok() ? formats::describe(r).dump() : "error: " + r.error->to_string());
  }
  for (const formats::Dump& d : format.dumps) {
    TextBuffer text;
    std::optional<Diagnostic> error;
    add("\n--- ");
    add(d.name);
    if (d.write(input, 0, formats::Options{}, text, error)) text.for_each_piece(add);
    else add("error: " + error->to_string());
  }
  return h.value();
}

}  // namespace sp::conform
