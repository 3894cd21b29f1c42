#include "conformance/cases.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <stdexcept>

#include "core/strings.h"

namespace sp::conform {
namespace {

namespace fs = std::filesystem;

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

bool is_input(const fs::path& p) {
  const std::string name = p.filename().string();
  return !name.empty() && name[0] != '.' && !ends_with(name, kSidecarSuffix) && !ends_with(name, ".md") &&
         !ends_with(name, ".json");
}

std::optional<Sidecar> read_sidecar(const fs::path& input) {
  const fs::path path = input.string() + std::string(kSidecarSuffix);
  if (!fs::exists(path)) return std::nullopt;
  std::ifstream in(path);
  try {
    return sidecar_from_json(nlohmann::ordered_json::parse(in));
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path.string() + ": " + e.what());
  }
}

// The name is what every report prints: a path may hold any bytes.
Case make_case(const fs::path& path, const std::string& name) {
  return Case{path, utf8_text(name, false), expectation_of(path.filename().string()), read_sidecar(path)};
}

template <typename T>
std::optional<T> optional_field(const nlohmann::ordered_json& j, const char* key) {
  if (!j.contains(key) || j[key].is_null()) return std::nullopt;
  return j[key].get<T>();
}

}  // namespace

Expectation expectation_of(std::string_view file_name) {
  if (file_name.starts_with("y_")) return Expectation::accept;
  if (file_name.starts_with("n_")) return Expectation::reject;
  if (file_name.starts_with("i_")) return Expectation::either;
  return Expectation::none;
}

std::string_view expectation_name(Expectation e) {
  switch (e) {
    case Expectation::accept: return "accept";
    case Expectation::reject: return "reject";
    case Expectation::either: return "either";
    case Expectation::none: break;
  }
  return "none";
}

std::vector<Case> collect_cases(const std::vector<fs::path>& paths) {
  std::vector<Case> out;
  std::set<std::string> seen;
  const auto add = [&](const fs::path& path, std::string name) {
    // The same file named twice (`conform a a`, or a file inside a folder
    // also given) is one case.
    if (seen.insert(name).second) out.push_back(make_case(path, std::move(name)));
  };
  for (const fs::path& root : paths) {
    // Names are paths as given, so a/x.bin and b/x.bin stay two cases and a
    // symlink keeps its own name; a trailing '/' is not doubled.
    std::string given = root.generic_string();
    while (given.size() > 1 && given.back() == '/') given.pop_back();
    if (fs::is_regular_file(root)) {
      add(root, given);
      continue;
    }
    if (!fs::is_directory(root)) throw std::runtime_error("cannot read " + root.string());
    std::vector<fs::path> found;
    for (const auto& e : fs::recursive_directory_iterator(root))
      if (e.is_regular_file() && is_input(e.path())) found.push_back(e.path());
    std::sort(found.begin(), found.end());
    for (const fs::path& f : found) add(f, given + "/" + fs::relative(f, root).generic_string());
  }
  if (out.empty()) throw std::runtime_error("no inputs found (sidecars, *.md and *.json are not inputs)");
  return out;
}

Sidecar sidecar_from_json(const nlohmann::ordered_json& j) {
  Sidecar s;
  s.klass = j.value("class", "");
  s.flags = j.value("flags", std::vector<std::string>{});
  s.comment = j.value("comment", "");
  if (j.contains("error") && !j["error"].is_null()) {
    const auto& e = j["error"];
    s.error = ExpectedError{e.at("code").get<std::string>(), optional_field<uint64_t>(e, "offset"),
                            optional_field<std::string>(e, "path")};
  }
  s.warnings = j.value("warnings", std::vector<std::string>{});
  s.rejected_by = j.value("rejected_by", std::vector<std::string>{});
  if (j.contains("output")) s.output = j["output"];
  s.others = j.value("others", std::map<std::string, std::string>{});
  return s;
}

nlohmann::ordered_json sidecar_to_json(const Sidecar& s) {
  nlohmann::ordered_json j;
  j["class"] = s.klass;
  j["flags"] = s.flags;
  j["comment"] = s.comment;
  if (s.error) {
    j["error"] = {{"code", s.error->code}};
    if (s.error->offset) j["error"]["offset"] = *s.error->offset;
    if (s.error->path) j["error"]["path"] = *s.error->path;
  }
  if (!s.warnings.empty()) j["warnings"] = s.warnings;
  if (!s.rejected_by.empty()) j["rejected_by"] = s.rejected_by;
  if (s.output) j["output"] = *s.output;
  if (!s.others.empty()) j["others"] = s.others;
  return j;
}

}  // namespace sp::conform
