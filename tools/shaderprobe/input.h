// Reading inputs and reporting errors the same way in every command.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace sp::cli {

// The whole file ("-" is standard input), or nothing after printing
// "error: io_error: ..." to stderr.
std::optional<std::vector<uint8_t>> read_input(const std::string& path);

// "error: <code> at <offset>: <path>: <message>" on stderr.
void print_error(const Diagnostic& d);
void print_warning(const Diagnostic& d);

}  // namespace sp::cli
