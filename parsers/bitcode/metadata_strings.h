// METADATA_STRINGS (METADATA_BLOCK code 35): [count, offset] and a blob
// holding `count` vbr6 lengths (a bitstream of their own, padded to 32 bits)
// followed, at `offset`, by the characters of every string back to back.
// Shared by the IR reader and the bcanalyzer dump.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "bitstream/bit_cursor.h"
#include "core/bytes.h"

namespace sp::bitcode {

// Calls visit(Bytes) for each string in order; returns the problem (empty
// when every string was visited). Both operands are read as 32-bit values,
// as LLVM does; a count of 0 is malformed (LLVM's loop would run 2^32 times).
template <typename Visit>
std::string_view for_each_metadata_string(std::span<const uint64_t> ops, Bytes blob, Visit&& visit) {
  if (blob.empty()) return "empty blob";
  if (ops.size() != 2) return "METADATA_STRINGS needs 2 operands";
  uint32_t count = static_cast<uint32_t>(ops[0]);
  const uint32_t offset = static_cast<uint32_t>(ops[1]);
  if (count == 0) return "no strings";
  if (offset > blob.size()) return "the characters' offset is past the blob";
  bitstream::BitCursor lengths(blob.first(offset));
  Bytes chars = blob.subspan(offset);
  for (; count != 0; --count) {
    uint64_t size = 0;
    if (lengths.read_vbr(6, size, 32) != bitstream::ReadStatus::ok) return "the lengths run out before the strings";
    if (size > chars.size()) return "a string runs past the blob";
    visit(chars.first(static_cast<size_t>(size)));
    chars = chars.subspan(static_cast<size_t>(size));
  }
  return {};
}

}  // namespace sp::bitcode
