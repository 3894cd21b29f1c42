// Seed inputs for fuzz_d3d9, written with the project's writer:
// `seeds_d3d9 OUTDIR` writes OUTDIR/d3d9/<name> for every sample of
// conformance/d3d9/samples.cpp: every opcode of shader models 2 and 3, the
// listing's features, and a damaged copy for each error the reader reports
// (so the fuzzer starts next to every bounds check). scripts/gen-corpus
// keeps those that add coverage.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "conformance/d3d9/samples.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: seeds_d3d9 OUTDIR\n");
    return 2;
  }
  const std::filesystem::path dir = std::filesystem::path(argv[1]) / "d3d9";
  std::filesystem::create_directories(dir);
  for (const sp::d3d9::build::Sample& s : sp::d3d9::build::samples()) {
    std::ofstream out(dir / s.name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(s.bytes.data()), static_cast<std::streamsize>(s.bytes.size()));
    if (!out) {
      std::fprintf(stderr, "seeds_d3d9: cannot write %s\n", (dir / s.name).c_str());
      return 1;
    }
  }
  return 0;
}
