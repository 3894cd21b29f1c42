#include <iostream>

#include "commands.h"
#include "core/json_yaml.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "input.h"

namespace sp::cli {
namespace {

// What --format offers, for --help: yaml, json, and each format's own dumps.
std::string format_help() {
  std::string out =
      "yaml (every decoded field, with the formats embedded in the file decoded beside their part), json (the same "
      "as JSON)";
  for (const formats::Format* f : formats::all())
    for (const formats::Dump& d : f->dumps) out += ", " + std::string(d.name) + " (" + std::string(f->name) + ": " + std::string(d.help) + ")";
  return out;
}

void write_stdout(std::string_view piece) { std::cout.write(piece.data(), static_cast<std::streamsize>(piece.size())); }

int dump_other(const std::string& file, const formats::Format& format, const std::string& name, Bytes data,
               const formats::Options& options) {
  const std::optional<formats::DumpRoute> route = formats::route_dump(format, name);
  if (!route) {
    // Which formats offer it, and what this one offers instead.
    std::string offered_by, instead;
    for (const formats::Format* f : formats::all())
      if (formats::offered_dump(*f, name) != nullptr) offered_by += (offered_by.empty() ? "" : ", ") + std::string(f->name);
    for (const std::string& d : formats::dump_names(format)) instead += (instead.empty() ? "" : ", ") + d;
    if (const size_t last = instead.rfind(", "); last != std::string::npos) instead.replace(last, 2, " and ");
    std::cerr << file << ": error: --format=" << name << " is for " << offered_by << "; " << format.name << " has " << instead
              << "\n";
    return kUsage;
  }
  // Streamed: each chunk of text reaches stdout as it fills (the first line
  // of a 24 MB bitcode file's dump within a millisecond, not after the
  // whole dump is built), so a malformed input prints the dump up to the
  // point of its error.
  TextBuffer out(write_stdout);
  const formats::DumpOutcome o = formats::write_dump(format, *route, data, options, out);
  out.flush();
  if (!o.missing.empty()) {
    std::cerr << file << ": error: " << o.missing << "\n";
    return kUsage;
  }
  if (!o.ok) {
    print_error(file, *o.error);
    return kMalformed;
  }
  return kOk;
}

}  // namespace

void add_dump(CLI::App& app, Runner& run) {
  struct Options {
    std::string file;
    std::string format = "yaml";
    Limits limits;
    std::string fxc_version;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("dump", "Print the decoded contents of a file");
  cmd->add_option("file", o->file, "Input file ('-' for stdin)")->required();
  cmd->add_option("--format", o->format, format_help())
      ->check(CLI::IsMember(formats::dump_names()))
      ->capture_default_str();
  cmd->add_option("--fxc-version", o->fxc_version,
                  "fxc: list as this fxc version does (9.29.952.3111 of the June 2010 DirectX SDK, 9.30.9200.20499, "
                  "10.1), not as the one RDEF's creator string names; a file compiled with /Qstrip_reflect names none "
                  "and lists as the newest (docs/formats/fxc.md, \"Stripped files\")");
  add_limit_options(*cmd, o->limits);
  cmd->footer(
      "A dump a format offers is also printed for a file that embeds it (bcanalyzer of a DXContainer dumps its DXIL "
      "part's bitcode). A format's own dump streams to stdout as it is made, so for a malformed input stdout holds the "
      "dump up to the error (yaml and json print nothing then); the error is '<file>: error: <code> at <offset>: ...' "
      "on stderr. Exit 0 dumped, 1 malformed, 2 usage or I/O error, or a format recognised but not supported yet.");
  cmd->callback([&run, o] {
    run = [o] {
      auto data = read_input(o->file);
      if (!data) return int{kUsage};
      formats::Options options;
      options.limits = o->limits;
      options.fxc_version = o->fxc_version;
      const bool structured = o->format == "yaml" || o->format == "json";
      // A dump asked for by name reads input no probe recognises as the
      // format that offers it.
      if (!structured && formats::recognise(*data) == nullptr)
        if (const formats::Format* owner = formats::format_offering_dump(o->format))
          return dump_other(o->file, *owner, o->format, *data, options);
      const formats::Format* format = reader_or_unsupported(o->file, *data);
      if (format == nullptr) return int{kUsage};
      if (!structured) return dump_other(o->file, *format, o->format, *data, options);
      const formats::FileRead r = formats::read(*format, *data, options);
      if (!r.ok()) {
        print_error(o->file, *r.error);
        return int{kMalformed};
      }
      const auto tree = formats::describe(r);
      std::cout << (o->format == "json" ? tree.dump(2) + "\n" : json_to_yaml(tree).document(""));
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
