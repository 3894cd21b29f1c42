// Seed inputs for the SHBIN targets. `seeds_shbin SEEDS [FILE...]` writes
//  - SEEDS/shbin/<name> for each sample of conformance/shbin/samples.h,
//    written by the project's writer, and SEEDS/shbin_dvle/<name>, the
//    DVLE its offset table names first as fuzz_shbin_dvle reads one
//    (support/shbin_checks.h, dvle_input);
//  - the same for each file given (the conformance cases: one per error
//    class the reader reports and per warning), named after it.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "conformance/shbin/samples.h"
#include "support/shbin_checks.h"

namespace {

namespace fs = std::filesystem;

bool write_seed(const fs::path& folder, const std::string& name, const std::vector<uint8_t>& bytes) {
  fs::create_directories(folder);
  std::ofstream out(folder / name, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (out) return true;
  std::fprintf(stderr, "seeds_shbin: cannot write %s\n", (folder / name).c_str());
  return false;
}

// The file for fuzz_shbin, and its DVLE for fuzz_shbin_dvle when its
// headers say where one is.
bool write_both(const fs::path& seeds, const std::string& name, const std::vector<uint8_t>& file) {
  const std::optional<std::vector<uint8_t>> dvle = sp::fuzz::dvle_input(file);
  return write_seed(seeds / "shbin", name, file) && (!dvle || write_seed(seeds / "shbin_dvle", name, *dvle));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s SEEDS [FILE...]\nWrites seed inputs for the SHBIN targets.\n", argv[0]);
    return 2;
  }
  const fs::path seeds = argv[1];
  for (const sp::shbin::build::Sample& s : sp::shbin::build::samples())
    if (!write_both(seeds, s.name, sp::shbin::write_shbin(s.shbin))) return 1;
  for (int i = 2; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    const std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!write_both(seeds, fs::path(argv[i]).filename().string(), file)) return 1;
  }
  return 0;
}
