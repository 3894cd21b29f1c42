// The Markdown summary: what a CI log shows.
#include <sstream>

#include "conformance/report.h"

namespace sp::conform {
namespace {

constexpr size_t kListed = 40;  // lines per list; the JSON report has the rest

std::string counts_line(const nlohmann::ordered_json& object) {
  std::string out;
  for (const auto& [k, v] : object.items()) out += (out.empty() ? "" : ", ") + k + " " + v.dump();
  return out;
}

void list(std::ostringstream& md, const std::string& title, const std::vector<const Result*>& rows) {
  if (rows.empty()) return;
  md << "\n### " << title << " (" << rows.size() << ")\n\n";
  for (size_t i = 0; i < rows.size() && i < kListed; ++i) {
    const Result& r = *rows[i];
    md << "- `" << r.case_name << "` " << column_of(r) << ": " << verdict_name(r.verdict);
    if (r.mismatches > 0) md << ", " << r.mismatches << " mismatches";
    if (!r.detail.empty()) md << " — " << r.detail;
    md << "\n";
  }
  if (rows.size() > kListed) md << "- ... " << rows.size() - kListed << " more in the JSON report\n";
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
    md << "\n| shaderprobe sweep | cases | runs | crashes | mismatches |\n|---|---|---|---|---|\n";
    for (const auto& [sweep, c] : s["sweeps"].items())
      md << "| " << sweep << " | " << c["cases"] << " | " << c["runs"] << " | " << c["crashes"] << " | "
         << c["mismatches"] << " |\n";
  }
  std::vector<const Result*> failures, others;
  for (const Result& res : r.results) {
    if (res.impl == kShaderprobe) {
      if (res.met == false || res.crashes > 0 || res.mismatches > 0) failures.push_back(&res);
    } else if (res.met == false || res.agrees == false) {
      others.push_back(&res);
    }
  }
  list(md, "shaderprobe failures", failures);
  list(md, "Other implementations: unmet expectations and disagreements (reported, not fatal)", others);
  return md.str();
}

}  // namespace sp::conform
