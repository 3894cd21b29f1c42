#include "support/registry_checks.h"

#include <algorithm>
#include <string>
#include <vector>

#include "formats/read.h"
#include "formats/registry.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {

void check_registry_read(Bytes input) {
  const formats::Format& format = formats::reader_for(input);
  formats::Options options;
  options.verify_checksums = false;
  options.metadata = false;
  const formats::FileRead r = formats::read(format, input, options);

  // Sorted: the last is the furthest.
  const std::vector<uint64_t> cuts = formats::boundaries(r, input);
  if (!cuts.empty())
    check(cuts.back() <= input.size(), "a structure boundary lies past the end of the input",
          std::to_string(cuts.back()));

  const Profiles& profiles = formats::profiles();
  for (const std::string_view profile : profiles.names()) {
    check(profiles.known(profile), "check --profile refuses a profile the registry names", profile);
    if (const std::optional<Diagnostic> error = formats::error_under(r, profile))
      check_diagnostic_shape(*error, input.size());
  }

  for (const std::string& name : formats::dump_names(format)) {
    if (name == "yaml" || name == "json") continue;
    const std::optional<formats::DumpRoute> route = formats::route_dump(format, name);
    check(route && route->owner == &format && !route->through_payload,
          "a dump the format lists for itself is not routed to its own writer", name);
  }
}

}  // namespace sp::fuzz
