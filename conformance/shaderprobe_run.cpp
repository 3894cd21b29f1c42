#include "conformance/shaderprobe_run.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>

#include "core/bytes.h"
#include "core/diagnostic_json.h"
#include "core/strings.h"
#include "formats/read.h"
#include "formats/registry.h"

namespace sp::conform {
namespace {

void observe_diagnostics(nlohmann::ordered_json& j, const std::optional<Diagnostic>& error,
                         const std::vector<Diagnostic>& warnings) {
  j["error"] = error ? diagnostic_json(*error) : nlohmann::ordered_json(nullptr);
  j["warnings"] = nlohmann::ordered_json::array();
  for (const Diagnostic& w : warnings) j["warnings"].push_back(code_name(w.code));
}

// The dump `name` of `input` (of `format`), as `dump --format=<name>`
// prints it, or nothing when it fails; json needs `r`, the file's read.
std::optional<std::string> dump_text(const formats::Format& format, Bytes input, const formats::FileRead* r,
                                     const std::string& name) {
  if (name == "json") return r != nullptr && r->ok() ? std::optional(formats::describe(*r).dump(2) + "\n") : std::nullopt;
  const formats::Dump* dump = formats::offered_dump(format, name);
  if (dump == nullptr) return std::nullopt;
  TextBuffer text;
  std::optional<Diagnostic> error;
  return dump->write(input, 0, formats::Options{}, text, error) ? std::optional(text.str()) : std::nullopt;
}

nlohmann::ordered_json dumps(const formats::Format& format, Bytes input, const formats::FileRead* r,
                             const std::vector<std::string>& names) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const std::string& name : names)
    if (const auto text = dump_text(format, input, r, name)) out[name] = *text;
  return out;
}

// In the child: every printer of an accepted input of up to
// kPrinterCheckLimit bytes (formats::printer_problem). One that fails, or
// throws, is a bug in shaderprobe: its line goes to stderr, where the
// outcome's detail finds it, and the child aborts, so the run is a crash.
void check_printers_in_child(Bytes input) {
  std::optional<std::string> problem;
  try {
    problem = formats::printer_problem(input);
  } catch (const std::exception& e) {
    problem = std::string("a printer threw: ") + e.what();
  }
  if (!problem) return;
  std::fprintf(stderr, "%.*s %s\n", static_cast<int>(kPrinterFailed.size()), kPrinterFailed.data(),
               utf8_text(*problem, false).c_str());
  std::abort();
}

// In the child: the observation as one CBOR document (a dump a peer's
// escaping shapes may hold bytes that are not UTF-8, which JSON text
// cannot carry): the file read as `check` reads it, and what `what` asks
// for.
std::vector<uint8_t> observe_in_child(const std::vector<uint8_t>& input, const Observation& what) {
  const double start = steady_seconds();
  nlohmann::ordered_json j;
  const formats::Format& format = formats::reader_for(input);
  const formats::FileRead r = formats::read(format, input);
  if (what.printers && r.ok() && input.size() <= kPrinterCheckLimit) check_printers_in_child(input);
  observe_diagnostics(j, r.error, r.warnings);
  if (what.expected_output != nullptr && r.ok()) j["output_matches"] = formats::describe(r) == *what.expected_output;
  j["outputs"] = dumps(format, input, &r, what.outputs);
  for (const formats::EmbeddedRead& e : what.payloads ? r.embedded : std::vector<formats::EmbeddedRead>{}) {
    j["payloads"].push_back({{"format", e.format->name}, {"path", e.payload.path}, {"offset", e.payload.offset},
                             {"size", e.payload.bytes.size()}, {"ok", e.decoded.ok()},
                             {"outputs", dumps(*e.format, e.payload.bytes, nullptr, what.outputs)}});
  }
  if (what.boundaries) j["boundaries"] = formats::boundaries(r, input);
  j["seconds"] = steady_seconds() - start;
  return nlohmann::ordered_json::to_cbor(j);
}

// In the child: `bytes` on stdout after their length (8 bytes, little
// endian), so that the parent finds each run's document in a worker's
// output however many came before.
void write_framed(const std::vector<uint8_t>& bytes) {
  const auto write_all = [](const uint8_t* data, size_t size) {
    for (size_t done = 0; done < size;) {
      const ssize_t n = write(1, data + done, size - done);
      if (n <= 0) _exit(3);
      done += static_cast<size_t>(n);
    }
  };
  uint8_t length[8];
  store_le<uint64_t>(length, bytes.size());
  write_all(length, sizeof length);
  write_all(bytes.data(), bytes.size());
}

