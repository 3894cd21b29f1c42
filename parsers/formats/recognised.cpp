// Formats shaderprobe recognises but does not read yet: a probe and an
// identify line each, so `identify` names them and `check` answers
// "unsupported format" instead of calling them broken DXContainers. A
// format's parser replaces its entry here with parsers/<name>/<name>_format.cpp.
#include <string>

#include "core/bytes.h"
#include "core/strings.h"
#include "formats/format.h"

namespace sp::formats {
namespace {

template <const char* kTitle>
std::string not_supported(Bytes) {
  return std::string(kTitle) + " (not supported)";
}

constexpr char kSpirv[] = "spir-v";

}  // namespace

// A SPIR-V module: its magic number 0x07230203 as a little-endian word.
extern const Format spirv_format{
    .name = "spirv",
    .title = "SPIR-V module",
    .probe = [](Bytes b) { return b.size() >= 4 && load_le<uint32_t>(b.data()) == 0x07230203 ? 100 : 0; },
    .identify = not_supported<kSpirv>,
};

}  // namespace sp::formats
