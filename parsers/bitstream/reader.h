// The generic LLVM bitstream container reader (docs/BitCodeFormat.rst; LLVM
// 22's BitstreamReader is the behaviour mirrored, docs/formats/bitcode.md its rules).
// It knows blocks, abbreviations, records, blobs and BLOCKINFO, not what
// any block means: parsers/bitcode/ builds LLVM IR on top of it.
//
// A pull reader: next() returns one entry at a time (a block entered or
// ended, a record, an abbreviation defined) and the caller inspects it in
// place. Nesting is an explicit stack, never recursion, bounded by
// limits.max_depth; a record's operands land in one buffer reused for every
// record, so walking a stream allocates only when a record is larger than
// every one before it. Counts (operands, array elements, blob bytes) are
// checked against the bits that remain before anything is reserved.
//
// Malformed input ends the walk with one error in the Context (bit offset,
// path such as `blocks[1].MODULE_BLOCK.blocks[3].CONSTANTS_BLOCK.records[7]`);
// every later next() returns Entry::error. Decisions beyond LLVM 22:
//  - a stream that ends inside a block is an error (unterminated_block);
//  - a block whose declared NumWords runs past the stream is an error, one
//    whose END_BLOCK lands elsewhere than NumWords says is a warning
//    (block_length_mismatch: LLVM only uses NumWords to skip blocks, so a
//    skipping and a walking reader would see different data);
//  - abbreviations are checked when defined (abbrev.h), not when used;
//  - a 32-bit field (block id, code, count) holding more is an error where
//    LLVM silently keeps the low 32 bits;
//  - a BLOCKINFO block replaces the BLOCKINFO data before it, as in
//    llvm-bcanalyzer (each module of a multi-module stream carries its own).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "bitstream/abbrev.h"
#include "bitstream/bit_cursor.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::bitstream {

// The name a format gives a block id (for error paths), or empty.
using BlockNamer = std::string_view (*)(uint32_t block_id);

struct BlockState {
  uint32_t id = 0;
  uint32_t code_width = 2;  // abbrev id width inside the block
  uint32_t num_words = 0;   // declared length of the body
  uint64_t start_bit = 0;   // absolute bit of the ENTER_SUBBLOCK abbrev id
  uint64_t body_bit = 0;    // absolute bit just after NumWords
  uint64_t index = 0;       // among the blocks of its parent (or of the top level)
};

struct Record {
  uint32_t code = 0;
  uint32_t abbrev_id = kUnabbrevRecord;
  std::span<const uint64_t> ops;  // without the code; array elements inline
  Bytes blob;
  bool has_blob = false;
  int64_t array_start = -1;  // index into ops where the abbrev's array begins
  uint64_t start_bit = 0;    // absolute bit of the abbrev id
  uint64_t end_bit = 0;      // absolute bit after the record
};

class Reader {
 public:
  enum class Entry : uint8_t { enter_block, end_block, record, define_abbrev, end_of_stream, error };

  // `stream` starts at the magic (after any wrapper); `base_bit` is the
  // absolute bit offset of stream[0] in the input.
  Reader(Bytes stream, uint64_t base_bit, Context& ctx, BlockNamer namer = nullptr);

  // Reads the 32-bit magic (any value is accepted here). False, with the
  // error recorded, when the stream is not a whole number of 32-bit words
  // or shorter than one.
  bool start(uint32_t& magic);

  // The next entry. Once the context holds an error, this reader's or one
  // its caller recorded (a visitor's budget, a check of what it read), it
  // reads nothing more and returns error: the first error is the input's.
  Entry next();

  // Names blocks in error paths (after start(), once the magic is known).
  void set_block_namer(BlockNamer namer) { namer_ = namer; }

  // Valid after enter_block (the block entered), end_block (the block that
  // ended), record and define_abbrev (the enclosing block).
  [[nodiscard]] const BlockState& block() const { return just_ended_ ? ended_ : frames_.back().state; }
  // Blocks open around the current entry (0 at the top level; the block of
  // an enter_block or end_block counts).
  [[nodiscard]] size_t depth() const { return just_ended_ ? frames_.size() : frames_.size() - 1; }
  [[nodiscard]] const Record& record() const { return record_; }
  // After Entry::record: its index among the records of its block.
  [[nodiscard]] uint64_t record_index() const { return frames_.back().records - 1; }
  [[nodiscard]] uint64_t bit_offset() const { return cursor_.bit_offset(); }

