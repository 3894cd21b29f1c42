// The printers of `identify` and `dump` as the CLI runs them on a whole
// file, through the format registry, whatever the file's format: what
// fuzz_dump checks, declared once per format whose printers are fuzzed
// apart from its parser target (fuzzers/<format>.cmake).
#pragma once

#include <nlohmann/json.hpp>

#include "core/bytes.h"

namespace sp::fuzz {

// The header line of the input's format (from a damaged file too),
// --format=json of every file the whole read accepts (and yaml, the same
// tree; a container's DXIL / ILDB bitcode and legacy fxc chunks included),
// and every other dump offered for it (the format's own, or one through a
// payload: obj2yaml, bcanalyzer of a DXIL part, the pica listing), each
// ending in text or in one error; and, for an input no probe recognises,
// every dump a format offers by name, read as that format (what `dump
// --format=<name>` does with such an input).
void check_printers(Bytes input);

// A model's describe() tree, which `dump --format=json` prints and
// --format=yaml renders: neither comes out empty.
void check_description(const nlohmann::ordered_json& tree);

}  // namespace sp::fuzz
