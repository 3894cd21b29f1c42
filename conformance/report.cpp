#include "conformance/report.h"

namespace sp::conform {
namespace {

using Json = nlohmann::ordered_json;

Json optional_bool(const std::optional<bool>& b) { return b ? Json(*b) : Json(nullptr); }

bool is_shaderprobe_failure(const Result& r) {
  return r.impl == kShaderprobe && (r.met == false || r.crashes > 0 || r.mismatches > 0);
}

}  // namespace

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
    uint64_t cases = 0, runs = 0, crashes = 0, mismatches = 0;
    for (const Result& res : r.results) {
      if (res.sweep != sweep) continue;
      ++cases;
      runs += res.runs;
      crashes += res.crashes;
      mismatches += res.mismatches;
    }
    sweeps[sweep] = {{"cases", cases}, {"runs", runs}, {"crashes", crashes}, {"mismatches", mismatches}};
  }
  s["sweeps"] = sweeps;
  s["shaderprobe_failures"] = shaderprobe_failures(r);
  s["passed"] = shaderprobe_failures(r) == 0;
  return s;
}

Json report_json(const Report& r) {
  Json j;
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
    if (!res.detail.empty()) rj["detail"] = res.detail;
    results.push_back(rj);
  }
  j["results"] = results;
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

}  // namespace sp::conform
