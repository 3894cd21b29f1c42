#include "support/printer_checks.h"

#include <optional>
#include <string>

#include "core/json_yaml.h"
#include "core/text_buffer.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {
namespace {

// `dump --format=<name>` of an input no probe recognises: the CLI reads it
// as the format that offers that dump (bcanalyzer of a bitstream with
// another magic), which printer_problem, reading every input as the
// format reader_for() picks, never does.
void check_dumps_by_name(Bytes input) {
  if (formats::recognise(input) != nullptr) return;
  for (const std::string& name : formats::dump_names()) {
    const formats::Format* owner = formats::format_offering_dump(name);
    if (owner == nullptr) continue;  // yaml and json: the read's own description
    const std::optional<formats::DumpRoute> route = formats::route_dump(*owner, name);
    check(route && route->owner == owner && !route->through_payload,
          "the format offering a dump is not routed to its own writer", name);
    TextBuffer text;
    const formats::DumpOutcome o = formats::write_dump(*owner, *route, input, {}, text);
    check(o.ok != (o.error.has_value() || !o.missing.empty()),
          "dump --format=" + name + " of an unrecognised input must end in text or in one error");
    check(!o.ok || text.size() > 0, "dump --format=" + name + " of an unrecognised input printed nothing");
  }
}

}  // namespace

void check_printers(Bytes input) {
  if (const std::optional<std::string> problem = formats::printer_problem(input)) invariant_broken(*problem, {});
  check_dumps_by_name(input);
}

void check_description(const nlohmann::ordered_json& tree) {
  check(!tree.dump().empty(), "describe printed nothing");
  check(!json_to_yaml(tree).document("").empty(), "the YAML dump is empty");
}

}  // namespace sp::fuzz
