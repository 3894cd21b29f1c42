#include "commands.h"

namespace sp::cli {

void add_limit_options(CLI::App& cmd, Limits& limits) {
  cmd.add_option("--max-parts", limits.max_parts, "Largest PartCount accepted")->capture_default_str();
  cmd.add_option("--max-inflated-bytes", limits.max_inflated_bytes, "Largest decompressed size (SRCI)")
      ->capture_default_str();
  cmd.add_option("--max-depth", limits.max_depth, "Deepest nesting (bitcode blocks, RDEF types)")->capture_default_str();
  cmd.add_option("--max-abbrevs-per-block", limits.max_abbrevs_per_block, "Most abbreviations in one bitcode block")
      ->capture_default_str();
  cmd.add_option("--max-record-operands", limits.max_record_operands, "Most operands of one bitcode record")
      ->capture_default_str();
}

}  // namespace sp::cli
