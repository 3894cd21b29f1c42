// What a driver or tool embedding shaderprobe does with a shader binary it
// did not write: read it through the registry (any format, the way
// `shaderprobe check` reads it), and, for a DirectX container, walk its
// parts through the container's own model.
//
//   embed_container FILE...   exit 0 when every file reads, 1 otherwise
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "formats/read.h"
#include "formats/registry.h"

int main(int argc, char** argv) {
  int status = argc > 1 ? 0 : 2;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    const std::vector<uint8_t> bytes{std::istreambuf_iterator<char>(in), {}};
    const sp::formats::Format& format = sp::formats::reader_for(bytes);
    const sp::formats::FileRead r = sp::formats::read(format, bytes);
    if (!r.ok()) {
      std::printf("%s: %s: error: %s\n", argv[i], std::string(format.name).c_str(), r.error->to_string().c_str());
      status = 1;
      continue;
    }
    std::printf("%s: %s, %zu warnings\n", argv[i], std::string(format.name).c_str(), r.warnings.size());
    if (format.name != "dxcontainer") continue;
    const sp::dxc::ParseResult container = sp::dxc::parse_container(bytes);
    for (const sp::dxc::Part& part : container.container->parts)
      std::printf("  part %s, %zu bytes at %u\n", sp::fourcc_text(part.fourcc).c_str(), part.data.size(),
                  static_cast<unsigned>(part.offset));
  }
  return status;
}
