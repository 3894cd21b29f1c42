// Seed inputs for the legacy fxc chunk targets, each the target's selector
// byte and then a chunk. `seeds_fxc SEEDS [CONTAINER...]` writes
//  - SEEDS/fxc_program/<name> and <name>.fxc929 for each program the
//    builder makes (support/fxc_seeds.h: every opcode, every program type,
//    class linkage, hull-shader phases, SM5.1 ranges, custom data), the
//    second with the selector's bit 1 (the listing as fxc 9.29 writes it);
//  - SEEDS/fxc_rdef/<name> and SEEDS/fxc_stat_ifce/<name> for each RDEF,
//    STAT and IFCE seed;
//  - for each container given (the conformance cases: one chunk per error
//    class the decoders report), each of its chunks that a target reads,
//    as <container's file name>.<part index> in that target's folder.
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

// The target (its corpus folder) that reads a chunk of each tag, and the
// selector byte it reads the tag with.
struct Route {
  std::string_view tag;
  std::string_view corpus;
  char selector;
};
constexpr Route kRoutes[] = {{"SHEX", "fxc_program", 0},   {"SHDR", "fxc_program", 1}, {"RDEF", "fxc_rdef", 0},
                              {"STAT", "fxc_stat_ifce", 0}, {"IFCE", "fxc_stat_ifce", 1}};

const Route* route_of(std::string_view tag) {
  for (const Route& r : kRoutes)
    if (r.tag == tag) return &r;
  return nullptr;
}

// Writes the chunk as its target reads it; `quirks` joins the selector
// (fuzz_fxc_program's bit 1).
void write_seed(const fs::path& seeds, const std::string& name, const Route& r, sp::Bytes chunk, char quirks = 0) {
  const fs::path folder = seeds / r.corpus;
  fs::create_directories(folder);
  std::ofstream f(folder / name, std::ios::binary);
  f.put(static_cast<char>(r.selector | quirks));
  f.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(chunk.size()));
}

std::vector<uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SEEDS [CONTAINER...]\nWrites seed inputs for the legacy fxc chunk targets.\n",
                 argv[0]);
    return 2;
  }
  const fs::path seeds = argv[1];
  for (const auto& [name, program] : sp::fuzz::fxc_program_seeds()) {
    const sp::fxc::build::RawChunk chunk = sp::fxc::build::program_chunk(program);
    write_seed(seeds, name, *route_of(chunk.fourcc), chunk.data);
    write_seed(seeds, name + ".fxc929", *route_of(chunk.fourcc), chunk.data, 2);
  }
  for (const auto& chunks : {sp::fuzz::fxc_rdef_seeds(), sp::fuzz::fxc_stat_ifce_seeds()})
    for (const sp::fuzz::ChunkSeed& s : chunks) write_seed(seeds, s.name, *route_of(s.tag), s.data);
  for (int i = 2; i < argc; ++i) {
    const std::vector<uint8_t> file = read_file(argv[i]);
    const std::optional<sp::dxc::Container> c = sp::dxc::read_container_layer(file);
    if (!c) continue;  // a case whose container layer is the error
    for (size_t k = 0; k < c->parts.size(); ++k)
      if (const Route* r = route_of(sp::fourcc_text(c->parts[k].fourcc)))
        write_seed(seeds, fs::path(argv[i]).filename().string() + "." + std::to_string(k), *r, c->parts[k].data);
  }
  return 0;
}
