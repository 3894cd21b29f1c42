// Seed inputs for the Direct3D 9 fuzz targets, written with the project's
// writers: `seeds_d3d9 OUTDIR` writes
//  - OUTDIR/d3d9/<name> for every sample of conformance/d3d9/samples.cpp
//    and the debug information samples of level9_samples.cpp: every opcode
//    of shader models 2 and 3, the listing's features, and a damaged copy
//    for each error the reader reports (so the fuzzer starts next to every
//    bounds check);
//  - OUTDIR/d3d9_level9/<name>, the Level9 part of each Level9 sample
//    (fuzz_d3d9_level9 reads a part alone), and OUTDIR/dxcontainer/<name>,
//    the sample's whole container (fuzz_dxcontainer and fuzz_dump reach
//    the part through the container).
// scripts/gen-corpus keeps those that add coverage.
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "conformance/d3d9/level9_samples.h"
#include "conformance/d3d9/samples.h"
#include "dxcontainer/container.h"

namespace {

bool write(const std::filesystem::path& dir, const std::string& name, sp::Bytes bytes) {
  std::filesystem::create_directories(dir);
  std::ofstream out(dir / name, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!out) std::fprintf(stderr, "seeds_d3d9: cannot write %s\n", (dir / name).c_str());
  return static_cast<bool>(out);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: seeds_d3d9 OUTDIR\n");
    return 2;
  }
  const std::filesystem::path root(argv[1]);
  for (const sp::d3d9::build::Sample& s : sp::d3d9::build::samples())
    if (!write(root / "d3d9", s.name, s.bytes)) return 1;
  for (const sp::d3d9::build::Sample& s : sp::d3d9::build::level9_samples()) {
    if (!s.name.starts_with("level9_")) {
      if (!write(root / "d3d9", s.name, s.bytes)) return 1;
      continue;
    }
    if (!write(root / "dxcontainer", s.name, s.bytes)) return 1;
    sp::dxc::ParseOptions options;
    options.verify_digest = false;
    const sp::dxc::ParseResult r = sp::dxc::parse_container(s.bytes, options);
    if (!r.ok()) continue;  // a part whose container does not parse
    for (const sp::dxc::Part& p : r.container->parts)
      if (sp::fourcc_text(p.fourcc) == "Aon9" && !write(root / "d3d9_level9", s.name, p.data)) return 1;
  }
  return 0;
}
