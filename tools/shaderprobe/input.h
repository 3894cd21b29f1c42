// Reading inputs and reporting diagnostics the same way in every command:
// each line on stderr starts with the file it is about, as compilers print
// them ("a.dxbc: error: ...").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "formats/format.h"

namespace sp::cli {

// The whole file ("-" is standard input), or nothing after printing
// "<path>: error: cannot open: <reason>" (or "cannot read") to stderr.
std::optional<std::vector<uint8_t>> read_input(const std::string& path);
// The same, setting `problem` ("cannot open: <reason>") instead of printing.
std::optional<std::vector<uint8_t>> read_input(const std::string& path, std::string& problem);

// The path of the input read last (empty before any): main names it when
// an exception escapes a command, which is a bug in shaderprobe, to be
// reported with the file that found it.
const std::string& current_input();

// The files that FILE|DIR... arguments name, in order: a file as given, a
// folder's regular files recursively (symbolic links to files included,
// to folders not followed), sorted by path, each named as the folder was
// given plus its path inside. A path that names nothing is passed on, for
// read_input to report. Nothing after printing an error when a folder
// cannot be read or holds no file (usage: there is nothing to check).
std::optional<std::vector<std::string>> expand_inputs(const std::vector<std::string>& paths);

// "<file>: <severity>: <code> at <offset>: <path>: <message>" on stderr.
void print_error(std::string_view file, const Diagnostic& d);
void print_warning(std::string_view file, const Diagnostic& d);

// "unsupported format: <name> (<title>) is recognised, but shaderprobe has
// no parser for it yet": how `check` and `dump` refuse such a file.
std::string unsupported_message(const formats::Format& format);

// The format that reads `data` (formats::reader_for), or null after
// printing "<file>: error: unsupported format: ..." when it is recognised
// but has no parser yet (exit 2: nothing is wrong with the file).
const formats::Format* reader_or_unsupported(std::string_view file, Bytes data);

}  // namespace sp::cli
