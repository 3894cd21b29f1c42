#include <iostream>

#include "commands.h"
#include "core/diagnostic_json.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "input.h"

namespace sp::cli {

void add_check(CLI::App& app, Runner& run) {
  struct Options {
    std::string file;
    std::string profile{kLenientProfile};
    bool json = false;
    Limits limits;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("check", "Validate a file: errors end the parse, warnings are listed");
  cmd->add_option("file", o->file, "Input file ('-' for stdin)")->required();
  std::string profiles;
  for (std::string_view n : formats::profiles().names()) profiles += (profiles.empty() ? "" : ", ") + std::string(n);
  cmd->add_option("--profile", o->profile,
                  "Which findings count as errors: lenient (only malformed structure), a reader's name (what that "
                  "reader rejects; 'shaderprobe formats' lists each), strict (every warning). One of: " + profiles)
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the result as JSON on stdout");
  add_limit_options(*cmd, o->limits);
  cmd->footer(
      "Reads every supported format of 'shaderprobe formats', and the formats embedded in it (a DXContainer's DXIL "
      "bitcode); input no format recognises is read as the first format in that table. Offsets in bitstream "
      "diagnostics count bits and read 'at bit <offset>'. Warnings go to stderr as 'warning: <code> at <offset>: "
      "<path>: <message>'. Exit 0 valid, 1 malformed (or a warning the profile rejects), 2 usage or I/O error, or a "
      "format recognised but not supported yet. 'shaderprobe codes' lists every code.");
  cmd->callback([&run, o] {
    run = [o] {
      if (!formats::profiles().known(o->profile)) {
        std::cerr << "error: unknown profile '" << o->profile << "'\n";
        return int{kUsage};
      }
      auto data = read_input(o->file);
      if (!data) return int{kUsage};
      const formats::Format* format = reader_or_unsupported(*data);
      if (format == nullptr) return int{kUsage};
      formats::Options options;
      options.limits = o->limits;
      const formats::FileRead r = formats::read(*format, *data, options);
      std::optional<Diagnostic> error = r.error;
      for (const Diagnostic& w : r.warnings)
        if (!error && formats::profiles().rejects(o->profile, w.code)) error = w;
      if (o->json) {
        nlohmann::ordered_json j = {{"file", o->file}, {"valid", !error.has_value()}};
        j["error"] = error ? diagnostic_json(*error) : nlohmann::ordered_json(nullptr);
        j["warnings"] = nlohmann::ordered_json::array();
        for (const Diagnostic& w : r.warnings) j["warnings"].push_back(diagnostic_json(w));
        std::cout << j.dump(2) << "\n";
      } else {
        for (const Diagnostic& w : r.warnings) print_warning(w);
      }
      if (error) {
        print_error(*error);
        return int{kMalformed};
      }
      if (!o->json) std::cout << o->file << ": valid (" << r.warnings.size() << " warnings)\n";
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
