// Abbreviations (DEFINE_ABBREV): how an abbreviated record's operands are
// encoded. LLVM's BitCodes.h and "LLVM Bitcode File Format" (docs/
// BitCodeFormat.rst, "Abbreviations") define the encodings; docs/formats/bitcode.md §Abbreviations
// lists LLVM 22's rules, which abbrev.cpp applies when an abbreviation is
// defined (LLVM checks array and blob placement only when a record uses it;
// checking once at definition keeps the per-record loop free of checks and
// rejects a malformed abbreviation even if nothing uses it).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace sp::bitstream {

// Fixed abbrev ids (BitCodeEnums.h: FixedAbbrevIDs); user abbrevs start at 4.
enum FixedAbbrevId : uint32_t {
  kEndBlock = 0,
  kEnterSubblock = 1,
  kDefineAbbrev = 2,
  kUnabbrevRecord = 3,
  kFirstUserAbbrev = 4,
};

// The BLOCKINFO block (id 0) and its records; block ids 1..7 are reserved.
inline constexpr uint32_t kBlockInfoBlockId = 0;
inline constexpr uint32_t kFirstApplicationBlockId = 8;
enum BlockInfoCode : uint32_t { kSetBid = 1, kBlockName = 2, kSetRecordName = 3 };

// On-disk encodings 1..5; `literal` is the is-literal bit, not an encoding.
enum class Encoding : uint8_t { literal = 0, fixed = 1, vbr = 2, array = 3, char6 = 4, blob = 5 };

struct AbbrevOp {
  Encoding encoding = Encoding::literal;
  uint64_t value = 0;  // the literal, or the width of fixed / vbr
};

// Widths of fixed and vbr operands: LLVM 22's MaxChunkSize ("Fixed or VBR
// abbrev record with size > MaxChunkData"; LLVM 14 allowed 64).
inline constexpr uint64_t kMaxChunkBits = 32;

// Why a list of operands is not a valid abbreviation, or empty when it is.
// `ops` is what DEFINE_ABBREV decoded, after width 0 became literal 0.
[[nodiscard]] std::string_view abbrev_problem(std::span<const AbbrevOp> ops);

// The fewest bits one element of an array with this element encoding takes
// (for the plausibility check before anything is allocated).
[[nodiscard]] constexpr uint64_t min_element_bits(const AbbrevOp& element) {
  return element.encoding == Encoding::char6 ? 6 : element.value;
}

[[nodiscard]] std::string_view encoding_name(Encoding e);

}  // namespace sp::bitstream
