#include "conformance/runner.h"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>

#include "conformance/shaderprobe_run.h"
#include "conformance/sweeps.h"
#include "formats/registry.h"

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

// Whether the adapter's output, of an input shaderprobe `accepted` with
// `expected` as its dump, is shaderprobe's.
void compare_output(Result& r, const AdapterConfig& a, const AdapterOutcome& o, bool accepted,
                    const std::optional<std::string>& expected, const std::string& why_rejected) {
  if (a.output.empty()) return;
  if (o.verdict == Verdict::accept) {
    r.agrees = expected && *expected == o.out;
    if (!expected) r.detail = "accepted; shaderprobe rejects: " + why_rejected;
    else if (!*r.agrees) r.detail = "output differs from shaderprobe dump --format=" + a.output;
  } else {
    r.agrees = o.verdict == Verdict::reject && !accepted;
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

// The adapter on a payload of a format it reads, where the case's own
// format is another (llvm-bcanalyzer on a container's DXIL bitcode): the
// payload's bytes in a file of their own. The case's expectation is about
// the whole file, so only the output is compared.
Result payload_result(const Case& c, const AdapterConfig& a, const PayloadObservation& p,
                      const std::vector<uint8_t>& input) {
  static unsigned serial = 0;
  const std::filesystem::path file = std::filesystem::temp_directory_path() /
                                     ("sp-conform-" + std::to_string(getpid()) + "-" + std::to_string(serial++));
  {
    std::ofstream out(file, std::ios::binary);
    out.write(reinterpret_cast<const char*>(input.data() + p.offset), static_cast<std::streamsize>(p.size));
    if (!out) throw std::runtime_error("cannot write " + file.string());
  }
  const AdapterOutcome o = run_adapter(a, file);
  std::filesystem::remove(file);
  Result r = result_for(c, a.name, "none", o.verdict);
  r.detail = o.detail;
  const auto it = p.outputs.find(a.output);
  compare_output(r, a, o, p.ok, it != p.outputs.end() ? std::optional(it->second) : std::nullopt,
                 "its " + p.format + " reader rejects it");
  r.detail = "given " + p.path + " (" + p.format + ", " + std::to_string(p.size) + " bytes at " +
             std::to_string(p.offset) + ")" + (r.detail.empty() ? "" : ": " + r.detail);
  return r;
}

Result adapter_result(const Case& c, const AdapterConfig& a, const ShaderprobeOutcome& ours,
                      const std::vector<uint8_t>& input, std::string_view format) {
  std::string carried;  // the payload that makes a whole_host adapter read the case
  if (!reads(a, format)) {
    const auto p = std::find_if(ours.payloads.begin(), ours.payloads.end(),
                                [&](const PayloadObservation& q) { return reads(a, q.format); });
    if (p == ours.payloads.end()) {
      Result r = result_for(c, a.name, "none", Verdict::not_applicable);
      r.detail = "reads " + joined(a.formats) + ", not " + std::string(format) + " without it";
      return r;
    }
    if (!a.whole_host) return payload_result(c, a, *p, input);
    carried = "carries " + p->path + " (" + p->format + ")";
  }
  const AdapterOutcome o = run_adapter(a, c.path);
  Result r = result_for(c, a.name, "none", o.verdict);
  r.met = adapter_meets(c.expect, o.verdict);
  r.detail = carried.empty() || o.detail.empty() ? carried + o.detail : carried + ": " + o.detail;
  if (!a.output.empty())
    compare_output(r, a, o, ours.verdict == Verdict::accept, shaderprobe_output(ours, a.output), ours.detail);
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
  // Payloads are observed only for an adapter that may be handed one.
  const bool want_payloads = std::any_of(options.adapters.begin(), options.adapters.end(),
                                         [](const AdapterConfig& a) { return !a.formats.empty(); });
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
    const ShaderprobeOutcome ours = run_shaderprobe(input, options.shaderprobe_limits, want_payloads);
    Result plain = result_for(c, kShaderprobe, "none", ours.verdict);
    plain.met = shaderprobe_meets(c, ours, plain.detail);
    if (plain.detail.empty()) plain.detail = ours.detail;
    if (ours.verdict == Verdict::crash || ours.verdict == Verdict::timeout) plain.crashes = 1;
    report.results.push_back(plain);
    if (options.truncate)
      report.results.push_back(sweep_result(c, SweepKind::truncate, input, ours.verdict, options.shaderprobe_limits));
    if (options.misalign)
      report.results.push_back(sweep_result(c, SweepKind::misalign, input, ours.verdict, options.shaderprobe_limits));
    const std::string_view format = formats::reader_for(input).name;
    for (const AdapterConfig& a : options.adapters)
      report.results.push_back(adapter_result(c, a, ours, input, format));
    if (options.progress) options.progress(i + 1, cases.size());
  }
  return report;
}

}  // namespace sp::conform
