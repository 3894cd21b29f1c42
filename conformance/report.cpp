#include "conformance/report.h"

#include <algorithm>

namespace sp::conform {
namespace {

using Json = nlohmann::ordered_json;

Json optional_bool(const std::optional<bool>& b) { return b ? Json(*b) : Json(nullptr); }

bool is_shaderprobe_failure(const Result& r) {
  return r.impl == kShaderprobe && (r.met == false || r.crashes > 0 || r.mismatches > 0);
}

constexpr std::pair<std::string_view, unsigned> kFailOnWords[] = {
    {"crash", kFailCrash},           {"unmet", kFailUnmet},           {"disagree", kFailDisagree},
    {"peer-crash", kFailPeerCrash}, {"peer-unmet", kFailPeerUnmet},
};

void add_findings(const Report& report, const Result& r, std::vector<Finding>& out) {
  const bool ours = r.impl == kShaderprobe;
  const auto add = [&](std::string_view kind, unsigned bit) { out.push_back({&r, kind, (report.fail_on & bit) != 0}); };
  const unsigned crash_bit = ours ? kFailCrash : kFailPeerCrash;
  // A sweep ends clean with crashes counted in it; a plain run's verdict says.
  if (!clean(r.verdict) && r.verdict != Verdict::not_applicable && (r.sweep == "none" || r.crashes > 0))
    add(verdict_name(r.verdict), crash_bit);
  if (r.met == false && clean(r.verdict) && r.mismatches == 0) add("unmet", ours ? kFailUnmet : kFailPeerUnmet);
  if (r.mismatches > 0) add("mismatch", kFailUnmet);
  if (r.agrees == false) add("disagree", kFailDisagree);
}

}  // namespace

std::vector<Finding> findings(const Report& r) {
  std::vector<Finding> out;
  for (const Result& res : r.results) add_findings(r, res, out);
  return out;
}

uint64_t failures(const Report& r) {
  const std::vector<Finding> all = findings(r);
  return static_cast<uint64_t>(std::count_if(all.begin(), all.end(), [](const Finding& f) { return f.fails; }));
}

std::optional<unsigned> parse_fail_on(const std::vector<std::string>& words) {
  unsigned bits = 0;
  for (const std::string& w : words) {
    const auto it = std::find_if(std::begin(kFailOnWords), std::end(kFailOnWords), [&](const auto& p) { return p.first == w; });
    if (it != std::end(kFailOnWords)) bits |= it->second;
    else if (w != "none") return std::nullopt;
  }
  return bits;
}

std::vector<std::string> fail_on_words(unsigned fail_on) {
  std::vector<std::string> out;
  for (const auto& [word, bit] : kFailOnWords)
    if ((fail_on & bit) != 0) out.emplace_back(word);
  return out;
}

uint64_t shaderprobe_failures(const Report& r) {
  return static_cast<uint64_t>(std::count_if(r.results.begin(), r.results.end(), is_shaderprobe_failure));
}

Json summarize(const Report& r) {
  Json s;
  s["cases"] = r.cases.size();
  Json by_expectation = Json::object(), by_class = Json::object();
  for (const CaseInfo& c : r.cases) {
    by_expectation[std::string(expectation_name(c.expect))] = by_expectation.value(std::string(expectation_name(c.expect)), 0) + 1;
    const std::string klass = c.klass.empty() ? "unspecified" : c.klass;
    by_class[klass] = by_class.value(klass, 0) + 1;
  }
  s["by_expectation"] = by_expectation;
  s["by_class"] = by_class;
  Json impls = Json::object();
  for (const std::string& impl : r.impls) {
    Json counts = {{"accept", 0}, {"reject", 0}, {"crash", 0}, {"timeout", 0}, {"oom", 0}, {"n/a", 0}, {"met", 0}, {"unmet", 0}};
    bool compares = false;
    uint64_t agrees = 0, disagrees = 0, accepted_agrees = 0;
    for (const Result& res : r.results) {
      if (res.impl != impl || res.sweep != "none") continue;
      counts[std::string(verdict_name(res.verdict))] = counts[std::string(verdict_name(res.verdict))].get<int>() + 1;
      if (res.met) counts[*res.met ? "met" : "unmet"] = counts[*res.met ? "met" : "unmet"].get<int>() + 1;
      if (res.agrees) {
        compares = true;
        (*res.agrees ? agrees : disagrees) += 1;
        if (*res.agrees && res.verdict == Verdict::accept) ++accepted_agrees;
      }
    }
    if (compares) {
      counts["agrees"] = agrees;
      counts["disagrees"] = disagrees;
      counts["accepted_and_agrees"] = accepted_agrees;
    }
    impls[impl] = counts;
  }
  s["impls"] = impls;
  Json sweeps = Json::object();
  for (const std::string& sweep : r.sweeps) {
    if (sweep == "none") continue;
    uint64_t cases = 0, runs = 0, crashes = 0, mismatches = 0, boundaries = 0, boundaries_cut = 0;
    for (const Result& res : r.results) {
      if (res.sweep != sweep) continue;
      ++cases;
      runs += res.runs;
      crashes += res.crashes;
      mismatches += res.mismatches;
      boundaries += res.boundaries;
      boundaries_cut += res.boundaries_cut;
    }
    sweeps[sweep] = {{"cases", cases}, {"runs", runs}, {"crashes", crashes}, {"mismatches", mismatches}};
    if (sweep == "truncate") {
      sweeps[sweep]["boundaries"] = boundaries;
      sweeps[sweep]["boundaries_cut"] = boundaries_cut;
    }
  }
  s["sweeps"] = sweeps;
  const uint64_t failed = failures(r);
  s["fail_on"] = fail_on_words(r.fail_on);
  s["failures"] = failed;
  s["shaderprobe_failures"] = shaderprobe_failures(r);
  s["passed"] = failed == 0;
  return s;
}

Json report_json(const Report& r) {
  Json j;
  j["run"] = {{"date", r.run.date}, {"command_line", r.run.command_line}, {"versions", r.run.versions}};
  j["impls"] = r.impls;
  j["sweeps"] = r.sweeps;
  Json cases = Json::array();
  for (const CaseInfo& c : r.cases) {
    Json cj = {{"case", c.name}, {"expect", expectation_name(c.expect)}};
    if (!c.klass.empty()) cj["class"] = c.klass;
    if (!c.flags.empty()) cj["flags"] = c.flags;
    if (!c.comment.empty()) cj["comment"] = c.comment;
    cases.push_back(cj);
  }
  j["cases"] = cases;
  Json results = Json::array();
  for (const Result& res : r.results) {
    Json rj = {{"case", res.case_name},   {"impl", res.impl},         {"sweep", res.sweep},
               {"verdict", verdict_name(res.verdict)}, {"met", optional_bool(res.met)}, {"runs", res.runs},
               {"crashes", res.crashes}, {"mismatches", res.mismatches}};
    if (res.impl != kShaderprobe) rj["agrees"] = optional_bool(res.agrees);
    if (res.sweep == "truncate")
      rj.update({{"every_prefix", res.every_prefix}, {"boundaries", res.boundaries}, {"boundaries_cut", res.boundaries_cut}});
    rj["seconds"] = res.seconds;
    rj["max_rss_bytes"] = res.max_rss_bytes;
    if (!res.detail.empty()) rj["detail"] = res.detail;
    results.push_back(rj);
  }
  j["results"] = results;
  Json named = Json::array();
  for (const Finding& f : findings(r))
    named.push_back({{"case", f.result->case_name}, {"column", column_of(*f.result)}, {"kind", f.kind},
                     {"fails", f.fails}, {"detail", f.result->detail}});
  j["findings"] = named;
  j["summary"] = summarize(r);
  return j;
}

std::vector<std::string> matrix_columns(const Report& r) {
  std::vector<std::string> out;
  for (const std::string& sweep : r.sweeps) out.push_back(sweep == "none" ? std::string(kShaderprobe) : std::string(kShaderprobe) + " " + sweep);
  for (size_t i = 1; i < r.impls.size(); ++i) out.push_back(r.impls[i]);
  return out;
}

std::string column_of(const Result& result) {
  return result.sweep == "none" ? result.impl : result.impl + " " + result.sweep;
}

std::string_view sweep_counts(std::string_view sweep) {
  return sweep == "truncate" ? "prefixes cut" : "aligned and misaligned reads";
}

ci::Log report_ci(const Report& r) {
  ci::Log log;
  log.version = r.run.versions.at(std::string(kShaderprobe));
  log.suite = "conform";
  log.rules = {{"crash", "The implementation crashed (a signal or a sanitizer report)"},
               {"timeout", "The implementation ran past its time limit"},
               {"oom", "The implementation ran out of memory"},
               {"unmet", "The case's expectation (y_ accept, n_ reject, i_ either, its sidecar) was not met"},
               {"mismatch", "A truncated prefix was accepted, or a misaligned copy read differently"},
               {"disagree", "Another implementation's verdict or output differs from shaderprobe's"}};
  for (const Result& res : r.results)
    if (res.verdict != Verdict::not_applicable) log.tests.push_back({res.case_name, column_of(res), res.seconds});
  for (const Finding& f : findings(r)) {
    const Result& res = *f.result;
    std::string message = column_of(res) + ": " + std::string(verdict_name(res.verdict));
    if (!res.detail.empty()) message += ": " + res.detail;
    log.findings.push_back({res.case_name, std::string(f.kind), f.fails ? ci::Level::error : ci::Level::warning,
                            message, std::nullopt, false, "", column_of(res)});
  }
  return log;
}

}  // namespace sp::conform
