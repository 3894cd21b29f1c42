#include <fstream>
#include <iostream>

#include "commands.h"
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

struct Options {
  std::vector<std::string> paths;
  std::vector<std::string> impls;
  std::vector<std::string> adapter_files;
  std::vector<std::string> sweeps;
  std::string json, html, md;
  bool quiet = false;
};

// The adapters --impl names, each built in or from an --adapter file;
// adapter files not named in --impl are run too.
std::optional<std::vector<conform::AdapterConfig>> resolve_adapters(const Options& o) {
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

int run_conform(const Options& o) {
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
  std::vector<conform::Case> cases;
  try {
    auto adapters = resolve_adapters(o);
    if (!adapters) return kUsage;
    options.adapters = std::move(*adapters);
    cases = conform::collect_cases({o.paths.begin(), o.paths.end()});
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kUsage;
  }
  if (!o.quiet)
    options.progress = [](size_t done, size_t total) {
      if (done % 25 == 0 || done == total) std::cerr << "conform: " << done << "/" << total << " cases\n";
    };
  const conform::Report report = conform::run_conformance(cases, options);
  const bool written = (o.json.empty() || write_text(o.json, conform::report_json(report).dump(2) + "\n")) &&
                       (o.html.empty() || write_text(o.html, conform::report_html(report))) &&
                       (o.md.empty() || write_text(o.md, conform::report_markdown(report)));
  std::cout << conform::report_markdown(report);
  if (!written) return kUsage;
  return conform::shaderprobe_failures(report) == 0 ? int{kOk} : int{kMalformed};
}

}  // namespace

void add_conform(CLI::App& app, Runner& run) {
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("conform", "Run a conformance suite (or any folder of inputs) against shaderprobe "
                                            "and other implementations");
  cmd->add_option("paths", o->paths,
                  "Case folders, suite roots (conformance/cases), folders of inputs or single files; searched "
                  "recursively. Names y_* must be accepted, n_* rejected, i_* either but cleanly; others carry no "
                  "expectation")
      ->required();
  std::string peers;
  for (const formats::Peer* p : formats::peers()) peers += ", " + std::string(p->name) + " (" + std::string(p->note) + ")";
  cmd->add_option("--impl", o->impls,
                  "Implementations to compare, comma-separated: shaderprobe (always run: it is the reference)" + peers +
                      ", or the name of an --adapter")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--adapter", o->adapter_files, "A user adapter file (JSON, see README); may repeat")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--sweep", o->sweeps, "shaderprobe sweeps, comma-separated: truncate (every proper prefix), "
                                        "misalign (copies at offsets 1..15)")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--json", o->json, "Write every result and the summary as JSON");
  cmd->add_option("--html", o->html, "Write a self-contained HTML page (matrix, pruned view, summary)");
  cmd->add_option("--md", o->md, "Write the Markdown summary (also printed on stdout)");
  cmd->add_flag("-q,--quiet", o->quiet, "No progress lines on stderr");
  cmd->footer(
      "Each case runs in forked shaderprobe workers, so a crash or hang is recorded, not fatal. Exit 0 when every "
      "shaderprobe expectation held with no crash and no sweep mismatch, 1 otherwise (other implementations' "
      "failures are reported, never fatal), 2 usage or I/O error.");
  cmd->callback([&run, o] { run = [o] { return run_conform(*o); }; });
}

}  // namespace sp::cli
