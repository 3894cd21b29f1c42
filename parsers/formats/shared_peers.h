// Peers that read more than one format, declared once so every format that
// lists them runs the same command (formats::peers() takes one per name).
#pragma once

#include <string_view>

#include "formats/format.h"

namespace sp::formats {

// vkd3d-shader's compiler reads a DXBC container and its SHDR/SHEX program
// in one go (it has no DXIL reader): the container and fxc formats both list
// it. spirv-binary is 1.2's only target for dxbc-tpf, named so a newer
// vkd3d's other targets change nothing.
inline constexpr std::string_view kVkd3dCompilerCommand[] = {
    "vkd3d-compiler", "-x", "dxbc-tpf", "-b", "spirv-binary", "-o", "/dev/null", "{input}"};
inline constexpr Peer kVkd3dCompiler = {"vkd3d-compiler", kVkd3dCompilerCommand, "",
                                        "vkd3d-shader's compiler reading DXBC (-x dxbc-tpf); accept or reject"};

}  // namespace sp::formats
