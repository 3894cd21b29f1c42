#include <iostream>

#include "commands.h"
#include "core/diagnostic.h"
#include "formats/registry.h"

namespace sp::cli {

void add_codes(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("codes", "List every diagnostic code with its severity and meaning");
  auto format = std::make_shared<std::string>();
  std::vector<std::string> owners = {"core"};
  for (const formats::Format* f : formats::all()) owners.emplace_back(f->name);
  cmd->add_option("--format", *format, "Only the codes this format owns (or 'core': those every format shares)")
      ->check(CLI::IsMember(owners));
  cmd->footer("Prints '<code>\\t<severity>\\t<meaning>'. Codes are stable: scripts may match on them. Source: "
              "parsers/core/diagnostic_codes.def (each code's owner is a format of 'shaderprobe formats').");
  cmd->callback([&run, format] {
    run = [format] {
      for (const CodeInfo& c : all_codes())
        if (format->empty() || c.owner == *format)
          std::cout << c.name << "\t" << (c.severity == Severity::error ? "error" : "warning") << "\t" << c.summary
                    << "\n";
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
