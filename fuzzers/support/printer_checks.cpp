#include "support/printer_checks.h"

#include <string>

#include "formats/read.h"
#include "formats/registry.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {

void check_printers(Bytes input) {
  // As `identify` and `dump` read the input: the header line of its format
  // (from a damaged file too), the whole file through the registry for json
  // (and yaml, the same tree), and every other dump, the format's own or
  // one through a payload (bcanalyzer of a DXIL part), each ending in text
  // or in one error.
  const formats::Format& format = formats::reader_for(input);
  check(!format.identify(input).empty(), "identify printed nothing");
  const formats::FileRead f = formats::read(format, input);
  if (f.ok()) check(!formats::describe(f).dump().empty(), "describe printed nothing");
  for (const std::string& name : formats::dump_names()) {
    const std::optional<formats::DumpRoute> route = formats::find_dump(format, name);
    if (!route) continue;
    TextBuffer text;
    const formats::DumpOutcome o = formats::run_dump(format, *route, input, {}, text);
    check(o.ok != (o.error.has_value() || !o.missing.empty()), "a dump must end in text or in one error", name);
    check(!o.ok || text.size() > 0, "a dump printed nothing", name);
  }
}

}  // namespace sp::fuzz
