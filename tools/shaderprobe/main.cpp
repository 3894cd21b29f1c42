#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::ifstream f(argv[i], std::ios::binary);
    std::vector<uint8_t> d((std::istreambuf_iterator<char>(f)), {});
    auto r = sp::dxc::parse_container(d);
    std::printf("%s: %s\n", argv[i], r.ok() ? "ok" : r.error->to_string().c_str());
    for (auto& w : r.warnings) std::printf("  warning: %s\n", w.to_string().c_str());
  }
}
