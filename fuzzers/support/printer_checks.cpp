#include "support/printer_checks.h"

#include "core/json_yaml.h"
#include "formats/read.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {

void check_printers(Bytes input) {
  if (const std::optional<std::string> problem = formats::printer_problem(input)) invariant_broken(*problem, {});
}

void check_description(const nlohmann::ordered_json& tree) {
  check(!tree.dump().empty(), "describe printed nothing");
  check(!json_to_yaml(tree).document("").empty(), "the YAML dump is empty");
}

}  // namespace sp::fuzz
