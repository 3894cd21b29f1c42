#include <iostream>

#include "commands.h"
#include "formats/registry.h"
#include "input.h"

namespace sp::cli {

void add_identify(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("identify", "Name the format of each file (reads headers only)");
  auto files = std::make_shared<std::vector<std::string>>();
  auto json = std::make_shared<bool>(false);
  cmd->add_option("files", *files, "Input files ('-' for stdin)")->required();
  cmd->add_flag("--json", *json, "Print a JSON array of {file, format, supported, description} (format null: unknown)");
  cmd->footer(
      "Prints '<file>: <what the header says>' per file, or 'unknown'; the formats it tells apart are those of "
      "'shaderprobe formats' (recognised-only ones end in '(not supported)'). Exit 0 when every file was read, 2 on an "
      "I/O error.");
  cmd->callback([&run, files, json] {
    run = [files, json] {
      int status = kOk;
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const std::string& f : *files) {
        auto data = read_input(f);
        if (!data) {
          status = kUsage;
          continue;
        }
        const formats::Format* format = formats::recognise(*data);
        const std::string description = format != nullptr ? format->identify(*data) : "unknown";
        if (*json) {
          list.push_back({{"file", f},
                          {"format", format != nullptr ? nlohmann::ordered_json(format->name) : nullptr},
                          {"supported", format != nullptr && format->supported()},
                          {"description", description}});
        } else {
          std::cout << f << ": " << description << "\n";
        }
      }
      if (*json) std::cout << list.dump(2) << "\n";
      return status;
    };
  });
}

}  // namespace sp::cli
