// The HTML report: one self-contained page (inline CSS, a few lines of
// inline script for the filter box) with the run's date, command line and
// versions, the summary, every finding with its reason, a pruned matrix in
// which cases whose rows look the same are folded into one row, and the
// full matrix of cases x implementations. Reasons are printed in the page,
// not left to tooltips; case names link to the inputs, relative to the page.
#include <filesystem>
#include <map>
#include <sstream>

#include "conformance/report.h"

namespace sp::conform {
namespace {

std::string escape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// The colour class of a cell: failures first, then agreement, then verdict.
std::string cell_class(const Result& r) {
  if (r.verdict == Verdict::crash) return "crash";
  if (r.verdict == Verdict::timeout || r.verdict == Verdict::oom) return "hang";
  if (r.verdict == Verdict::not_applicable) return "na";
  if (r.met == false || r.mismatches > 0) return "unmet";
  if (r.agrees == false) return "disagree";
  return r.verdict == Verdict::accept ? "accept" : "reject";
}

// What a cell says in the pruned view (no counts, so that rows fold).
std::string cell_label(const Result& r) {
  std::string label(verdict_name(r.verdict));
  if (r.mismatches > 0) label += ", mismatches";
  if (r.met == false) label += " (unmet)";
  if (r.agrees == false) label += " (differs)";
  return label;
}

// A sweep cell's counts, saying what they count.
std::string sweep_line(const Result& r) {
  std::string line = std::to_string(r.runs) + " " + std::string(sweep_counts(r.sweep));
  if (r.sweep == "truncate" && !r.every_prefix)
    line += " (" + std::to_string(r.boundaries_cut) + " of " + std::to_string(r.boundaries) + " boundaries)";
  if (r.sweep == "truncate" && r.every_prefix) line += " (every prefix)";
  return line + ", " + std::to_string(r.mismatches) + " mismatches";
}

// A link to the input from the page's folder: a relative URL, so the page
// and its inputs may move together.
std::string case_link(const std::string& name, const std::string& html_dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path rel = fs::absolute(name).lexically_relative(fs::absolute(html_dir, ec));
  const std::string href = ci::uri_reference(rel.empty() ? name : rel.generic_string());
  return "<a href=\"" + escape(href) + "\">" + escape(name) + "</a>";
}

struct Row {
  const CaseInfo* info;
  std::vector<const Result*> cells;  // one per column, or nullptr
};

std::vector<Row> rows_of(const Report& r, const std::vector<std::string>& columns) {
  std::map<std::string, size_t> index;
  std::vector<Row> rows;
  for (const CaseInfo& c : r.cases) {
    index[c.name] = rows.size();
    rows.push_back({&c, std::vector<const Result*>(columns.size(), nullptr)});
  }
  for (const Result& res : r.results) {
    const auto col = std::find(columns.begin(), columns.end(), column_of(res));
    if (col != columns.end()) rows[index.at(res.case_name)].cells[static_cast<size_t>(col - columns.begin())] = &res;
  }
  return rows;
}

void header_row(std::ostringstream& h, const std::vector<std::string>& columns, const char* first) {
  h << "<tr><th>" << first << "</th><th>expect</th><th>class</th>";
  for (const std::string& c : columns) {
    h << "<th>" << escape(c);
    if (c.starts_with(std::string(kShaderprobe) + " "))
      h << "<br><small>runs: " << sweep_counts(c.substr(kShaderprobe.size() + 1)) << "</small>";
    h << "</th>";
  }
  h << "</tr>\n";
}

void cells(std::ostringstream& h, const Row& row, bool full) {
  h << "<td>" << expectation_name(row.info->expect) << "</td><td>" << escape(row.info->klass) << "</td>";
  for (const Result* c : row.cells) {
    if (c == nullptr) {
      h << "<td></td>";
      continue;
    }
    h << "<td class=\"" << cell_class(*c) << "\">" << escape(cell_label(*c));
    if (full && c->sweep != "none") h << "<br><small>" << escape(sweep_line(*c)) << "</small>";
    if (full && !c->detail.empty()) h << "<div class=\"why\">" << escape(c->detail) << "</div>";
    h << "</td>";
  }
  h << "</tr>\n";
}

std::string row_signature(const Row& row) {
  std::string sig = std::string(expectation_name(row.info->expect)) + "|" + row.info->klass;
  for (const Result* c : row.cells) sig += "|" + (c ? cell_class(*c) + ":" + cell_label(*c) : std::string());
  return sig;
}

bool row_fails(const Row& row) {
  return std::any_of(row.cells.begin(), row.cells.end(), [](const Result* c) {
    return c && (cell_class(*c) == "crash" || cell_class(*c) == "hang" || cell_class(*c) == "unmet" ||
                 cell_class(*c) == "disagree");
  });
}

void pruned(std::ostringstream& h, const std::vector<Row>& rows, const std::vector<std::string>& columns,
            const std::string& html_dir) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const Row*>> groups;
  for (const Row& row : rows) {
    const std::string sig = row_signature(row);
    if (groups[sig].empty()) order.push_back(sig);
    groups[sig].push_back(&row);
  }
  // Groups with a failure or disagreement first, then the largest, then
  // in case order (std::sort with a total order: libstdc++'s stable_sort
  // uses a deprecated buffer clang warns about).
  std::map<std::string, size_t> first_seen;
  for (size_t i = 0; i < order.size(); ++i) first_seen[order[i]] = i;
  std::sort(order.begin(), order.end(), [&](const std::string& a, const std::string& b) {
    const bool fa = row_fails(*groups[a][0]), fb = row_fails(*groups[b][0]);
    if (fa != fb) return fa;
    if (groups[a].size() != groups[b].size()) return groups[a].size() > groups[b].size();
    return first_seen[a] < first_seen[b];
  });
  h << "<h2>Pruned view: " << order.size() << " distinct rows for " << rows.size() << " cases</h2>\n<table class=\"filterable\">\n";
  header_row(h, columns, "cases");
  for (const std::string& sig : order) {
    const auto& members = groups[sig];
    h << "<tr><td class=\"name\">";
    if (members.size() == 1) {
      h << case_link(members[0]->info->name, html_dir);
    } else {
      h << "<details><summary>" << members.size() << " cases like " << escape(members[0]->info->name)
        << "</summary>";
      for (const Row* m : members) h << case_link(m->info->name, html_dir) << "<br>";
      h << "</details>";
    }
    h << "</td>";
    cells(h, *members[0], false);
  }
  h << "</table>\n";
}

void run_info(std::ostringstream& h, const Report& r) {
  h << "<table class=\"run\"><tr><th>date</th><td>" << escape(r.run.date) << "</td></tr>\n<tr><th>command line</th><td><code>"
    << escape(r.run.command_line) << "</code></td></tr>\n";
  for (const std::string& impl : r.impls) {
    const auto v = r.run.versions.find(impl);
    h << "<tr><th>" << escape(impl) << "</th><td>" << escape(v != r.run.versions.end() ? v->second : "unknown")
      << "</td></tr>\n";
  }
  h << "</table>\n";
}

void findings_table(std::ostringstream& h, const Report& r, const std::string& html_dir) {
  const std::vector<Finding> all = findings(r);
  h << "<h2>Findings: " << all.size() << "</h2>\n";
  if (all.empty()) return;
  h << "<table class=\"filterable\"><tr><th>case</th><th>implementation</th><th>finding</th><th>fails the run</th>"
       "<th>reason</th></tr>\n";
  for (const Finding& f : all) {
    const Result& res = *f.result;
    h << "<tr><td class=\"name\">" << case_link(res.case_name, html_dir) << "</td><td>" << escape(column_of(res))
      << "</td><td class=\"" << cell_class(res) << "\">" << f.kind << "</td><td>" << (f.fails ? "yes" : "no")
      << "</td><td class=\"why\">" << escape(res.detail) << "</td></tr>\n";
  }
  h << "</table>\n";
}

constexpr const char* kStyle = R"(body{font:14px system-ui,sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:3px 7px;text-align:left;vertical-align:top}
th{background:#eee;position:sticky;top:0}td.name{font-family:monospace;max-width:34em;overflow-wrap:anywhere}
table.run th{position:static}.why{font-size:12px;color:#333;max-width:40em;overflow-wrap:anywhere}
.accept{background:#c8efc8}.reject{background:#cfe0f7}.unmet{background:#f7b0b0;font-weight:bold}
.crash{background:#b00020;color:#fff;font-weight:bold}.crash .why,.crash small{color:#fff}.hang{background:#f5c16c}
.disagree{background:#e0c8f0}.na{background:#eee;color:#777}
.passed{color:#1a7f37}.failed{color:#b00020}small{color:#555}#filter{font-size:14px;width:30em;padding:4px}
.legend span{padding:2px 8px;margin-right:6px;border:1px solid #ccc})";

// Shows only the rows of the filterable tables whose text holds every word
// typed (a header row always stays); #filter=WORDS in the address fills it.
constexpr const char* kScript = R"(<script>
const box = document.getElementById('filter');
function applyFilter() {
  const words = box.value.toLowerCase().split(/\s+/).filter(w => w);
  for (const row of document.querySelectorAll('table.filterable tr')) {
    if (row.querySelector('th')) continue;
    const text = row.textContent.toLowerCase();
    row.style.display = words.every(w => text.includes(w)) ? '' : 'none';
  }
}
box.addEventListener('input', applyFilter);
const given = new URLSearchParams(location.hash.slice(1)).get('filter');
if (given) { box.value = given; applyFilter(); }
</script>
)";

}  // namespace

std::string report_html(const Report& r, const std::string& html_dir) {
  const auto s = summarize(r);
  const std::vector<std::string> columns = matrix_columns(r);
  const std::vector<Row> rows = rows_of(r, columns);
  std::ostringstream h;
  h << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>shaderprobe conform</title><style>"
    << kStyle << "</style></head><body>\n";
  const bool passed = s["passed"].get<bool>();
  h << "<h1>shaderprobe conform: <span class=\"" << (passed ? "passed\">passed" : "failed\">FAILED") << "</span></h1>\n";
  run_info(h, r);
  std::string fail_on;
  for (const std::string& w : fail_on_words(r.fail_on)) fail_on += (fail_on.empty() ? "" : ",") + w;
  h << "<p>" << s["cases"].get<size_t>() << " cases; findings that fail the run (--fail-on "
    << (fail_on.empty() ? "none" : fail_on) << "): " << s["failures"].get<uint64_t>() << ".</p>\n";
  h << "<table><tr><th>implementation</th>";
  for (const char* k : kImplCounts) h << "<th>" << k << "</th>";
  h << "</tr>\n";
  for (const auto& [impl, c] : s["impls"].items()) {
    h << "<tr><td>" << escape(impl) << "</td>";
    for (const char* k : kImplCounts)
      h << "<td>" << (c.contains(k) ? c[k].dump() : "-") << "</td>";
    h << "</tr>\n";
  }
  h << "</table>\n";
  if (!s["sweeps"].empty()) {
    h << "<table><tr><th>shaderprobe sweep</th><th>cases</th><th>runs</th><th>crashes</th><th>mismatches</th>"
         "<th>structure boundaries cut around</th></tr>\n";
    for (const auto& [sweep, c] : s["sweeps"].items())
      h << "<tr><td>" << sweep << "</td><td>" << c["cases"] << "</td><td>" << c["runs"] << " " << sweep_counts(sweep)
        << "</td><td>" << c["crashes"] << "</td><td>" << c["mismatches"] << "</td><td>"
        << (c.contains("boundaries") ? c["boundaries_cut"].dump() + " of " + c["boundaries"].dump() : "-")
        << "</td></tr>\n";
    h << "</table>\n";
  }
  h << "<p><input id=\"filter\" type=\"search\" placeholder=\"Filter rows: case, implementation, verdict, reason\"></p>\n";
  findings_table(h, r, html_dir);
  h << "<p class=\"legend\"><span class=\"accept\">accept</span><span class=\"reject\">reject</span>"
       "<span class=\"unmet\">expectation not met</span><span class=\"disagree\">differs from shaderprobe</span>"
       "<span class=\"crash\">crash</span><span class=\"hang\">timeout / oom</span>"
       "<span class=\"na\">n/a: not a format it reads</span></p>\n";
  pruned(h, rows, columns, html_dir);
  h << "<details open><summary><h2 style=\"display:inline\">Full matrix</h2></summary>\n<table class=\"filterable\">\n";
  header_row(h, columns, "case");
  for (const Row& row : rows) {
    h << "<tr><td class=\"name\">" << case_link(row.info->name, html_dir);
    if (!row.info->comment.empty()) h << "<div class=\"why\">" << escape(row.info->comment) << "</div>";
    h << "</td>";
    cells(h, row, true);
  }
  h << "</table></details>\n" << kScript << "</body></html>\n";
  return h.str();
}

}  // namespace sp::conform
