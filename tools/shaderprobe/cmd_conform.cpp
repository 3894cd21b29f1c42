#include <filesystem>
#include <fstream>
#include <iostream>

#include "commands.h"
#include "conformance/ci_output.h"
#include "conformance/report.h"
#include "conformance/runner.h"
#include "formats/registry.h"

namespace sp::cli {
namespace {

std::vector<std::string> split_commas(const std::vector<std::string>& items) {
  std::vector<std::string> out;
  for (const std::string& item : items) {
    size_t start = 0;
    while (start <= item.size()) {
      const size_t end = std::min(item.find(',', start), item.size());
      if (end > start) out.push_back(item.substr(start, end - start));
      start = end + 1;
    }
  }
  return out;
}

bool write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) std::cerr << "error: cannot write " << path << "\n";
  return static_cast<bool>(out);
}

struct ConformOptions {
  std::vector<std::string> paths;
  std::vector<std::string> impls;
  std::vector<std::string> adapter_files;
  std::vector<std::string> sweeps;
  std::vector<std::string> fail_on;
  std::string json, html, md, sarif, junit;
  std::string peer_cache;
  std::string format = "md";
  unsigned jobs = 1;
  bool quiet = false;
  bool no_printers = false;
};

// The command line as typed, from /proc (main's argv does not reach the
// subcommands), quoted for a shell where a word needs it.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string out, word;
  while (std::getline(in, word, '\0')) {
    const bool plain = !word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                                "0123456789-_./=,:+@%") == std::string::npos;
    std::string quoted = "'";
    for (const char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    out += (out.empty() ? "" : " ") + (plain ? word : quoted + "'");
  }
  return out;
}

// A progress line every five seconds once the run has taken three: short
// runs print nothing.
void print_progress(const conform::RunProgress& p) {
  static double last = 0;
  if (p.seconds < 3 || p.seconds - last < 5) return;
  last = p.seconds;
  std::cerr << "conform: " << p.cases_read << "/" << p.cases << " cases read";
  if (p.runs > 0) std::cerr << ", " << p.runs_done << "/" << p.runs << " runs (sweep items, other implementations)";
  std::cerr << ", " << static_cast<int>(p.seconds) << " s\n";
}

// The adapters --impl names, each built in or from an --adapter file;
// adapter files not named in --impl are run too.
std::optional<std::vector<conform::AdapterConfig>> resolve_adapters(const ConformOptions& o) {
  std::vector<conform::AdapterConfig> loaded, out;
  for (const std::string& f : o.adapter_files) loaded.push_back(conform::load_adapter(f));
  std::vector<std::string> names = split_commas(o.impls);
  for (const auto& a : loaded)
    if (std::find(names.begin(), names.end(), a.name) == names.end()) names.push_back(a.name);
  for (const std::string& name : names) {
    // Named twice (the nightly names each format's peers): run once.
    const auto same = [&](const conform::AdapterConfig& a) { return a.name == name; };
    if (name == conform::kShaderprobe || std::any_of(out.begin(), out.end(), same)) continue;
    auto it = std::find_if(loaded.begin(), loaded.end(), [&](const auto& a) { return a.name == name; });
    std::optional<conform::AdapterConfig> a = it != loaded.end() ? *it : conform::builtin_adapter(name);
    if (!a) {
      std::cerr << "error: unknown implementation '" << name << "' (built in: shaderprobe";
      for (const auto& b : conform::builtin_adapter_names()) std::cerr << ", " << b;
      std::cerr << "; others need --adapter FILE)\n";
      return std::nullopt;
    }
    if (!conform::adapter_available(*a)) {
      std::cerr << "error: " << name << ": cannot find program '" << a->command[0] << "'\n";
      return std::nullopt;
    }
    out.push_back(*a);
  }
  return out;
}

// Each report in `format`, for stdout or a file.
std::string render(const conform::Report& report, const std::string& format, const std::string& html_dir) {
  if (format == "json") return conform::report_json(report).dump(2) + "\n";
  if (format == "html") return conform::report_html(report, html_dir);
  if (format == "sarif") return ci::sarif(conform::report_ci(report));
  if (format == "junit") return ci::junit(conform::report_ci(report));
  return conform::report_markdown(report);
}

int run_conform(const ConformOptions& o) {
  conform::RunnerOptions options;
  for (const std::string& s : split_commas(o.sweeps)) {
    if (s == "truncate") {
      options.truncate = true;
    } else if (s == "misalign") {
      options.misalign = true;
    } else {
      std::cerr << "error: unknown sweep '" << s << "' (truncate, misalign)\n";
      return kUsage;
    }
  }
  const auto fail_on = o.fail_on.empty() ? std::optional(conform::kDefaultFailOn) : conform::parse_fail_on(split_commas(o.fail_on));
  if (!fail_on) {
    std::cerr << "error: unknown --fail-on word (crash, unmet, disagree, peer-crash, peer-unmet, none)\n";
    return kUsage;
  }
  options.jobs = std::max(1u, o.jobs);
  options.printers = !o.no_printers;
  options.peer_cache = o.peer_cache;
  if (!o.quiet) options.progress = print_progress;
  conform::Report report;
  try {
    auto adapters = resolve_adapters(o);
    if (!adapters) return kUsage;
    options.adapters = std::move(*adapters);
    const std::vector<conform::Case> cases = conform::collect_cases({o.paths.begin(), o.paths.end()});
    report = conform::run_conformance(cases, options);
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kUsage;
  }
  report.fail_on = *fail_on;
  report.run.command_line = command_line();
  const auto dir_of = [](const std::string& file) {
    const std::string dir = std::filesystem::path(file).parent_path().string();
    return dir.empty() ? std::string(".") : dir;
  };
  bool written = true;
  for (const auto& [file, format] : {std::pair{o.json, "json"}, {o.html, "html"}, {o.md, "md"}, {o.sarif, "sarif"},
                                     {o.junit, "junit"}})
    if (!file.empty()) written = write_text(file, render(report, format, dir_of(file))) && written;
  std::cout << render(report, o.format, ".");
  if (!written) return kUsage;
  return conform::failures(report) == 0 ? int{kOk} : int{kMalformed};
}

}  // namespace

