// The subcommands of the `shaderprobe` tool. Each returns the process exit
// status: 0 success, 1 malformed input (one `error:` line on stderr),
// 2 usage or I/O error.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <string_view>

#include "core/limits.h"

namespace sp::cli {

enum Exit : int { kOk = 0, kMalformed = 1, kUsage = 2 };

// Registers a subcommand on `app`; `run` receives the exit status to return.
using Runner = std::function<int()>;
void add_identify(CLI::App& app, Runner& run);
void add_check(CLI::App& app, Runner& run);
void add_dump(CLI::App& app, Runner& run);
void add_digest(CLI::App& app, Runner& run);
void add_codes(CLI::App& app, Runner& run);
void add_conform(CLI::App& app, Runner& run);
void add_formats(CLI::App& app, Runner& run);

// Options shared by the commands that parse: the limits of core/limits.h.
void add_limit_options(CLI::App& cmd, Limits& limits);

}  // namespace sp::cli
