// The loader's own command-line program: the AFL++ route (run-afl.sh).
// afl-fuzz runs it on each input it makes, built with afl-clang-fast++
// (CMakeLists.txt), and makes the inputs with shaderprobe's SHBIN mutator
// loaded as AFL_CUSTOM_MUTATOR_LIBRARY: nothing of shaderprobe is linked.
//   load_shbin FILE
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "loader.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: load_shbin FILE\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "load_shbin: cannot read %s\n", argv[1]);
    return 2;
  }
  const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<loader::Shader> shaders;
  if (!loader::load_shaders(bytes.data(), bytes.size(), shaders)) {
    std::fprintf(stderr, "load_shbin: not a shader binary the loader takes\n");
    return 1;
  }
  std::printf("%zu shaders\n", shaders.size());
  return 0;
}
