#include "conformance/generator.h"

#include <cstdio>
#include <fstream>
#include <iterator>

#include "formats/read.h"
#include "formats/registry.h"

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

std::string class_of(const Spec& s, std::initializer_list<Code> invalid, std::initializer_list<Code> limit) {
  const auto among = [&](std::initializer_list<Code> codes) {
    return std::find(codes.begin(), codes.end(), *s.error) != codes.end();
  };
  if (!s.error) return s.name.starts_with("y_") ? "valid" : "invalid";
  if (among(invalid)) return "invalid";
  return among(limit) ? "limit" : "malformed";
}

Sidecar registry_sidecar(const Spec& s, const formats::Format& format, std::string klass,
                         const std::map<std::string, std::string>& flags) {
  const formats::FileRead r = formats::read(format, s.bytes);
  bool done = false;
  Sidecar out = checked_sidecar(s, r, std::move(klass), flags, done);
  if (done) return out;
  if (s.name.starts_with("y_")) {
    out.output = formats::describe(r);
    return out;
  }
  // Every reader's profile (lenient rejects nothing; strict, everything).
  for (const std::string_view profile : formats::profiles().names())
    if (profile != kLenientProfile && profile != kStrictProfile &&
        std::any_of(s.warnings.begin(), s.warnings.end(),
                    [&](Code w) { return formats::profiles().rejects(profile, w); }))
      out.rejected_by.emplace_back(profile);
  return out;
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
