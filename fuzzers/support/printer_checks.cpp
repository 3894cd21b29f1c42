#include "support/printer_checks.h"

#include "formats/read.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {

void check_printers(Bytes input) {
  if (const std::optional<std::string> problem = formats::printer_problem(input)) invariant_broken(*problem, {});
}

}  // namespace sp::fuzz
