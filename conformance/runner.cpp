#include "conformance/runner.h"

#include <fstream>
#include <iterator>

#include "conformance/shaderprobe_run.h"
#include "conformance/sweeps.h"

namespace sp::conform {
namespace {

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

Result sweep_result(const Case& c, SweepKind kind, const std::vector<uint8_t>& input, Verdict aligned,
                    const RunLimits& limits) {
  const SweepCounts counts = run_sweep(kind, input, limits);
  // A sweep's verdict: what its runs did when all were clean (prefixes
  // are rejected; aligned copies do what the aligned parse did).
  Result r = result_for(c, kShaderprobe, sweep_name(kind), aligned);
  r.verdict = counts.crashes > 0    ? Verdict::crash
              : counts.timeouts > 0 ? Verdict::timeout
              : kind == SweepKind::truncate ? Verdict::reject
                                            : aligned;
  r.runs = counts.runs;
  r.crashes = counts.crashes + counts.timeouts;
  r.mismatches = counts.mismatches;
  r.met = r.crashes == 0 && r.mismatches == 0;
  r.detail = counts.detail;
  return r;
}

std::optional<bool> adapter_meets(Expectation e, Verdict v) {
  const bool clean = v == Verdict::accept || v == Verdict::reject;
  switch (e) {
    case Expectation::accept: return v == Verdict::accept;
    case Expectation::reject: return v == Verdict::reject;
    case Expectation::either: return clean;
    case Expectation::none: break;
  }
  return std::nullopt;
}

Result adapter_result(const Case& c, const AdapterConfig& a, const ShaderprobeOutcome& ours) {
  const AdapterOutcome o = run_adapter(a, c.path);
  Result r = result_for(c, a.name, "none", o.verdict);
  r.met = adapter_meets(c.expect, o.verdict);
  r.detail = o.detail;
  if (!a.output.empty()) {
    const std::optional<std::string> expected = shaderprobe_output(ours, a.output);
    if (o.verdict == Verdict::accept) {
      r.agrees = expected && *expected == o.out;
      if (!expected) r.detail = "accepted; shaderprobe rejects: " + ours.detail;
      else if (!*r.agrees) r.detail = "output differs from shaderprobe dump --format=" + a.output;
    } else {
      r.agrees = o.verdict == Verdict::reject && ours.verdict == Verdict::reject;
    }
  }
  return r;
}

}  // namespace

Report run_conformance(const std::vector<Case>& cases, const RunnerOptions& options) {
  Report report;
  report.impls.emplace_back(kShaderprobe);
  for (const AdapterConfig& a : options.adapters) report.impls.push_back(a.name);
  report.sweeps.emplace_back("none");
  if (options.truncate) report.sweeps.emplace_back(sweep_name(SweepKind::truncate));
  if (options.misalign) report.sweeps.emplace_back(sweep_name(SweepKind::misalign));
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    CaseInfo info;
    info.name = c.name;
    info.expect = c.expect;
    if (c.sidecar) {
      info.klass = c.sidecar->klass;
      info.flags = c.sidecar->flags;
      info.comment = c.sidecar->comment;
    }
    report.cases.push_back(std::move(info));
    const std::vector<uint8_t> input = read_bytes(c.path);
    const ShaderprobeOutcome ours = run_shaderprobe(input, options.shaderprobe_limits);
    Result plain = result_for(c, kShaderprobe, "none", ours.verdict);
    plain.met = shaderprobe_meets(c, ours, plain.detail);
    if (plain.detail.empty()) plain.detail = ours.detail;
    if (ours.verdict == Verdict::crash || ours.verdict == Verdict::timeout) plain.crashes = 1;
    report.results.push_back(plain);
    if (options.truncate)
      report.results.push_back(sweep_result(c, SweepKind::truncate, input, ours.verdict, options.shaderprobe_limits));
    if (options.misalign)
      report.results.push_back(sweep_result(c, SweepKind::misalign, input, ours.verdict, options.shaderprobe_limits));
    for (const AdapterConfig& a : options.adapters) report.results.push_back(adapter_result(c, a, ours));
    if (options.progress) options.progress(i + 1, cases.size());
  }
  return report;
}

}  // namespace sp::conform
