// Reading inputs and reporting errors the same way in every command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "formats/format.h"

namespace sp::cli {

// The whole file ("-" is standard input), or nothing after printing
// "error: io_error: ..." to stderr.
std::optional<std::vector<uint8_t>> read_input(const std::string& path);

// "error: <code> at <offset>: <path>: <message>" on stderr.
void print_error(const Diagnostic& d);
void print_warning(const Diagnostic& d);

// The format that reads `data` (formats::reader_for), or null after
// printing "error: unsupported format: ..." when it is recognised but has no
// parser yet (exit 2: nothing is wrong with the file).
const formats::Format* reader_or_unsupported(Bytes data);

}  // namespace sp::cli
