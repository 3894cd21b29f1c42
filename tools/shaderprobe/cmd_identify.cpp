#include <iostream>

#include "bitstream/wrapper.h"
#include "commands.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "input.h"

namespace sp::cli {
namespace {

// One line per file: the format and what the header says, without a full
// parse (identify must work on damaged files too).
std::string identify(const std::vector<uint8_t>& data) {
  if (dxc::looks_like_container(data)) {
    if (data.size() < dxc::kHeaderSize) return "dxcontainer (truncated header)";
    const uint32_t parts = load_le<uint32_t>(data.data() + 28);
    std::string kind = "DXBC";
    for (uint32_t i = 0; i < parts && 32 + 4 * uint64_t{i} + 4 <= data.size(); ++i) {
      const uint32_t off = load_le<uint32_t>(data.data() + 32 + 4 * i);
      if (range_fits(off, 4, data.size()) && load_le<uint32_t>(data.data() + off) == make_fourcc('D', 'X', 'I', 'L')) {
        kind = "DXIL";
        break;
      }
    }
    return strprintf("dxcontainer %s, version %u.%u, %u parts", kind.c_str(), load_le<uint16_t>(data.data() + 20),
                     load_le<uint16_t>(data.data() + 22), parts);
  }
  if (bitstream::has_wrapper(data)) {
    if (data.size() < bitstream::kWrapperHeaderSize) return "llvm bitcode wrapper (truncated header)";
    return strprintf("llvm bitcode (wrapped: offset %u, size %u, cputype 0x%08x)%s", load_le<uint32_t>(data.data() + 8),
                     load_le<uint32_t>(data.data() + 12), load_le<uint32_t>(data.data() + 16),
                     bitstream::looks_like_bitcode(data) ? "" : ", no LLVM IR magic at the offset");
  }
  if (bitstream::looks_like_bitcode(data)) return strprintf("llvm bitcode, %zu bytes", data.size());
  if (data.size() >= 4 && data[3] == 0xFF && (data[2] == 0xFE || data[2] == 0xFF))
    return "d3d9 bytecode (not supported)";
  return "unknown";
}

}  // namespace

void add_identify(CLI::App& app, Runner& run) {
  auto* cmd = app.add_subcommand("identify", "Name the format of each file (reads headers only)");
  auto files = std::make_shared<std::vector<std::string>>();
  cmd->add_option("files", *files, "Input files ('-' for stdin)")->required();
  cmd->footer("Prints '<file>: <format>' per file; exit 0 when every file was read, 2 on an I/O error.");
  cmd->callback([&run, files] {
    run = [files] {
      int status = kOk;
      for (const std::string& f : *files) {
        auto data = read_input(f);
        if (!data) {
          status = kUsage;
          continue;
        }
        std::cout << f << ": " << identify(*data) << "\n";
      }
      return status;
    };
  });
}

}  // namespace sp::cli
