// Seed inputs for fuzz_fxc_program, written with the project's program
// builder (support/fxc_seeds.h: every opcode, every program type, class
// linkage, hull-shader phases, SM5.1 ranges, custom data): `seeds_fxc
// OUTDIR` writes OUTDIR/<name> and OUTDIR/<name>.fxc929, each the target's
// selector byte and then the program. The selector's bit 0 is the tag fxc
// gives the program (SHDR up to SM4.1, SHEX from SM5.0 on), bit 1 set in
// the .fxc929 copy (the listing as fxc 9.29 writes it).
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "fxc/builder.h"
#include "support/fxc_seeds.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);
  for (const auto& [name, program] : sp::fuzz::fxc_program_seeds()) {
    const sp::fxc::build::RawChunk chunk = sp::fxc::build::program_chunk(program);
    const int tag = chunk.fourcc == "SHDR" ? 1 : 0;
    for (const int quirks : {0, 2}) {
      std::ofstream f(out / (name + (quirks != 0 ? ".fxc929" : "")), std::ios::binary);
      f.put(static_cast<char>(tag | quirks));
      f.write(reinterpret_cast<const char*>(chunk.data.data()), static_cast<std::streamsize>(chunk.data.size()));
    }
  }
  return 0;
}
