#include "conformance/ci_output.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "core/strings.h"

namespace sp::ci {
namespace {

using Json = nlohmann::ordered_json;

// The SARIF schema's address, for editors and validators that follow $schema.
constexpr const char* kSarifSchema = "https://json.schemastore.org/sarif-2.1.0.json";

// Text from a file (a path, a message quoting a name) may hold any bytes:
// JSON and XML both need valid UTF-8, XML 1.0 no control characters at all.
std::string text(std::string_view s) { return utf8_text(s); }

Json location(const Finding& f) {
  Json physical = {{"artifactLocation", {{"uri", uri_reference(text(f.file))}}}};
  // SARIF regions count bytes; a bit offset points at the byte holding it.
  if (f.offset) physical["region"] = {{"byteOffset", f.offset_in_bits ? *f.offset / 8 : *f.offset}};
  Json loc = {{"physicalLocation", physical}};
  if (!f.path.empty()) loc["logicalLocations"] = Json::array({{{"fullyQualifiedName", text(f.path)}, {"kind", "member"}}});
  return loc;
}

std::string xml(std::string_view s) {
  std::string out;
  for (const char c : text(s)) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string seconds_text(double s) { return strprintf("%.3f", s); }

// One line per finding in a failure's body or a test's output.
std::string finding_line(const Finding& f) {
  std::string line = std::string(level_name(f.level)) + ": " + f.rule;
  if (f.offset) line += (f.offset_in_bits ? " at bit " : " at ") + std::to_string(*f.offset);
  if (!f.path.empty()) line += ": " + f.path;
  return line + ": " + f.message + "\n";
}

struct Case {
  const Test* test;
  std::vector<const Finding*> findings;
};

// The tests grouped into suites by name, in first-seen order, each with its
// findings; a finding of a test the log does not list adds it.
std::vector<std::pair<std::string, std::vector<Case>>> suites(const Log& log, std::vector<Test>& added) {
  for (const Finding& f : log.findings) {
    const auto same = [&](const Test& t) { return t.file == f.file && t.name == f.test; };
    if (std::none_of(log.tests.begin(), log.tests.end(), same) && std::none_of(added.begin(), added.end(), same))
      added.push_back({f.file, f.test, std::nullopt});
  }
  std::vector<std::pair<std::string, std::vector<Case>>> out;
  std::map<std::pair<std::string, std::string>, std::pair<size_t, size_t>> where;  // (name, file) -> (suite, case)
  for (const std::vector<Test>* list : {&log.tests, static_cast<const std::vector<Test>*>(&added)}) {
    for (const Test& t : *list) {
      auto suite = std::find_if(out.begin(), out.end(), [&](const auto& s) { return s.first == t.name; });
      if (suite == out.end()) suite = out.insert(out.end(), {t.name, {}});
      where[{t.name, t.file}] = {static_cast<size_t>(suite - out.begin()), suite->second.size()};
      suite->second.push_back({&t, {}});
    }
  }
  for (const Finding& f : log.findings) {
    const auto [s, c] = where.at({f.test, f.file});
    out[s].second[c].findings.push_back(&f);
  }
  return out;
}

bool fails(const Case& c) {
  return std::any_of(c.findings.begin(), c.findings.end(), [](const Finding* f) { return f->level == Level::error; });
}

void testcase(std::ostringstream& x, const std::string& classname, const Case& c) {
  x << "    <testcase classname=\"" << xml(classname) << "\" name=\"" << xml(c.test->file) << "\"";
  if (c.test->seconds) x << " time=\"" << seconds_text(*c.test->seconds) << "\"";
  if (c.findings.empty()) {
    x << "/>\n";
    return;
  }
  x << ">\n";
  std::string failures, output;
  const Finding* first = nullptr;
  for (const Finding* f : c.findings) {
    if (f->level == Level::error && first == nullptr) first = f;
    (f->level == Level::error ? failures : output) += finding_line(*f);
  }
  if (first != nullptr)
    x << "      <failure type=\"" << xml(first->rule) << "\" message=\"" << xml(first->message) << "\">"
      << xml(failures) << "</failure>\n";
  if (!output.empty()) x << "      <system-out>" << xml(output) << "</system-out>\n";
  x << "    </testcase>\n";
}

}  // namespace

std::string_view level_name(Level level) {
  switch (level) {
    case Level::error: return "error";
    case Level::warning: return "warning";
    case Level::note: return "note";
  }
  return "error";
}

std::string uri_reference(std::string_view path) {
  std::string out = path.starts_with('/') ? "file://" : "";
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    // RFC 3986's unreserved characters and the segment separator stay; a
    // ':' is encoded so that a relative path never reads as a scheme.
    if (std::isalnum(u) != 0 || c == '-' || c == '.' || c == '_' || c == '~' || c == '/') out += c;
    else out += strprintf("%%%02X", u);
  }
  return out;
}

std::string sarif(const Log& log) {
  std::map<std::string, std::string> described;
  for (const Rule& r : log.rules) described[r.id] = r.description;
  Json rules = Json::array(), results = Json::array();
  std::map<std::string, size_t> rule_index;
  for (const Finding& f : log.findings) {
    auto [it, added] = rule_index.try_emplace(f.rule, rule_index.size());
    if (added) {
      Json rule = {{"id", text(f.rule)}};
      if (const auto d = described.find(f.rule); d != described.end()) rule["shortDescription"] = {{"text", text(d->second)}};
      rules.push_back(rule);
    }
    Json result = {{"ruleId", text(f.rule)},
                   {"ruleIndex", it->second},
                   {"level", level_name(f.level)},
                   {"message", {{"text", text(f.message)}}},
                   {"locations", Json::array({location(f)})}};
    if (!f.test.empty()) result["properties"]["test"] = text(f.test);
    if (f.offset && f.offset_in_bits) result["properties"]["bitOffset"] = *f.offset;
    results.push_back(result);
  }
  Json driver = {{"name", log.tool}};
  if (!log.version.empty()) driver["version"] = log.version;
  driver["rules"] = rules;
  const Json j = {{"$schema", kSarifSchema},
                  {"version", "2.1.0"},
                  {"runs", Json::array({{{"tool", {{"driver", driver}}}, {"results", results}}})}};
  return j.dump(2) + "\n";
}

std::string junit(const Log& log) {
  std::vector<Test> added;
  const auto grouped = suites(log, added);
  size_t tests = 0, failures = 0;
  for (const auto& [name, cases] : grouped) {
    tests += cases.size();
    failures += static_cast<size_t>(std::count_if(cases.begin(), cases.end(), fails));
  }
  std::ostringstream x;
  x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"" << xml(log.tool) << "\" tests=\"" << tests
    << "\" failures=\"" << failures << "\" errors=\"0\">\n";
  for (const auto& [name, cases] : grouped) {
    const std::string suite = name.empty() ? log.suite : log.suite + " " + name;
    double seconds = 0;
    for (const Case& c : cases) seconds += c.test->seconds.value_or(0);
    x << "  <testsuite name=\"" << xml(suite) << "\" tests=\"" << cases.size() << "\" failures=\""
      << std::count_if(cases.begin(), cases.end(), fails) << "\" errors=\"0\" skipped=\"0\" time=\""
      << seconds_text(seconds) << "\">\n";
    for (const Case& c : cases) testcase(x, suite, c);
    x << "  </testsuite>\n";
  }
  x << "</testsuites>\n";
  return x.str();
}

}  // namespace sp::ci
