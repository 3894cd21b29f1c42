#include <iostream>

#include "commands.h"
#include "core/diagnostic.h"

namespace sp::cli {

void add_codes(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("codes", "List every diagnostic code with its severity and meaning");
  cmd->footer("Codes are stable: scripts may match on them. Source: parsers/core/diagnostic_codes.def.");
  cmd->callback([&run] {
    run = [] {
      for (const CodeInfo& c : all_codes())
        std::cout << c.name << "\t" << (c.severity == Severity::error ? "error" : "warning") << "\t" << c.summary << "\n";
      return int{kOk};
    };
  });
}

}  // namespace sp::cli
