#include <algorithm>
#include <iostream>

#include "commands.h"
#include "formats/read.h"
#include "formats/registry.h"

namespace sp::cli {
namespace {

using nlohmann::ordered_json;

std::vector<std::string> strings(std::span<const std::string_view> items) { return {items.begin(), items.end()}; }

std::vector<const formats::FuzzTarget*> targets_of(const formats::Format& f) {
  std::vector<const formats::FuzzTarget*> out;
  for (const formats::FuzzTarget& t : formats::fuzz_targets())
    if (t.format == f.name) out.push_back(&t);
  return out;
}

std::vector<std::string> corpora_of(const formats::Format& f) {
  std::vector<std::string> out;
  for (const formats::FuzzTarget* t : targets_of(f))
    if (std::find(out.begin(), out.end(), t->corpus) == out.end()) out.emplace_back(t->corpus);
  return out;
}

ordered_json format_json(const formats::Format& f) {
  ordered_json j = {{"name", f.name}, {"title", f.title}, {"supported", f.supported()}, {"dumps", formats::dump_names(f)}};
  j["embedded_in"] = ordered_json::array();
  for (const formats::Embedding& e : f.embedded_in) j["embedded_in"].push_back({{"host", e.host}, {"tags", strings(e.tags)}});
  j["profiles"] = ordered_json::array();
  for (const ProfileRule& r : f.profiles) {
    ordered_json codes = ordered_json::array();
    for (Code c : r.rejects) codes.push_back(code_name(c));
    j["profiles"].push_back({{"name", r.profile}, {"reader", r.reader}, {"rejects", codes}});
  }
  j["codes"] = ordered_json::array();
  for (const CodeInfo& c : all_codes())
    if (c.owner == f.name) j["codes"].push_back(c.name);
  j["peers"] = ordered_json::array();
  for (const formats::Peer& p : f.peers)
    j["peers"].push_back({{"name", p.name}, {"command", strings(p.command)}, {"output", p.output}, {"note", p.note}});
  // Where its conformance suite lives, by convention (scripts/gen-conformance).
  j["cases"] = f.supported() ? ordered_json("conformance/cases/" + std::string(f.name)) : ordered_json(nullptr);
  j["corpora"] = corpora_of(f);
  j["fuzz_targets"] = ordered_json::array();
  for (const formats::FuzzTarget* t : targets_of(f)) j["fuzz_targets"].push_back(t->name);
  return j;
}

ordered_json table_json() {
  ordered_json j;
  j["formats"] = ordered_json::array();
  for (const formats::Format* f : formats::all()) j["formats"].push_back(format_json(*f));
  j["fuzz_targets"] = ordered_json::array();
  for (const formats::FuzzTarget& t : formats::fuzz_targets())
    j["fuzz_targets"].push_back({{"name", t.name},
                                 {"format", t.format},
                                 {"corpus", t.corpus},
                                 {"baseline", t.baseline},
                                 {"needs", t.needs}});
  j["profiles"] = formats::profiles().names();
  return j;
}

std::string joined(const std::vector<std::string>& items, const char* empty = "") {
  if (items.empty()) return empty;
  std::string out;
  for (const std::string& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// The README's format table (README.md, between its formats markers).
void print_markdown() {
  std::cout << "| format | name | status | dumps | fuzz targets (corpus) | peers |\n|---|---|---|---|---|---|\n";
  for (const formats::Format* f : formats::all()) {
    std::vector<std::string> targets, peers;
    for (const formats::FuzzTarget* t : targets_of(*f))
      targets.push_back("`" + std::string(t->name) + "`" + (t->corpus != t->name ? " (" + std::string(t->corpus) + ")" : ""));
    for (const formats::Peer& p : f->peers) peers.push_back("`" + std::string(p.name) + "`");
    std::vector<std::string> dumps;
    for (const std::string& d : formats::dump_names(*f)) dumps.push_back("`" + d + "`");
    std::string status = f->supported() ? "read" : "recognised only";
    for (const formats::Embedding& e : f->embedded_in) status += "; also inside `" + std::string(e.host) + "`";
    std::cout << "| " << f->title << " | `" << f->name << "` | " << status << " | " << joined(dumps, "-") << " | "
              << joined(targets, "-") << " | " << joined(peers, "-") << " |\n";
  }
}

}  // namespace

void add_formats(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("formats", "List the formats shaderprobe knows: the format registry");
  auto mode = std::make_shared<std::string>("text");
  auto* json = cmd->add_flag_callback("--json", [mode] { *mode = "json"; },
                                      "Everything the registry holds, as JSON (what the scripts read)");
  cmd->add_flag_callback("--markdown", [mode] { *mode = "markdown"; }, "The README's format table")->excludes(json);
  cmd->footer(
      "One line per format: its name (the folder of its parser, corpus and cases), whether shaderprobe reads it or "
      "only recognises it, its dumps and its fuzz targets. --json adds each format's strictness profiles, "
      "diagnostic codes, peers (conform --impl), embedding and corpora, and every fuzz target with its corpus. "
      "Source: parsers/formats/registry.def. Exit 0.");
  cmd->callback([&run, mode] {
    run = [mode] {
      if (*mode == "json") {
        std::cout << table_json().dump(2) << "\n";
      } else if (*mode == "markdown") {
        print_markdown();
      } else {
        for (const formats::Format* f : formats::all()) {
          std::vector<std::string> targets;
          for (const formats::FuzzTarget* t : targets_of(*f)) targets.emplace_back(t->name);
          std::cout << f->name << "\t" << (f->supported() ? "read" : "recognised") << "\t" << f->title
                    << "\tdumps: " << joined(formats::dump_names(*f), "-") << "\tfuzz: " << joined(targets, "-") << "\n";
        }
      }
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
