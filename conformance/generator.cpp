#include "conformance/generator.h"

#include <cstdio>
#include <fstream>
#include <iterator>

namespace sp::conform::gen {

namespace fs = std::filesystem;

std::vector<uint8_t> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

int generator_main(int argc, char** argv, const std::string& what,
                   const std::function<std::vector<Spec>(const std::vector<fs::path>&)>& specs,
                   const std::function<Sidecar(const Spec&, const fs::path&)>& sidecar_for,
                   const std::map<std::string, std::string>& flags) {
  if (argc < 2 || std::string_view(argv[1]) == "--help") {
    std::fprintf(stderr, "usage: %s OUTDIR [FILE...]\nWrites the %s conformance cases.\n", argv[0], what.c_str());
    return 2;
  }
  try {
    const fs::path out(argv[1]);
    fs::create_directories(out);
    const std::vector<Spec> all = specs(std::vector<fs::path>(argv + 2, argv + argc));
    std::map<std::string, int> seen;
    size_t wrong = 0;  // every disagreement is listed before giving up
    for (const Spec& s : all) {
      if (seen[s.name]++ > 0) throw std::runtime_error("two cases named " + s.name);
      try {
        write_file(out / s.name, std::string(s.bytes.begin(), s.bytes.end()));
        const Sidecar sidecar = sidecar_for(s, out / s.name);
        write_file(out / (s.name + std::string(kSidecarSuffix)), sidecar_to_json(sidecar).dump(1) + "\n");
      } catch (const std::runtime_error& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        fs::remove(out / s.name);
        ++wrong;
      }
    }
    if (wrong > 0) throw std::runtime_error(std::to_string(wrong) + " cases disagree with shaderprobe");
    nlohmann::ordered_json j(flags);
    write_file(out / "flags.json", j.dump(1) + "\n");
    std::printf("%zu cases written to %s\n", all.size(), out.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}

}  // namespace sp::conform::gen
