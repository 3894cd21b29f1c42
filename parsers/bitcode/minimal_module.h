// The smallest LLVM IR module the IR layer (module_reader.h) accepts: a
// MODULE_BLOCK holding one VERSION record, 16 bytes. For the DXIL and ILDB
// parts of test containers whose subject is not the bitcode, so that the
// whole file is valid where `shaderprobe check` descends into the bitcode.
#pragma once

#include <cstdint>
#include <vector>

namespace sp::bitcode {

// `version` is MODULE_CODE_VERSION's operand (DXIL's LLVM 3.7 writes 1).
[[nodiscard]] std::vector<uint8_t> minimal_module(uint64_t version = 1);

}  // namespace sp::bitcode
