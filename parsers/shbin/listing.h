// `dump --format=pica`: a SHBIN as picasso assembler source
// (docs/formats/shbin.md, "The listing"). The DVLE's uniforms, constants
// and output map become .fvec / .ivec / .bool / .in, .constf / .consti /
// .setf / .seti / .setb and .out lines placing each at its register; the
// code follows, one line per code word with its address and word in a
// comment, in .proc blocks for the entry point and every call target,
// with ifu / ifc / for blocks closed by .else / .end where the targets
// nest, and labels where the DVLE or a jump puts them. For a file of one
// DVLE that picasso wrote, the listing is a source picasso assembles back
// to the same code words (tests/shbin/listing_test.cpp checks the syntax
// with the project's own encoder).
#pragma once

#include <optional>
#include <string>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/text_buffer.h"
#include "shbin/model.h"
#include "shbin/pica.h"

namespace sp::shbin {

// The listing of a whole file. Fails with the file's first error, or with
// limit_exceeded past limits.max_text_per_input_byte.
bool write_listing(Bytes file, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error);

// The listing of a decoded model.
void list_shbin(const Shbin& shbin, TextBuffer& out);

// One instruction in picasso's syntax with plain register names ("dp4
// o0.x, c0, r0"), its descriptor looked up in `descriptors` (a missing one
// reads as all zero). Flow control targets print as addresses.
[[nodiscard]] std::string instruction_text(const pica::Instruction& in,
                                           const std::vector<OperandDescriptor>& descriptors);

}  // namespace sp::shbin