  // Names registered by the BLOCKINFO in effect (BLOCKNAME, SETRECORDNAME).
  [[nodiscard]] std::optional<FileText> blockinfo_block_name(uint32_t block_id) const;
  [[nodiscard]] std::optional<FileText> blockinfo_record_name(uint32_t block_id, uint32_t code) const;

  // The path of the current position, as errors print it.
  [[nodiscard]] std::string path() const;
  // After Entry::record: the path of that record (`path()` and its
  // `.records[i]`), as the layers above name a record they reject.
  [[nodiscard]] std::string record_path() const;

 private:
  struct Abbrev {
    uint32_t first_op = 0;
    uint32_t op_count = 0;
  };
  struct Frame {
    BlockState state;
    uint32_t inherited_list = UINT32_MAX;  // index into bi_lists_
    uint32_t inherited_count = 0;
    size_t local_begin = 0;  // into local_abbrevs_
    size_t local_ops_begin = 0;
    uint64_t children = 0;
    uint64_t records = 0;
    // DEFINE_ABBREVs read: BLOCKINFO's register theirs with the block
    // SETBID chose, so they are not among the local abbreviations.
    uint64_t abbrevs = 0;
    std::optional<uint32_t> setbid;  // BLOCKINFO: the block SETBID chose
  };
  struct BlockInfo {
    uint32_t abbrev_list = UINT32_MAX;
    std::optional<FileString> name;
  };
  enum class Leaf : uint8_t { none, record, abbrev, block };

  bool enter_block(uint64_t start_bit);
  bool end_block();
  bool define_abbrev();
  bool read_unabbreviated();
  bool read_abbreviated(uint32_t id);
  bool blockinfo_record();
  bool read_abbrev_field(const AbbrevOp& op, uint64_t& v);
  // A VBR field; the failure (truncated, too long) reported as `what`.
  [[gnu::always_inline]] bool read_vbr(unsigned width, uint64_t& v, unsigned max_bits, std::string_view what) {
    const ReadStatus s = cursor_.read_vbr(width, v, max_bits);
    return s == ReadStatus::ok || vbr_failed(s, width, max_bits, what);
  }
  bool vbr_failed(ReadStatus s, unsigned width, unsigned max_bits, std::string_view what);
  bool fail(Code code, uint64_t bit, Leaf leaf, std::string message);
  std::string path(Leaf leaf) const;
  std::string block_label(uint32_t id) const;
  [[nodiscard]] const AbbrevOp* abbrev_ops(uint32_t id, uint32_t& count) const;
  BlockInfo& blockinfo_for(uint32_t block_id);

  BitCursor cursor_;
  Context& ctx_;
  BlockNamer namer_;
  std::vector<Frame> frames_;  // frames_[0] is the top level
  BlockState ended_;
  bool just_ended_ = false;
  bool failed_ = false;
  Leaf leaf_ = Leaf::none;  // what the entry being read is, for error paths

  Record record_;
  std::vector<uint64_t> ops_;  // reused for every record

  // Abbreviations defined inside blocks: a stack, cut back when a block ends.
  std::vector<AbbrevOp> local_ops_;
  std::vector<Abbrev> local_abbrevs_;
  // Abbreviations registered by BLOCKINFO: append-only (a block entered
  // earlier keeps using the list it inherited even if a later BLOCKINFO
  // replaces the table), so memory stays within the input's size.
  std::vector<AbbrevOp> bi_ops_;
  std::vector<std::vector<Abbrev>> bi_lists_;
  std::unordered_map<uint32_t, BlockInfo> blockinfo_;
  std::unordered_map<uint64_t, FileString> record_names_;  // block << 32 | code

  std::vector<AbbrevOp> scratch_;  // DEFINE_ABBREV before it is checked
};

}  // namespace sp::bitstream
