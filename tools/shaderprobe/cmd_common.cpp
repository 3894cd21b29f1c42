#include "commands.h"

namespace sp::cli {

void add_limit_options(CLI::App& cmd, Limits& limits) {
  for (const LimitOption& o : kLimitOptions)
    std::visit([&](auto field) { cmd.add_option(std::string(o.flag), limits.*field, std::string(o.help))->capture_default_str(); },
               o.field);
}

}  // namespace sp::cli