void add_conform(CLI::App& app, Runner& run) {
  auto o = std::make_shared<ConformOptions>();
  auto* cmd = app.add_subcommand("conform", "Run a conformance suite (or any folder of inputs) against shaderprobe "
                                            "and other implementations");
  cmd->add_option("paths", o->paths,
                  "Case folders, suite roots (conformance/cases), folders of inputs or single files; searched "
                  "recursively. Names y_* must be accepted, n_* rejected, i_* either but cleanly; others carry no "
                  "expectation. A case is named by its path as given; finding none is a usage error")
      ->required();
  std::string peers;
  for (const formats::Peer* p : formats::peers()) peers += ", " + std::string(p->name) + " (" + std::string(p->note) + ")";
  cmd->add_option("--impl", o->impls,
                  "Implementations to compare, comma-separated: shaderprobe (always run: it is the reference)" + peers +
                      ", or the name of an --adapter")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--adapter", o->adapter_files, "A user adapter file (JSON, see docs/conformance.md); may repeat")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--sweep", o->sweeps, "shaderprobe sweeps, comma-separated: truncate (every proper prefix up to "
                                        "64 KiB; above, the first 4096, cuts around the structure boundaries the "
                                        "read saw and samples, within 64 times the file's size of reading), "
                                        "misalign (the aligned read and copies at offsets 1..15; above 1 MiB at 1, "
                                        "2, 4 and 8)")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--fail-on", o->fail_on,
                  "What makes the exit status 1, comma-separated: crash (shaderprobe crashed, hung or ran out of "
                  "memory, in its plain read or a sweep), unmet (a shaderprobe expectation not met, or a sweep "
                  "mismatch), disagree (another implementation's verdict or output differs from shaderprobe's), "
                  "peer-crash, peer-unmet (another implementation's), none. Default: crash,unmet")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("-j,--jobs", o->jobs, "Workers at once: cases, slices of a large input's sweeps, other "
                                        "implementations")
      ->capture_default_str();
  cmd->add_option("--format", o->format, "The report on stdout: md (the Markdown summary), json, html, sarif "
                                         "(SARIF 2.1.0), junit (JUnit XML)")
      ->check(CLI::IsMember({"md", "json", "html", "sarif", "junit"}))
      ->capture_default_str();
  cmd->add_option("--json", o->json, "Write every result, each finding and the summary as JSON");
  cmd->add_option("--html", o->html, "Write a self-contained HTML page (findings, matrix, pruned view, summary)");
  cmd->add_option("--md", o->md, "Write the Markdown summary");
  cmd->add_option("--sarif", o->sarif, "Write the findings as SARIF 2.1.0");
  cmd->add_option("--junit", o->junit, "Write the results as JUnit XML (a suite per implementation and sweep)");
  cmd->add_option("--peer-cache", o->peer_cache,
                  "Keep how each other implementation's run on each input ended (exit status, output) in DIR, keyed "
                  "by its command, limits, its program's size and time and the input's bytes, and take it from "
                  "there when run again (default: SP_CONFORM_PEER_CACHE, else none). Only runs that accepted or "
                  "rejected are kept. A program the adapter runs in turn is not in the key: clear DIR after "
                  "upgrading it")
      ->type_name("DIR");
  cmd->add_flag("-q,--quiet", o->quiet, "No progress lines on stderr (printed every 5 s once a run takes 3 s)");
  cmd->add_flag("--no-printers", o->no_printers,
                "Read each input as `check` does, without also running every printer its format offers (json, "
                "yaml, obj2yaml, bcanalyzer, fxc, pica, spirv) on each accepted input of up to 1 MiB; a printer "
                "that fails or throws on one is otherwise a crash of that case");
  cmd->footer(
      "Each case runs in forked shaderprobe workers, so a crash or hang is recorded, not fatal. Every report names "
      "each finding (crash, timeout, oom, unmet, mismatch, disagree) by its file. Exit 0 when no finding that "
      "--fail-on names was made (by default: every shaderprobe expectation held, with no crash and no sweep "
      "mismatch; other implementations' findings are reported only), 1 otherwise, 2 usage or I/O error (no input "
      "found is one).");
  cmd->callback([&run, o] { run = [o] { return run_conform(*o); }; });
}

}  // namespace sp::cli
