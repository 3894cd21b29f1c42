// The last line of defence of the `shaderprobe` tool: an exception that
// escapes a command is a bug in shaderprobe (a printer handed text it
// cannot print, say), and ends in one line naming the file that found it
// and exit 2, never in std::terminate. The fuzz targets call the parsers
// and printers without it, so they still crash on such an exception and
// keep finding them.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace sp::cli {

// run(), or after an exception "<file>: error: internal_error: <what> ..."
// on `err` (std::bad_alloc: "<file>: error: out of memory: ...") and 2.
// `file` is read when the exception arrives: the input being worked on
// then ("shaderprobe" when it is empty).
int run_guarded(const std::function<int()>& run, const std::string& file, std::ostream& err);

}  // namespace sp::cli
