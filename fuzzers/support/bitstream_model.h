// A whole LLVM bitstream as a tree (blocks, abbreviation definitions,
// records, each in stream order), read with the project's reader and written
// back with its writer. The fuzz targets use it for the round trip
// (read(write(read(x))) == read(x)) and the structure-aware mutator edits
// it: a change in the tree is re-encoded with every abbrev id, width and
// NumWords consistent, where a byte flip in a bitstream shifts every field
// after it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bitstream/abbrev.h"
#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::fuzz {

struct BsRecord {
  uint32_t abbrev_id = bitstream::kUnabbrevRecord;
  uint32_t code = 0;
  std::vector<uint64_t> ops;  // as Reader::Record: array elements inline, literals included
  std::vector<uint8_t> blob;
  bool has_blob = false;
};

struct BsBlock;

// One entry of a block: a record, an abbreviation definition, or a block.
struct BsItem {
  enum class Kind : uint8_t { record, abbrev, block };
  Kind kind = Kind::record;
  BsRecord record;
  std::vector<bitstream::AbbrevOp> abbrev;
  std::vector<BsBlock> block;  // exactly one element when kind == block (a vector: BsBlock is incomplete here)
};

struct BsBlock {
  uint32_t id = 0;
  uint32_t code_width = 2;
  std::vector<BsItem> items;
};

struct BsStream {
  uint32_t magic = 0;
  std::vector<BsBlock> blocks;  // top level
  std::optional<uint32_t> wrapper_cpu;  // set when the input was wrapped
  size_t wrapper_padding = 0;           // bytes after the wrapped stream (Apple pads to 16)
};

// The tree of a stream the reader accepts whole (bare or wrapped), or
// nothing (the error, if any, stays in ctx).
[[nodiscard]] std::optional<BsStream> read_stream(Bytes file, Context& ctx);

// Writes the tree with bitstream::Writer (wrapped again when it was).
// Nothing when the writer cannot express it: a record that no longer
// matches its abbreviation is written unabbreviated instead (its blob as
// operands), but an abbrev id the block cannot have, a char6 operand that
// is no char6 character and other misuse throw inside the writer and end
// here as nothing.
[[nodiscard]] std::optional<std::vector<uint8_t>> write_stream(const BsStream& s);

// The first difference between two trees ("" when equal), for invariant
// messages.
[[nodiscard]] std::string tree_difference(const BsStream& a, const BsStream& b);

}  // namespace sp::fuzz
