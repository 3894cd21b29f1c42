#include "commands.h"

namespace sp::cli {

void add_limit_options(CLI::App& cmd, Limits& limits) {
  cmd.add_option("--max-parts", limits.max_parts, "Largest PartCount accepted")->capture_default_str();
  cmd.add_option("--max-inflated-bytes", limits.max_inflated_bytes, "Largest decompressed size (SRCI)")
      ->capture_default_str();
}

}  // namespace sp::cli
