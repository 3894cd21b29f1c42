#include <iostream>

#include "bitcode/module.h"
#include "bitstream/wrapper.h"
#include "commands.h"
#include "dxcontainer/describe.h"
#include "dxcontainer/strictness.h"
#include "dxil/shader_file.h"
#include "input.h"

namespace sp::cli {

void add_check(CLI::App& app, Runner& run) {
  struct Options {
    std::string file;
    std::string profile = "lenient";
    bool json = false;
    Limits limits;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("check", "Validate a file: errors end the parse, warnings are listed");
  cmd->add_option("file", o->file, "Input file ('-' for stdin)")->required();
  std::string profiles;
  for (auto n : dxc::profile_names()) profiles += (profiles.empty() ? "" : ", ") + std::string(n);
  cmd->add_option("--profile", o->profile,
                  "Which findings count as errors: lenient (only malformed structure), llvm, dxc or vkd3d "
                  "(what that reader rejects), strict (every warning). One of: " + profiles)
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the result as JSON on stdout");
  add_limit_options(*cmd, o->limits);
  cmd->footer(
      "Knows DXContainers and LLVM bitcode (bare or wrapped; offsets in bitstream diagnostics count bits and "
      "read 'at bit <offset>'). Warnings go to stderr as 'warning: <code> at <offset>: <path>: <message>'. Exit 0 valid, 1 malformed "
      "(or a warning the profile rejects), 2 usage or I/O error. 'shaderprobe codes' lists every code.");
  cmd->callback([&run, o] {
    run = [o] {
      auto profile = dxc::profile_from_name(o->profile);
      if (!profile) {
        std::cerr << "error: unknown profile '" << o->profile << "'\n";
        return int{kUsage};
      }
      auto data = read_input(o->file);
      if (!data) return int{kUsage};
      std::optional<Diagnostic> parse_error;
      std::vector<Diagnostic> warnings;
      if (bitstream::looks_like_bitcode(*data) || bitstream::has_wrapper(*data)) {
        // LLVM bitcode, bare or wrapped: the IR layer over the whole stream.
        bitcode::ParseResult b = bitcode::parse_bitcode(*data, o->limits);
        parse_error = std::move(b.error);
        warnings = std::move(b.warnings);
      } else {
        // The container, and each DXIL or ILDB part's bitcode through the IR layer.
        dxc::ParseOptions options;
        options.limits = o->limits;
        dxil::ShaderFile f = dxil::parse_shader_file(*data, options);
        parse_error = std::move(f.error);
        warnings = std::move(f.warnings);
      }
      std::optional<Diagnostic> error = parse_error;
      for (const Diagnostic& w : warnings)
        if (!error && dxc::profile_rejects(*profile, w.code)) error = w;
      if (o->json) {
        nlohmann::ordered_json j = {{"file", o->file}, {"valid", !error.has_value()}};
        j["error"] = error ? dxc::describe_diagnostic(*error) : nlohmann::ordered_json(nullptr);
        j["warnings"] = nlohmann::ordered_json::array();
        for (const Diagnostic& w : warnings) j["warnings"].push_back(dxc::describe_diagnostic(w));
        std::cout << j.dump(2) << "\n";
      } else {
        for (const Diagnostic& w : warnings) print_warning(w);
      }
      if (error) {
        print_error(*error);
        return int{kMalformed};
      }
      if (!o->json) std::cout << o->file << ": valid (" << warnings.size() << " warnings)\n";
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
