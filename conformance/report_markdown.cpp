// The Markdown summary: what a CI log shows.
#include <sstream>

#include "conformance/report.h"

namespace sp::conform {
namespace {

std::string counts_line(const nlohmann::ordered_json& object) {
  std::string out;
  for (const auto& [k, v] : object.items()) out += (out.empty() ? "" : ", ") + k + " " + v.dump();
  return out;
}

// Every finding, one line each, whatever the file is called: the JSON
// report has the same list, with more fields.
void list(std::ostringstream& md, const std::string& title, const std::vector<Finding>& rows) {
  if (rows.empty()) return;
  md << "\n### " << title << " (" << rows.size() << ")\n\n";
  for (const Finding& f : rows) {
    const Result& r = *f.result;
    md << "- `" << r.case_name << "` " << column_of(r) << ": " << f.kind;
    if (r.mismatches > 0) md << ", " << r.mismatches << " of " << r.runs << " " << sweep_counts(r.sweep);
    if (!r.detail.empty()) md << " — " << r.detail;
    md << "\n";
  }
}

}  // namespace

std::string report_markdown(const Report& r) {
  const auto s = summarize(r);
  std::ostringstream md;
  md << "## shaderprobe conform: " << (s["passed"].get<bool>() ? "passed" : "FAILED") << "\n\n";
  md << s["cases"].get<size_t>() << " cases (" << counts_line(s["by_expectation"]) << "; classes: "
     << counts_line(s["by_class"]) << ")\n\n";
  md << "| implementation";
  for (const char* k : kImplCounts) md << " | " << k;
  md << " |\n|---";
  for (size_t k = 0; k < std::size(kImplCounts); ++k) md << "|---";
  md << "|\n";
  for (const auto& [impl, c] : s["impls"].items()) {
    md << "| " << impl;
    for (const char* k : kImplCounts)
      md << " | " << (c.contains(k) ? c[k].dump() : "-");
    md << " |\n";
  }
  if (!s["sweeps"].empty()) {
    md << "\n| shaderprobe sweep | cases | runs | crashes | mismatches | boundaries cut |\n|---|---|---|---|---|---|\n";
    for (const auto& [sweep, c] : s["sweeps"].items())
      md << "| " << sweep << " (runs: " << sweep_counts(sweep) << ") | " << c["cases"] << " | " << c["runs"] << " | "
         << c["crashes"] << " | " << c["mismatches"] << " | "
         << (c.contains("boundaries") ? c["boundaries_cut"].dump() + " of " + c["boundaries"].dump() : "-") << " |\n";
  }
  std::vector<Finding> fatal, reported;
  for (const Finding& f : findings(r)) (f.fails ? fatal : reported).push_back(f);
  std::string fail_on;
  for (const std::string& w : fail_on_words(r.fail_on)) fail_on += (fail_on.empty() ? "" : ",") + w;
  list(md, "Failures (--fail-on " + (fail_on.empty() ? "none" : fail_on) + ")", fatal);
  list(md, "Reported, not fatal", reported);
  return md.str();
}

}  // namespace sp::conform
