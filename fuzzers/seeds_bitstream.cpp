// Seed inputs for the bitstream fuzz targets, written with the project's
// bitstream writer: `seeds_bitstream OUTDIR` writes OUTDIR/<name>.bc, small
// streams that between them use every abbreviation operand kind (literal,
// fixed and vbr of several widths, arrays of fixed / vbr / char6, blobs),
// BLOCKINFO (SETBID, BLOCKNAME, SETRECORDNAME, inherited abbrevs), nested
// blocks, a wrapper, two modules in one stream, a magic other than LLVM
// IR's, and a small LLVM IR module (identification, types, attributes,
// constants, metadata strings, strtab) for the IR layer. clang-22 and
// clang-14 bitcode (scripts/gen-corpus) covers real-world layouts; these
// cover the encodings clang never picks. The conformance generator
// (conformance/bitcode/generate_cases.cpp) uses the same streams as its
// writer-built valid cases.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/bitstream_seeds.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s OUTDIR\n", argv[0]);
    return 2;
  }
  const std::filesystem::path out = argv[1];
  std::filesystem::create_directories(out);
  for (const auto& [name, bytes] : sp::fuzz::bitstream_seeds()) {
    std::ofstream f(out / (name + ".bc"), std::ios::binary);
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  }
  return 0;
}
