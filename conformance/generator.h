// What the conformance case generators (dxcontainer/generate_cases.cpp,
// bitcode/generate_cases.cpp) share: a case spec, the checks of a parse
// against it that every sidecar starts from, and writing the suite.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance/cases.h"
#include "core/diagnostic.h"
#include "formats/format.h"

namespace sp::conform::gen {

struct Spec {
  std::string name;  // with its y_/n_/i_ prefix
  std::vector<uint8_t> bytes;
  std::optional<Code> error;  // what shaderprobe must report
  std::vector<Code> warnings;
  std::vector<std::string> flags;
  std::string comment;
};

// A generator's cases, in the order it adds them.
struct Suite {
  std::vector<Spec> specs;
  void add(std::string name, std::vector<uint8_t> bytes, std::optional<Code> error, std::vector<std::string> flags,
           std::string comment, std::vector<Code> warnings = {}) {
    specs.push_back({std::move(name), std::move(bytes), error, std::move(warnings), std::move(flags),
                     std::move(comment)});
  }
};

[[nodiscard]] std::vector<uint8_t> read_file(const std::filesystem::path& path);
void write_file(const std::filesystem::path& path, const std::string& text);

// A case's class: valid (a y_ case), invalid (it decodes, but a value
// breaks a rule: an error in `invalid`, or a case other than y_ that
// parses), limit (legal, beyond a named limit of core/limits.h: an error
// in `limit`), malformed (any other error: a structure cannot be decoded
// from its bytes). Which codes are which is each format's to say.
[[nodiscard]] std::string class_of(const Spec& s, std::initializer_list<Code> invalid,
                                   std::initializer_list<Code> limit);

// The sidecar fields every suite fills the same way from a parse result
// `r` (ok(), error, warnings): class, flags, comment, and the exact error,
// or the warnings the spec names. Throws std::runtime_error, naming the
// case, when the parse disagrees with the spec or a flag is undocumented.
// `done` is true when nothing more belongs in the sidecar (an error case).
template <typename Result>
Sidecar checked_sidecar(const Spec& s, const Result& r, std::string klass,
                        const std::map<std::string, std::string>& flags, bool& done) {
  auto fail = [&](const std::string& what) { throw std::runtime_error(s.name + ": " + what); };
  Sidecar out;
  out.klass = std::move(klass);
  out.flags = s.flags;
  out.comment = s.comment;
  done = false;
  for (const std::string& f : s.flags)
    if (!flags.contains(f)) fail("undocumented flag " + f);
  if (s.error) {
    if (r.ok()) fail("expected " + std::string(code_name(*s.error)) + ", parsed");
    if (r.error->code != *s.error)
      fail("expected " + std::string(code_name(*s.error)) + ", got " + r.error->to_string());
    out.error = ExpectedError{std::string(code_name(r.error->code)), r.error->offset, r.error->path};
    done = true;
    return out;
  }
  if (!r.ok()) fail("expected to parse, got " + r.error->to_string());
  for (Code w : s.warnings) {
    if (std::none_of(r.warnings.begin(), r.warnings.end(), [&](const Diagnostic& d) { return d.code == w; }))
      fail("expected warning " + std::string(code_name(w)));
    out.warnings.emplace_back(code_name(w));
  }
  return out;
}

// The sidecar of a case read as `check` reads it (formats::read of
// `format`, embedded formats included): checked_sidecar's fields, then the
// whole dump of a y_ case, or the strictness profiles that reject the
// warnings of a case that parses with warnings.
[[nodiscard]] Sidecar registry_sidecar(const Spec& s, const formats::Format& format, std::string klass,
                                       const std::map<std::string, std::string>& flags);

// The main() of a generator: `gen OUTDIR [FILE...]`. `specs(files)` makes
// every case; each is written to OUTDIR/<name> and its sidecar, made by
// `sidecar_for(spec, written path)` after the case is on disk, to
// <name>.expect; then OUTDIR/flags.json. Every case that disagrees with
// shaderprobe is listed before the generator gives up (exit 1).
int generator_main(int argc, char** argv, const std::string& what,
                   const std::function<std::vector<Spec>(const std::vector<std::filesystem::path>&)>& specs,
                   const std::function<Sidecar(const Spec&, const std::filesystem::path&)>& sidecar_for,
                   const std::map<std::string, std::string>& flags);

}  // namespace sp::conform::gen