// The outcome of a run from its document.
ShaderprobeOutcome outcome_of(Bytes cbor) {
  ShaderprobeOutcome o;
  const auto j = nlohmann::ordered_json::from_cbor(cbor.begin(), cbor.end());
  o.error = j["error"];
  o.warnings = j["warnings"].get<std::vector<std::string>>();
  o.verdict = o.error.is_null() ? Verdict::accept : Verdict::reject;
  if (!o.error.is_null())
    o.detail = o.error.value("code", "") + " at " + std::to_string(o.error.value("offset", uint64_t{0})) + ": " +
               o.error.value("path", "") + ": " + o.error.value("message", "");
  if (j.contains("output_matches")) o.output_matches = j["output_matches"].get<bool>();
  o.outputs = j["outputs"].get<std::map<std::string, std::string>>();
  for (const auto& p : j.value("payloads", nlohmann::ordered_json::array()))
    o.payloads.push_back({p["format"], p["path"], p["offset"], p["size"], p["ok"],
                          p["outputs"].get<std::map<std::string, std::string>>()});
  o.boundaries = j.value("boundaries", std::vector<uint64_t>{});
  o.seconds = j.value("seconds", 0.0);
  return o;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::string error_code(const ShaderprobeOutcome& o) {
  return o.error.is_null() ? std::string() : o.error.value("code", "");
}

bool error_matches(const ExpectedError& want, const ShaderprobeOutcome& o, std::string& why) {
  if (o.verdict != Verdict::reject) {
    why = "expected error " + want.code + ", got " + std::string(verdict_name(o.verdict));
    return false;
  }
  const bool same = error_code(o) == want.code && (!want.offset || o.error.value("offset", uint64_t{0}) == *want.offset) &&
                    (!want.path || o.error.value("path", "") == *want.path);
  if (!same) why = "expected error " + want.code + ", got " + o.detail;
  return same;
}

// Each profile in rejected_by must promote one of the observed warnings.
bool profiles_reject(const Sidecar& s, const ShaderprobeOutcome& o, std::string& why) {
  for (const std::string& name : s.rejected_by) {
    const bool rejects = std::any_of(o.warnings.begin(), o.warnings.end(), [&](const std::string& w) {
      const auto code = code_from_name(w);
      return code && formats::profiles().rejects(name, *code);
    });
    if (!rejects) {
      why = "profile " + name + " does not reject it";
      return false;
    }
  }
  return true;
}

}  // namespace

std::vector<ShaderprobeOutcome> run_shaderprobe(std::span<const PlainRun> runs, const RunLimits& limits) {
  std::vector<ShaderprobeOutcome> out(runs.size());
  run_resumable(
      runs.size(), limits, [&](size_t i) { write_framed(observe_in_child(*runs[i].input, runs[i].what)); },
      [&](const WorkerEnd& e) {
        // The documents of the runs that ended, in order.
        const Bytes written(reinterpret_cast<const uint8_t*>(e.result.out.data()), e.result.out.size());
        size_t k = e.first;
        for (uint64_t at = 0; k < e.at && written.size() - at >= 8; ++k) {
          const uint64_t size = load_le<uint64_t>(written.data() + at);
          if (size > written.size() - at - 8) break;
          out[k] = outcome_of(written.subspan(at + 8, size));
          out[k].max_rss_bytes = e.result.max_rss_bytes;
          at += 8 + size;
        }
        // Documents written as the worker's time ran out may not have been
        // read before it was killed: those runs are run again.
        if (k < e.at) return k;
        const std::optional<Verdict> end = abnormal_end(e.result);
        if ((!end && e.result.exit_code == 0) || e.at == runs.size()) return runs.size();
        // The worker ended in run `at`: that is its outcome; the next
        // worker resumes after it.
        ShaderprobeOutcome& o = out[e.at];
        o.verdict = end.value_or(Verdict::crash);
        o.detail = end_summary(e.result);
        o.max_rss_bytes = e.result.max_rss_bytes;
        o.seconds = e.seconds_in_item;
        return e.at + 1;
      });
  return out;
}

ShaderprobeOutcome run_shaderprobe(const std::vector<uint8_t>& input, const RunLimits& limits,
                                   const Observation& what) {
  const PlainRun run{&input, what};
  return std::move(run_shaderprobe(std::span(&run, 1), limits).front());
}

std::optional<bool> shaderprobe_meets(const Case& c, const ShaderprobeOutcome& o, std::string& why) {
  if (o.verdict != Verdict::accept && o.verdict != Verdict::reject) {
    why = o.detail;
    return false;  // a crash, hang or OOM is never acceptable
  }
  if (c.expect == Expectation::none) return std::nullopt;
  const std::optional<Sidecar>& s = c.sidecar;
  if (s && s->error) return error_matches(*s->error, o, why);
  switch (c.expect) {
    case Expectation::accept:
      if (o.verdict != Verdict::accept) {
        why = "expected accept, got " + o.detail;
        return false;
      }
      if (o.output_matches == false) {
        why = "output differs from the sidecar's";
        return false;
      }
      break;
    case Expectation::reject:
      if (o.verdict != Verdict::reject) {
        why = "expected reject, got accept";
        return false;
      }
      break;
    case Expectation::either:
    case Expectation::none:
      break;
  }
  if (!s) return true;
  for (const std::string& w : s->warnings) {
    if (!contains(o.warnings, w)) {
      why = "expected warning " + w + (o.verdict == Verdict::reject ? ", got " + o.detail : std::string());
      return false;
    }
  }
  return profiles_reject(*s, o, why);
}

std::optional<std::string> shaderprobe_output(const ShaderprobeOutcome& o, const std::string& format) {
  const auto it = o.outputs.find(format);
  return it != o.outputs.end() ? std::optional(it->second) : std::nullopt;
}

}  // namespace sp::conform
