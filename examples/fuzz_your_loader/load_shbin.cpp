// The loader's own command-line program: the AFL++ route (run-afl.sh).
//   load_shbin FILE   loads FILE, as its users run it (and as
//                     `scripts/triage --engine afl --args @@` reruns a crash)
//   load_shbin        built by afl-clang-fast++ and started by afl-fuzz:
//                     loads input after input in one process, each read
//                     from AFL++'s shared memory (its persistent mode, as
//                     AFL++ recommends: a process per input spends most of
//                     its time starting ASan, bench/README.md); built by
//                     another compiler it is a usage error.
// afl-fuzz makes the inputs with shaderprobe's SHBIN mutator, loaded as
// AFL_CUSTOM_MUTATOR_LIBRARY: nothing of shaderprobe is linked here.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "loader.h"

#ifdef __AFL_FUZZ_TESTCASE_LEN
#include <unistd.h>  // read(), which AFL++'s macros call outside afl-fuzz

__AFL_FUZZ_INIT();
#endif

namespace {

int load_file(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "load_shbin: cannot read %s\n", path);
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

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2) return load_file(argv[1]);
#ifdef __AFL_FUZZ_TESTCASE_LEN
  if (argc == 1) {
    __AFL_INIT();
    const unsigned char* buffer = __AFL_FUZZ_TESTCASE_BUF;
    while (__AFL_LOOP(100000)) {
      // A copy of exactly the input's length, so that ASan sees a read
      // past its end (AFL++'s buffer is larger).
      const std::vector<uint8_t> input(buffer, buffer + __AFL_FUZZ_TESTCASE_LEN);
      std::vector<loader::Shader> shaders;
      loader::load_shaders(input.data(), input.size(), shaders);
    }
    return 0;
  }
#endif
  std::fprintf(stderr, "usage: load_shbin FILE\n");
  return 2;
}
