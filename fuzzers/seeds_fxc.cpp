// Seed inputs for fuzz_fxc_program, each the target's selector byte and
// then a program. `seeds_fxc OUTDIR [CONTAINER...]` writes
//  - OUTDIR/<name> and OUTDIR/<name>.fxc929 for each program the builder
//    makes (support/fxc_seeds.h: every opcode, every program type, class
//    linkage, hull-shader phases, SM5.1 ranges, custom data), the second
//    with the selector's bit 1 (the listing as fxc 9.29 writes it);
//  - OUTDIR/<container's file name>.<part index> for each SHDR or SHEX part
//    of each container given (the conformance cases: one program per error
//    class the reader reports).
// The selector's bit 0 is the part's tag: SHDR (fxc's up to SM4.1) or SHEX.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "fxc/builder.h"
#include "support/fxc_seeds.h"

namespace {

namespace fs = std::filesystem;

void write_seed(const fs::path& path, std::string_view tag, int quirks, sp::Bytes program) {
  std::ofstream f(path, std::ios::binary);
  f.put(static_cast<char>((tag == "SHDR" ? 1 : 0) | quirks));
  f.write(reinterpret_cast<const char*>(program.data()), static_cast<std::streamsize>(program.size()));
}

std::vector<uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUTDIR [CONTAINER...]\nWrites seed inputs for fuzz_fxc_program.\n", argv[0]);
    return 2;
  }
  const fs::path out = argv[1];
  fs::create_directories(out);
  for (const auto& [name, program] : sp::fuzz::fxc_program_seeds()) {
    const sp::fxc::build::RawChunk chunk = sp::fxc::build::program_chunk(program);
    write_seed(out / name, chunk.fourcc, 0, chunk.data);
    write_seed(out / (name + ".fxc929"), chunk.fourcc, 2, chunk.data);
  }
  for (int i = 2; i < argc; ++i) {
    const std::vector<uint8_t> file = read_file(argv[i]);
    const std::optional<sp::dxc::Container> c = sp::dxc::read_container_layer(file);
    if (!c) continue;  // a case whose container layer is the error
    for (size_t k = 0; k < c->parts.size(); ++k) {
      const std::string tag = sp::fourcc_text(c->parts[k].fourcc);
      if (tag == "SHDR" || tag == "SHEX")
        write_seed(out / (fs::path(argv[i]).filename().string() + "." + std::to_string(k)), tag, 0, c->parts[k].data);
    }
  }
  return 0;
}
