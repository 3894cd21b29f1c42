#include "check_file.h"

#include <chrono>
#include <iostream>

#include "core/diagnostic_json.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "input.h"

namespace sp::cli {

std::string_view verdict_name(Verdict v) {
  switch (v) {
    case Verdict::valid: return "valid";
    case Verdict::malformed: return "malformed";
    case Verdict::unsupported: return "unsupported";
    case Verdict::unreadable: return "unreadable";
  }
  return "";
}

CheckOutcome check_file(const std::string& file, std::string_view profile, const formats::Options& options) {
  const auto start = std::chrono::steady_clock::now();
  CheckOutcome o;
  o.file = file;
  std::string problem;
  const auto data = read_input(file, problem);
  if (!data) {
    o.verdict = Verdict::unreadable;
    o.error = Diagnostic{Code::io_error, 0, "", problem};
  } else {
    const formats::Format& format = formats::reader_for(*data);
    o.format = format.name;
    formats::FileRead r = formats::read(format, *data, options);
    o.error = formats::error_under(r, profile);
    o.warnings = std::move(r.warnings);
    if (!format.supported()) {
      o.verdict = Verdict::unsupported;
      o.error->message = unsupported_message(format);
    } else {
      o.verdict = o.error ? Verdict::malformed : Verdict::valid;
    }
  }
  o.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return o;
}

void print_text(const CheckOutcome& o) {
  for (const Diagnostic& w : o.warnings) print_warning(o.file, w);
  switch (o.verdict) {
    case Verdict::valid:
      std::cout << o.file << ": valid (" << o.warnings.size() << " warnings)\n";
      break;
    case Verdict::malformed:
      print_error(o.file, *o.error);
      break;
    case Verdict::unsupported:
    case Verdict::unreadable:
      // Not a finding about the file's bytes: the message alone.
      std::cerr << o.file << ": error: " << o.error->message << "\n";
      break;
  }
}

nlohmann::ordered_json outcome_json(const CheckOutcome& o) {
  nlohmann::ordered_json j = {{"file", utf8_text(o.file)},
                              {"format", o.format.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(o.format)},
                              {"status", verdict_name(o.verdict)},
                              {"valid", o.verdict == Verdict::valid}};
  j["error"] = o.error ? diagnostic_json(*o.error) : nlohmann::ordered_json(nullptr);
  j["warnings"] = nlohmann::ordered_json::array();
  for (const Diagnostic& w : o.warnings) j["warnings"].push_back(diagnostic_json(w));
  return j;
}

namespace {

ci::Finding finding(const CheckOutcome& o, const Diagnostic& d, ci::Level level) {
  ci::Finding f;
  f.file = o.file;
  f.rule = code_name(d.code);
  f.level = level;
  f.message = d.message;
  // An unsupported or unreadable file has no place in it to point at.
  if (o.verdict == Verdict::valid || o.verdict == Verdict::malformed) f.offset = d.offset;
  f.offset_in_bits = d.unit == OffsetUnit::bit;
  f.path = d.path;
  return f;
}

void add_rule(Code code, ci::Log& log) {
  const std::string id(code_name(code));
  for (const ci::Rule& r : log.rules)
    if (r.id == id) return;
  log.rules.push_back({id, std::string(code_info(code).summary)});
}

}  // namespace

void add_to_log(const CheckOutcome& o, ci::Log& log) {
  log.tests.push_back({o.file, "", o.seconds});
  for (const Diagnostic& w : o.warnings) {
    if (o.error && w == *o.error) continue;
    log.findings.push_back(finding(o, w, ci::Level::warning));
    add_rule(w.code, log);
  }
  if (o.error) {
    log.findings.push_back(finding(o, *o.error, ci::Level::error));
    add_rule(o.error->code, log);
  }
}

}  // namespace sp::cli
