#include <iostream>

#include "check_file.h"
#include "commands.h"
#include "formats/registry.h"
#include "input.h"

namespace sp::cli {
namespace {

struct CheckOptions {
  std::vector<std::string> paths;
  std::string profile{kLenientProfile};
  std::string format = "text";
  formats::Options read;
};

struct Summary {
  size_t files = 0, valid = 0, malformed = 0, unsupported = 0, unreadable = 0, warnings = 0;

  void add(const CheckOutcome& o) {
    ++files;
    warnings += o.warnings.size();
    switch (o.verdict) {
      case Verdict::valid: ++valid; break;
      case Verdict::malformed: ++malformed; break;
      case Verdict::unsupported: ++unsupported; break;
      case Verdict::unreadable: ++unreadable; break;
    }
  }

  // A file that could not be checked leaves the verdict incomplete: that
  // outranks a malformed one.
  [[nodiscard]] int exit_status() const {
    if (unsupported + unreadable != 0) return kUsage;
    return malformed != 0 ? kMalformed : kOk;
  }

  [[nodiscard]] std::string line() const {
    std::string out = std::to_string(files) + (files == 1 ? " file: " : " files: ") + std::to_string(valid) +
                      " valid, " + std::to_string(malformed) + " malformed, " + std::to_string(unsupported) +
                      " unsupported, ";
    if (unreadable != 0) out += std::to_string(unreadable) + " unreadable, ";
    return out + std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings");
  }
};

int run_check(const CheckOptions& o) {
  if (!formats::profiles().known(o.profile)) {
    std::cerr << "error: unknown profile '" << o.profile << "'\n";
    return kUsage;
  }
  const auto files = expand_inputs(o.paths);
  if (!files) return kUsage;
  Summary summary;
  ci::Log log;
  log.version = SP_VERSION;
  log.suite = "check";
  // Text and JSON lines go out as each file is checked: a folder of
  // thousands shows progress, and memory holds one file at a time. SARIF
  // and JUnit are one document, written at the end.
  for (const std::string& file : *files) {
    const CheckOutcome outcome = check_file(file, o.profile, o.read);
    summary.add(outcome);
    if (o.format == "text") {
      print_text(outcome);
    } else if (o.format == "json") {
      std::cout << outcome_json(outcome).dump() << "\n";
    } else {
      add_to_log(outcome, log);
    }
  }
  if (o.format == "text") std::cout << summary.line() << "\n";
  if (o.format == "sarif") std::cout << ci::sarif(log);
  if (o.format == "junit") std::cout << ci::junit(log);
  return summary.exit_status();
}

}  // namespace

void add_check(CLI::App& app, Runner& run) {
  auto o = std::make_shared<CheckOptions>();
  auto* cmd = app.add_subcommand("check", "Validate files: errors end a file's parse, warnings are listed");
  cmd->add_option("paths", o->paths,
                  "Input files and folders (searched recursively, files in sorted order); '-' for stdin")
      ->required();
  std::string profiles;
  for (std::string_view n : formats::profiles().names()) profiles += (profiles.empty() ? "" : ", ") + std::string(n);
  cmd->add_option("--profile", o->profile,
                  "Which findings count as errors: lenient (only malformed structure), a reader's name (what that "
                  "reader rejects; 'shaderprobe formats' lists each), strict (every warning). One of: " + profiles)
      ->capture_default_str();
  auto* format = cmd->add_option("--format", o->format,
                                 "text (diagnostics on stderr, verdicts and a summary on stdout), json (one JSON "
                                 "object per file and line), sarif (SARIF 2.1.0: a result per diagnostic), junit "
                                 "(JUnit XML: a test case per file, failed when malformed)")
                     ->check(CLI::IsMember({"text", "json", "sarif", "junit"}))
                     ->capture_default_str();
  cmd->add_flag_callback("--json", [o] { o->format = "json"; }, "The same as --format=json")->excludes(format);
  add_limit_options(*cmd, o->read.limits);
  cmd->add_flag_callback("--no-metadata", [o] { o->read.metadata = false; },
                         "Walk LLVM metadata blocks as bitstream records without decoding them: no DXIL view, and no "
                         "checks of a DXIL container against its module (for speed, or a module whose metadata is "
                         "beyond repair)");
  cmd->footer(
      "Reads every supported format of 'shaderprobe formats', and the formats embedded in it (a DXContainer's DXIL "
      "bitcode); input no format recognises is read as the first format in that table. Every diagnostic line starts "
      "with its file: '<file>: warning: <code> at <offset>: <path>: <message>', '<file>: error: ...' (offsets in "
      "bitstreams count bits: 'at bit <offset>'); a valid file prints '<file>: valid (N warnings)' on stdout, and the "
      "last line is the summary: '<N> files: <V> valid, <M> malformed, <U> unsupported, <W> warnings'. "
      "--format=json prints instead one object per file and line: file, format, status (valid, malformed, "
      "unsupported, unreadable), valid, error (null, or code, offset, path, message) and warnings. --format=sarif "
      "and --format=junit print one document for CI systems (docs/ci-output.md): a SARIF result per warning and "
      "error, its rule the code; a JUnit test case per file, failed with its error. Only the document goes to "
      "stdout in these three (an unreadable file's reason is in it too), and the exit status is the same. "
      "Exit 0 every file valid; 1 some file malformed (or with a warning the profile rejects); 2 usage error, or a "
      "file that could not be checked: unreadable, or of a format recognised but not supported yet ('error: "
      "unsupported format: ...'), which outranks a malformed file, as the verdict is incomplete (every file is still "
      "checked and reported). 'shaderprobe codes' lists every code.");
  cmd->callback([&run, o] { run = [o] { return run_check(*o); }; });
}

}  // namespace sp::cli
