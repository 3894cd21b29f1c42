// The properties the SHBIN targets check besides "does not crash"
// (fuzz_shbin on whole files, fuzz_shbin_dvle on one DVLE in a fixed
// frame), and that frame.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/bytes.h"
#include "shbin/model.h"

namespace sp::fuzz {

// Reads `file` as a whole SHBIN (shbin::parse_shbin, checks included) and
// checks that
//  - the reader's return value agrees with its Context, and an error has a
//    known code (never internal_error), an offset inside the file and a
//    path;
//  - a copy at another alignment gives the same error, warnings and model;
//  - every name and file name ends with a NUL inside its table, and is
//    the string at its offset there;
//  - write(parse(x)) == x: the model keeps every field and every byte no
//    structure claims;
// and, for a share of the inputs picked by a hash of their bytes
// (shbin_checks.cpp), that
//  - parse(write(m)) == m for m the model laid out again by the writer in
//    picasso's and in nihstro's layout (lay_out), when that file is at
//    most a few times the input (a model whose tables alias may lay out
//    far larger than the file it came from) (one in 8);
//  - the pica listing of the model ends (one in 64);
//  - the printers end as `identify` and `dump` run them through the
//    registry (support/printer_checks.h: json of an accepted file, the
//    pica listing), for a rejected file too (one in 1,024).
// Returns the model when the reader accepted the file.
std::optional<shbin::Shbin> read_shbin_checked(Bytes file);

// fuzz_shbin_dvle's input (a selector byte, then a DVLE's bytes: its
// header at 0, its tables at their offsets from it) as a whole file: a
// DVLB naming one DVLE, then nihstro's 7-word DVLP with `selector` code
// words (nops, the last one end), then the DVLE's bytes. Nothing before
// the DVLE is in reach of its offsets (they count forward from its
// header), so the reader sees exactly the input's bytes as the DVLE's, and
// its main, endmain and labels meet code of the selector's size.
[[nodiscard]] std::vector<uint8_t> framed_dvle(uint8_t selector, Bytes dvle);

// The inverse for the seeds: the input fuzz_shbin_dvle reads for the DVLE
// that the first offset table entry of `file` names (the selector is the
// file's code size, capped at 255), or nothing when the file's DVLB and
// DVLP headers do not say where that is.
[[nodiscard]] std::optional<std::vector<uint8_t>> dvle_input(Bytes file);

}  // namespace sp::fuzz
