// `dump --format=bcanalyzer`: the text `llvm-bcanalyzer-22 -dump FILE` prints
// before its "Summary of" section, byte for byte, for every stream LLVM 22
// accepts (lib/Bitcode/Reader/BitcodeAnalyzer.cpp is the reference):
// the wrapper line, `<NAME NumWords=N BlockCodeSize=W>` blocks indented two
// spaces a level, `<BLOCKINFO_BLOCK/>` in place of BLOCKINFO's contents,
// records as `<NAME abbrevid=K op0=.. />` with operands as int64, the
// ` record string = '...'` of printable arrays, blobs, METADATA_STRINGS
// decoded, METADATA_INDEX offsets checked, and the two newlines that end
// the dump. Names come from BLOCKINFO first, then LLVM 22's tables (only for
// streams with the LLVM IR magic), then UnknownBlockN / UnknownCodeN.
//
// Where LLVM would print part of a dump and then fail, this fails without
// output; where the reader is stricter than LLVM (reader.h), it fails too.
#pragma once

#include <string>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/text_buffer.h"

namespace sp::bitcode {

// Appends the dump of `file` (bare or wrapped bitstream) to `out`.
// `base_byte` is the offset of file[0] in the input, for error offsets.
// On failure `out` holds part of the dump: discard it.
bool dump_bcanalyzer(Bytes file, Context& ctx, TextBuffer& out, uint64_t base_byte = 0);

// The same into a string, which is left as it was on failure.
bool dump_bcanalyzer(Bytes file, Context& ctx, std::string& out, uint64_t base_byte = 0);

}  // namespace sp::bitcode
