#include "conformance/runner.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <ctime>
#include <exception>
#include <fstream>
#include <iterator>
#include <mutex>
#include <thread>

#include "conformance/peer_cache.h"
#include "conformance/shaderprobe_run.h"
#include "conformance/sweeps.h"
#include "formats/registry.h"

namespace sp::conform {
namespace {

using Clock = std::chrono::steady_clock;

std::vector<uint8_t> read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

Result result_for(const Case& c, std::string_view impl, std::string_view sweep, Verdict verdict) {
  Result r;
  r.case_name = c.name;
  r.impl = impl;
  r.sweep = sweep;
  r.verdict = verdict;
  return r;
}

// Runs task(0), ..., task(count - 1) on `jobs` threads; the first exception
// a task throws is rethrown once every thread has ended.
void parallel_for(size_t count, unsigned jobs, const std::function<void(size_t)>& task) {
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    for (size_t i; (i = next++) < count;) {
      try {
        task(i);
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
      }
    }
  };
  {
    std::vector<std::jthread> threads;
    for (unsigned t = 1; t < std::min<size_t>(jobs, count); ++t) threads.emplace_back(worker);
    worker();
  }
  if (failure) std::rethrow_exception(failure);
}

// A sweep's items cut into slices for workers run at once, each about
// `target` of cost (bytes read): one slice when there is nothing to share.
std::vector<std::span<const uint64_t>> slices(const std::vector<uint64_t>& items, uint64_t target,
                                              const std::function<uint64_t(uint64_t)>& cost) {
  std::vector<std::span<const uint64_t>> out;
  size_t begin = 0;
  uint64_t sum = 0;
  for (size_t i = 0; i < items.size(); ++i) {
    sum += cost(items[i]);
    if (sum >= target || i + 1 == items.size()) {
      out.emplace_back(items.data() + begin, i + 1 - begin);
      begin = i + 1;
      sum = 0;
    }
  }
  return out;
}

// Work big enough that a fork for it costs nothing beside it: a large
// input's sweep is sliced no finer, and a worker runs small inputs' sweeps
// until they add up to it.
constexpr uint64_t kMinSliceBytes = 16u << 20;
// A plain read observes the file many times over (its description, every
// dump and printer): a worker takes cases until their sizes add up to this.
constexpr uint64_t kPlainBatchBytes = 256u << 10;

std::optional<bool> adapter_meets(Expectation e, Verdict v) {
  switch (e) {
    case Expectation::accept: return v == Verdict::accept;
    case Expectation::reject: return v == Verdict::reject;
    case Expectation::either: return clean(v);
    case Expectation::none: break;
  }
  return std::nullopt;
}

// Whether the adapter agrees with shaderprobe: an adapter that prints
// output, on an input it accepts, when its output is shaderprobe's dump
// (`expected`; a dump may succeed where the whole read fails, as a
// bitstream-level dump does); otherwise when it accepts or rejects as
// shaderprobe did (`accepted`). A crash or hang is a finding of its own.
void compare_with_shaderprobe(Result& r, const AdapterConfig& a, const AdapterOutcome& o, bool accepted,
                              const std::optional<std::string>& expected, const std::string& why_rejected) {
  if (o.verdict == Verdict::accept) {
    const bool compared = !a.output.empty() && expected;
    r.agrees = compared ? *expected == o.out : accepted;
    if (!*r.agrees)
      r.detail = compared ? "output differs from shaderprobe dump --format=" + a.output
                          : "accepted; shaderprobe rejects: " + why_rejected;
  } else if (o.verdict == Verdict::reject) {
    r.agrees = !accepted;
    if (accepted) r.detail = "rejected; shaderprobe accepts: " + o.detail;
  }
}

bool reads(const AdapterConfig& a, std::string_view format) {
  return a.formats.empty() || std::find(a.formats.begin(), a.formats.end(), format) != a.formats.end();
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

Result with_costs(Result r, const AdapterOutcome& o) {
  r.seconds = o.seconds;
  r.max_rss_bytes = o.max_rss_bytes;
  return r;
}

// The adapter on a payload of a format it reads, where the case's own
// format is another (llvm-bcanalyzer on a container's DXIL bitcode): the
// payload's bytes in a file of their own. The case's expectation is about
// the whole file, so only the output is compared.
Result payload_result(const Case& c, const AdapterConfig& a, const PayloadObservation& p,
                      const std::vector<uint8_t>& input, const PeerCache& cache) {
  static std::atomic<unsigned> serial = 0;
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("sp-conform-" + std::to_string(getpid()) + "-" + std::to_string(serial++));
  {
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(input.data() + p.offset), static_cast<std::streamsize>(p.size));
    if (!out) throw std::runtime_error("cannot write " + file.string());
  }
  const AdapterOutcome o = cache.run(a, file, Bytes(input).subspan(p.offset, p.size));
  std::filesystem::remove(file);
  Result r = result_for(c, a.name, "none", o.verdict);
  r.detail = o.detail;
  const auto it = p.outputs.find(a.output);
  compare_with_shaderprobe(r, a, o, p.ok, it != p.outputs.end() ? std::optional(it->second) : std::nullopt,
                           "its " + p.format + " reader rejects it");
  r.detail = "given " + p.path + " (" + p.format + ", " + std::to_string(p.size) + " bytes at " +
             std::to_string(p.offset) + ")" + (r.detail.empty() ? "" : ": " + r.detail);
  return with_costs(r, o);
}

Result adapter_result(const Case& c, const AdapterConfig& a, const ShaderprobeOutcome& ours,
                      const std::vector<uint8_t>& input, std::string_view format, const PeerCache& cache) {
  std::string carried;  // the payload that makes a whole_host adapter read the case
  if (!reads(a, format)) {
    const auto p = std::find_if(ours.payloads.begin(), ours.payloads.end(),
                                [&](const PayloadObservation& q) { return reads(a, q.format); });
    if (p == ours.payloads.end()) {
      Result r = result_for(c, a.name, "none", Verdict::not_applicable);
      r.detail = "reads " + joined(a.formats) + ", not " + std::string(format) + " without it";
      return r;
    }
    if (!a.whole_host) return payload_result(c, a, *p, input, cache);
    carried = "carries " + p->path + " (" + p->format + ")";
  }
  const AdapterOutcome o = cache.run(a, c.path, input);
  Result r = result_for(c, a.name, "none", o.verdict);
  r.met = adapter_meets(c.expect, o.verdict);
  r.detail = o.detail;
  if (clean(ours.verdict))
    compare_with_shaderprobe(r, a, o, ours.verdict == Verdict::accept, shaderprobe_output(ours, a.output), ours.detail);
  if (!carried.empty()) r.detail = r.detail.empty() ? carried : carried + ": " + r.detail;
  return with_costs(r, o);
}

Result sweep_result(const Case& c, SweepKind kind, const std::vector<SweepCounts>& parts, Verdict aligned) {
  SweepCounts counts;
  for (const SweepCounts& part : parts) counts.add(part);
  if (kind == SweepKind::misalign) counts.compare_copies();
  // A sweep's verdict: what its runs did when all were clean (prefixes
  // are rejected; aligned copies do what the aligned parse did).
  Result r = result_for(c, kShaderprobe, sweep_name(kind), aligned);
  r.verdict = counts.crashes > 0                ? Verdict::crash
              : counts.timeouts > 0             ? Verdict::timeout
              : kind == SweepKind::truncate ? Verdict::reject
                                                : aligned;
  r.runs = counts.runs;
  r.crashes = counts.crashes + counts.timeouts;
  r.mismatches = counts.mismatches;
  r.met = r.crashes == 0 && r.mismatches == 0;
  r.detail = counts.detail;
  r.seconds = counts.seconds;
  r.max_rss_bytes = counts.max_rss_bytes;
  return r;
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

// One case's runs, filled by the tasks of both phases.
struct CaseRun {
  ShaderprobeOutcome ours;
  std::string format;
  TruncatePlan plan;
  std::vector<uint64_t> offsets;
  std::vector<SweepCounts> truncated, misaligned;  // one per slice
  std::vector<Result> adapters;
};

// What the threads and workers count as they go (children add sweep items
// through shared memory).
struct Counters {
  std::atomic<size_t> cases_read{0};
  std::atomic<uint64_t> runs{0};
  std::atomic<uint64_t> runs_done{0};
};

// Calls options.progress about once a second from a thread of its own.
class ProgressTicker {
 public:
  ProgressTicker(const RunnerOptions& options, size_t cases, const Counters& counters)
      : thread_([this, &options, cases, &counters, start = Clock::now()](const std::stop_token& stop) {
          if (!options.progress) return;
          std::unique_lock lock(mutex_);
          for (;;) {
            // Wakes at once when the run ends (the jthread's stop request).
            (void)wake_.wait_for(lock, stop, std::chrono::seconds(1), [] { return false; });
            if (stop.stop_requested()) return;
            RunProgress now;
            now.cases = cases;
            now.cases_read = counters.cases_read.load();
            now.runs = counters.runs.load();
            now.runs_done = counters.runs_done.load();
            now.seconds = std::chrono::duration<double>(Clock::now() - start).count();
            options.progress(now);
          }
        }) {}

 private:
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread thread_;  // last: started once the members it uses exist
};

}  // namespace

Report run_conformance(const std::vector<Case>& cases, const RunnerOptions& options) {
  Report report;
  report.run.date = utc_now();
  report.run.versions[std::string(kShaderprobe)] = SP_VERSION;
  report.impls.emplace_back(kShaderprobe);
  for (const AdapterConfig& a : options.adapters) {
    report.impls.push_back(a.name);
    report.run.versions[a.name] = adapter_version(a);
  }
  report.sweeps.emplace_back("none");
  if (options.truncate) report.sweeps.emplace_back(sweep_name(SweepKind::truncate));
  if (options.misalign) report.sweeps.emplace_back(sweep_name(SweepKind::misalign));

  Observation what;
  // Payloads are observed only for an adapter that may be handed one.
  what.payloads = std::any_of(options.adapters.begin(), options.adapters.end(),
                              [](const AdapterConfig& a) { return !a.formats.empty(); });
  for (const AdapterConfig& a : options.adapters)
    if (!a.output.empty() && std::find(what.outputs.begin(), what.outputs.end(), a.output) == what.outputs.end())
      what.outputs.push_back(a.output);
  what.boundaries = options.truncate;
  what.printers = options.printers;

  Shared<Counters> counters;
  const PeerCache cache(options.peer_cache.empty() ? peer_cache_from_environment() : options.peer_cache);
  std::vector<CaseRun> runs(cases.size());
  const ProgressTicker ticker(options, cases.size(), *counters);

  // Phase 1: each case's plain read, which also plans its sweeps; a worker
  // reads cases until their sizes add up to kPlainBatchBytes.
  std::vector<std::pair<size_t, size_t>> batches;  // [begin, end) of cases
  for (size_t i = 0, bytes = 0; i < cases.size(); ++i) {
    if (batches.empty() || bytes >= kPlainBatchBytes) {
      batches.emplace_back(i, i);
      bytes = 0;
    }
    bytes += std::filesystem::file_size(cases[i].path);
    batches.back().second = i + 1;
  }
  parallel_for(batches.size(), options.jobs, [&](size_t b) {
    const auto [begin, end] = batches[b];
    std::vector<std::vector<uint8_t>> inputs;
    std::vector<PlainRun> plain;
    inputs.reserve(end - begin);  // the runs point at them
    for (size_t i = begin; i < end; ++i) {
      PlainRun& p = plain.emplace_back(&inputs.emplace_back(read_bytes(cases[i].path)), what);
      if (cases[i].sidecar && cases[i].sidecar->output) p.what.expected_output = &*cases[i].sidecar->output;
    }
    std::vector<ShaderprobeOutcome> outcomes = run_shaderprobe(plain, options.shaderprobe_limits);
    for (size_t i = begin; i < end; ++i) {
      const std::vector<uint8_t>& input = inputs[i - begin];
      CaseRun& run = runs[i];
      run.ours = std::move(outcomes[i - begin]);
      run.format = formats::reader_for(input).name;
      if (options.truncate) run.plan = plan_truncate(input.size(), run.ours.boundaries);
      // Copies are compared with the aligned read: none ended cleanly, none to compare with.
      if (options.misalign && clean(run.ours.verdict)) run.offsets = misalign_offsets(input.size());
      ++counters->cases_read;
    }
  });

  // Phase 2: every sweep slice and adapter run of every case, at once. A
  // worker runs slices until they add up to kMinSliceBytes (run_sweeps).
  struct Slice {
    size_t case_index;
    SweepKind kind;
    std::span<const uint64_t> items;
    SweepCounts* out;
  };
  std::vector<std::function<void()>> tasks;
  std::vector<Slice> batch;
  uint64_t batch_cost = 0;
  const auto run_batch = [&] {
    if (batch.empty()) return;
    tasks.emplace_back([&, work = std::move(batch)] {
      std::vector<std::vector<uint8_t>> inputs;  // each case's once
      std::vector<SweepUnit> units;
      for (size_t k = 0; k < work.size(); ++k) {
        if (k == 0 || work[k].case_index != work[k - 1].case_index)
          inputs.push_back(read_bytes(cases[work[k].case_index].path));
        units.push_back({work[k].kind, inputs.back(), work[k].items});
      }
      std::vector<SweepCounts> counts = run_sweeps(units, options.shaderprobe_limits, &counters->runs_done);
      for (size_t k = 0; k < work.size(); ++k) *work[k].out = std::move(counts[k]);
    });
    batch.clear();
    batch_cost = 0;
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    CaseRun& run = runs[i];
    const uint64_t size = std::filesystem::file_size(c.path);
    for (const SweepKind kind : {SweepKind::truncate, SweepKind::misalign}) {
      const std::vector<uint64_t>& items = kind == SweepKind::truncate ? run.plan.lengths : run.offsets;
      if (items.empty()) continue;
      const auto cost = [&](uint64_t item) { return kind == SweepKind::truncate ? item + 64 : size; };
      uint64_t total = 0;
      for (const uint64_t item : items) total += cost(item);
      const uint64_t target = options.jobs <= 1 ? total : std::max(total / (options.jobs * 4), kMinSliceBytes);
      const auto parts = slices(items, target, cost);
      std::vector<SweepCounts>& out = kind == SweepKind::truncate ? run.truncated : run.misaligned;
      out.resize(parts.size());
      for (size_t s = 0; s < parts.size(); ++s) {
        uint64_t part_cost = 0;
        for (const uint64_t item : parts[s]) part_cost += cost(item);
        batch.push_back({i, kind, parts[s], &out[s]});
        batch_cost += part_cost;
        if (batch_cost >= kMinSliceBytes) run_batch();
      }
      counters->runs += items.size();
    }
    run.adapters.resize(options.adapters.size());
    for (size_t a = 0; a < options.adapters.size(); ++a)
      tasks.emplace_back([&, a] {
        run.adapters[a] = adapter_result(c, options.adapters[a], run.ours, read_bytes(c.path), run.format, cache);
        ++counters->runs_done;
      });
    counters->runs += options.adapters.size();
  }
  run_batch();
  parallel_for(tasks.size(), options.jobs, [&](size_t t) { tasks[t](); });

  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    const CaseRun& run = runs[i];
    CaseInfo info;
    info.name = c.name;
    info.expect = c.expect;
    if (c.sidecar) {
      info.klass = c.sidecar->klass;
      info.flags = c.sidecar->flags;
      info.comment = c.sidecar->comment;
    }
    report.cases.push_back(std::move(info));
    Result plain = result_for(c, kShaderprobe, "none", run.ours.verdict);
    plain.met = shaderprobe_meets(c, run.ours, plain.detail);
    if (plain.detail.empty()) plain.detail = run.ours.detail;
    if (run.ours.verdict == Verdict::crash || run.ours.verdict == Verdict::timeout) plain.crashes = 1;
    plain.seconds = run.ours.seconds;
    plain.max_rss_bytes = run.ours.max_rss_bytes;
    report.results.push_back(plain);
    if (options.truncate) {
      Result r = sweep_result(c, SweepKind::truncate, run.truncated, run.ours.verdict);
      r.boundaries = run.plan.boundaries;
      r.boundaries_cut = run.plan.boundaries_cut;
      r.every_prefix = run.plan.every_prefix;
      report.results.push_back(r);
    }
    if (options.misalign) {
      Result r = sweep_result(c, SweepKind::misalign, run.misaligned, run.ours.verdict);
      if (!clean(run.ours.verdict)) {
        r.met = std::nullopt;
        r.detail = "not run: the aligned read ended in " + std::string(verdict_name(run.ours.verdict));
      }
      report.results.push_back(r);
    }
    report.results.insert(report.results.end(), run.adapters.begin(), run.adapters.end());
  }
  return report;
}

}  // namespace sp::conform
