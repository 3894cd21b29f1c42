// Seed inputs for fuzz_vbc, written with the project's writer:
// `seeds_vbc OUTDIR` writes OUTDIR/vbc/<name> for every valid sample of
// conformance/vbc/builders.h (every record kind, all five stages, every
// limit at its maximum, SPIR-V 1.5), and <name>.old_u32 for each with a
// uniform, in the older writer's layout. fuzzers/vbc.seeds adds the
// conformance cases (one per error class); scripts/gen-corpus keeps those
// that add coverage.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "conformance/vbc/builders.h"

namespace {

bool write(const std::filesystem::path& file, const std::vector<uint8_t>& bytes) {
  std::ofstream out(file, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) std::fprintf(stderr, "seeds_vbc: cannot write %s\n", file.c_str());
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: seeds_vbc OUTDIR\n");
    return 2;
  }
  const std::filesystem::path dir = std::filesystem::path(argv[1]) / "vbc";
  std::filesystem::create_directories(dir);
  for (sp::vbc::build::Sample& s : sp::vbc::build::valid_samples()) {
    if (!write(dir / s.name, sp::vbc::build::bytes(s.shader))) return 1;
    if (!s.shader.uniform) continue;
    s.shader.uniform_layout = sp::vbc::UniformLayout::old_u32;
    if (!write(dir / (s.name + ".old_u32"), sp::vbc::build::bytes(s.shader))) return 1;
  }
  return 0;
}
