// fxc's /Fc listing of a DXBC container, byte for byte what fxc writes
// (docs/formats/fxc.md, "The listing"): the comment header (creator, RDEF's
// buffers and bindings, the signatures), the program in fxc's syntax and
// the instruction-slot count from STAT.
#pragma once

#include <optional>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/text_buffer.h"
#include "fxc/listing_quirks.h"
#include "fxc/program.h"

namespace sp::fxc {

// The whole listing of `container`. Fails with the first error of the
// container or of a chunk the listing prints.
bool write_listing(Bytes container, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error);

// The program's lines, from its version line ("ps_5_0") to its last
// instruction, as the fxc version `quirks` describes prints them.
void list_program(const Program& program, const ListingQuirks& quirks, TextBuffer& out);

}  // namespace sp::fxc
