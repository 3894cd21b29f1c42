// What the commands besides the printers take from the format registry for
// a whole file, whatever its format: what fuzz_dump checks beside the
// printers (support/printer_checks.h).
#pragma once

#include "core/bytes.h"

namespace sp::fuzz {

// The input read through the registry with the options the conformance
// sweeps and `check --no-metadata` read with (checksums off, metadata
// walked as records only):
//   - none of its structure boundaries (the cuts of the truncation sweep)
//     lies past the end of the input;
//   - the diagnostic `check --profile=P` reports, for every profile P (the
//     read's error, else its first warning P rejects), has a known code and
//     an offset inside the input;
//   - each dump the format lists for itself (`dump --format`'s "has ...")
//     is one the registry routes to that format's own writer.
void check_registry_read(Bytes input);

}  // namespace sp::fuzz
