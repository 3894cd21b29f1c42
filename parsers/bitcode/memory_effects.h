// The `memory` attribute (attribute kind 86) as LLVM 22 prints it. Its
// bitcode value is an encoded MemoryEffects (llvm/Support/ModRef.h): two
// bits per memory location (none, read, write, readwrite), in the order
// argmem, inaccessiblemem, errnomem, other, target_mem0, target_mem1,
// under a version in bits 56..63. BitcodeWriter writes version 1 (the
// layout above); version 0, written before errnomem existed, holds argmem,
// inaccessiblemem and other, and BitcodeReader upgrades it with errnomem
// taking other's access.
#pragma once

#include <cstdint>
#include <string>

namespace sp::bitcode {

inline constexpr uint64_t kMemoryAttribute = 86;

// "memory(read, argmem: none, inaccessiblemem: none)", as llvm-dis-22
// prints the attribute (Attribute::getAsString): "other"'s access first as
// the default, then every location that differs from it. An unknown
// version prints the raw value: "memory(<value>)".
[[nodiscard]] std::string memory_effects_text(uint64_t encoded);

}  // namespace sp::bitcode
