// Formats shaderprobe recognises but does not read yet: a probe and an
// identify line each, so `identify` names them and `check` answers
// "unsupported format" instead of calling them broken DXContainers. A
// format's parser replaces its entry here with parsers/<name>/<name>_format.cpp.
#include <string>

#include "core/bytes.h"
#include "core/strings.h"
#include "formats/format.h"
#include "vbc/spirv_module.h"

namespace sp::formats {
namespace {

template <const char* kTitle>
std::string not_supported(Bytes) {
  return std::string(kTitle) + " (not supported)";
}

constexpr char kSpirv[] = "spir-v";

}  // namespace

// A SPIR-V module: its magic number as a little-endian word (VBC holds
// the same modules, so vbc/spirv_module.h has the number).
extern const Format spirv_format{
    .name = "spirv",
    .title = "SPIR-V module",
    .probe = [](Bytes b) { return b.size() >= 4 && load_le<uint32_t>(b.data()) == vbc::kSpirvMagic ? 100 : 0; },
    .identify = not_supported<kSpirv>,
};

}  // namespace sp::formats
