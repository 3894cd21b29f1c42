// The main() of a fuzz target built without a fuzzing engine (GCC, the dev
// and asan presets, coverage): it runs LLVMFuzzerTestOneInput once on every
// file it is given, directories searched recursively in sorted order, so the
// committed corpora and regressions replay in ctest and the targets cannot
// bitrot (simdjson's fuzz/main.cpp does the same).
//
// Each input is copied into a heap block of exactly its size, as libFuzzer
// does, so AddressSanitizer reports a read one byte past the end.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

namespace {

namespace fs = std::filesystem;

bool run_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "error: cannot read %s\n", path.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // new[] of the exact size (not the vector's storage, which may have slack).
  const auto copy = std::make_unique<uint8_t[]>(bytes.size());
  std::memcpy(copy.get(), bytes.data(), bytes.size());
  LLVMFuzzerTestOneInput(copy.get(), bytes.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0) {
    std::fprintf(stderr,
                 "usage: %s FILE|DIR...\n"
                 "Replays each file (directories recursively) through the fuzz target once.\n"
                 "This build has no fuzzing engine; build the `fuzz` preset to fuzz.\n",
                 argv[0]);
    return 2;
  }
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  size_t count = 0;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    std::error_code ec;
    std::vector<fs::path> files;
    if (fs::is_directory(arg, ec)) {
      for (const auto& entry : fs::recursive_directory_iterator(arg))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(arg);
    }
    for (const fs::path& f : files) {
      if (!run_file(f)) return 2;
      ++count;
    }
  }
  std::printf("replayed %zu inputs\n", count);
  return 0;
}
