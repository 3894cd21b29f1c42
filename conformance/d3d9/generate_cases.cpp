// Writes the Direct3D 9 bytecode suite, conformance/cases/d3d9/:
//
//   gen_d3d9_cases OUTDIR
//
// Every case is a whole shader from samples.h, built with builders.h and
// written by the project's writer, read as `check` reads it: the valid
// samples (every opcode of shader models 2 and 3, the features the real
// files do not show, a struct-typed constant addressed relatively, no
// constant table, comments and trailing words), the damaged ones with the
// exact error each must end in (the version token, comments past the file,
// instruction lengths, unknown opcodes, parameter tokens, the end token,
// every constant table offset, count, string and type cycle), and shaders
// whose constant table's every text holds hostile bytes; then fxc's Level9
// part in DXBC containers and the debug information, valid, damaged in
// every count, offset and size, and not matching their program
// (level9_samples.h). A damaged sample
// no probe recognises as Direct3D 9 (a version token cut short) is left
// out: `conform` reads a case by the format its bytes name. The format has
// no peer to compare with.
#include <map>
#include <string>
#include <vector>

#include "conformance/d3d9/level9_samples.h"
#include "conformance/d3d9/samples.h"
#include "conformance/generator.h"
#include "conformance/hostile_text.h"
#include "formats/registry.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using conform::gen::Spec;

// Wycheproof-style flags: what each case exercises.
const std::map<std::string, std::string> kFlags = {
    {"Valid", "a well-formed shader"},
    {"Version", "the version token: shader model and type"},
    {"Comment", "comment blocks: their length against the file"},
    {"Instruction", "instruction tokens: opcodes, lengths, parameter and relative-address tokens"},
    {"End", "the end token"},
    {"ConstantTable", "the CTAB comment: header, constants, types, members, creator and target"},
    {"DebugInfo", "the DBUG comment: header, files, line records, variables and their writes"},
    {"Level9", "fxc's Level9 part (Aon9) of a DXBC container: header, mapping tables, the program inside"},
    {"Text", "text fields holding bytes no printer may pass on as they are: invalid UTF-8, control characters, a NUL "
             "inside (conformance/hostile_text.h)"},
};

// The flag of a damaged sample, by the structure its name starts with.
std::string flag_of(const std::string& name) {
  if (name.starts_with("ctab_")) return "ConstantTable";
  if (name.starts_with("comment_")) return "Comment";
  if (name.starts_with("shader_model") || name.ends_with("_version")) return "Version";
  if (name.find("end_token") != std::string::npos) return "End";
  return "Instruction";
}

std::vector<Spec> specs() {
  std::vector<Spec> out;
  for (const d3d9::build::Sample& sample : d3d9::build::samples()) {
    if (formats::reader_for(sample.bytes).name != "d3d9") continue;
    Spec s;
    s.bytes = sample.bytes;
    s.comment = "conformance/d3d9/samples.h's " + sample.name;
    if (sample.error) {
      s.name = "n_" + sample.name;
      s.error = sample.error;
      s.flags = {flag_of(sample.name)};
    } else {
      s.name = "y_" + sample.name;
      s.flags = {"Valid"};
    }
    out.push_back(std::move(s));
  }
  // fxc's Level9 part, in DXBC containers (read as the container, whose
  // Aon9 part the d3d9 format reads), and debug information.
  for (const d3d9::build::Sample& sample : d3d9::build::level9_samples()) {
    Spec s;
    s.bytes = sample.bytes;
    s.comment = "conformance/d3d9/level9_samples.h's " + sample.name;
    s.error = sample.error;
    s.warnings = sample.warnings;
    s.name = (sample.error ? "n_" : !sample.warnings.empty() ? "i_" : "y_") + sample.name;
    s.flags = {sample.name.starts_with("level9_") ? "Level9" : "DebugInfo"};
    if (!sample.error && sample.warnings.empty()) s.flags.insert(s.flags.begin(), "Valid");
    out.push_back(std::move(s));
  }
  // Any bytes are allowed in the table's strings; each printer, fxc's
  // listing too, must print them (`conform` runs them all on every
  // accepted case). From text 4 on, a NUL cuts a name short.
  for (const size_t k : {size_t{0}, size_t{4}})
    out.push_back({"y_text_not_printable_" + std::to_string(k), d3d9::build::with_hostile_texts(k), std::nullopt, {},
                   {"Valid", "ConstantTable", "Text"},
                   "every text of the constant table (names, target, creator) holding hostile bytes, from the list's "
                   "text " + std::to_string(k)});
  return out;
}

std::string class_of(const Spec& s) {
  return conform::gen::class_of(s, {Code::unsupported_version, Code::invalid_value, Code::type_cycle},
                                {Code::limit_exceeded, Code::decode_budget_exceeded});
}

}  // namespace

int main(int argc, char** argv) {
  return conform::gen::generator_main(
      argc, argv, "Direct3D 9 bytecode", [](const std::vector<fs::path>&) { return specs(); },
      [](const Spec& s, const fs::path&) {
        return conform::gen::registry_sidecar(s, formats::reader_for(s.bytes), class_of(s), kFlags);
      },
      kFlags);
}
