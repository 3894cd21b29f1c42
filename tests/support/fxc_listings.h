// fxc's /Fc listings beside their binaries in ../shared/external/fxc-hlslcc
// (the reference output of `dump --format=fxc`, for DXBC containers and
// Direct3D 9 bytecode alike).
#pragma once

#include <filesystem>
#include <string>

namespace sp::test {

// The whole file as text.
std::string read_text(const std::filesystem::path& path);

// fxc's listing without what no binary can reproduce: the command line
// block fxc prints when it was given one (`//   fxc /T ... /Fc ...` and its
// continuation lines, then an empty comment line).
std::string without_command_line(const std::string& listing);

// The .asm beside `binary`, without its command line.
std::string reference_listing(const std::filesystem::path& binary);

}  // namespace sp::test
