// Writes LLVM bitstreams: the inverse of reader.h, for tests, the seed
// corpus and mutators. It encodes exactly what it is told, so a test can
// also build streams a correct writer never would (raw fields through
// emit_fixed / emit_vbr, a wrong NumWords through end_block_with_words);
// misuse by the caller (an unknown abbrev id, an abbreviation that does not
// match the record) throws std::logic_error, never writes garbage silently.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "bitstream/abbrev.h"
#include "core/bytes.h"

namespace sp::bitstream {

class Writer {
 public:
  // Starts a stream with the 32-bit `magic` (kLlvmIrMagic for LLVM IR).
  explicit Writer(uint32_t magic);

  // Raw fields, LSB first.
  void emit_fixed(uint64_t value, unsigned width);  // width 0..64
  void emit_vbr(uint64_t value, unsigned width);    // width 2..32
  void align32();

  // ENTER_SUBBLOCK with the given abbrev id width; NumWords is patched by
  // end_block(). Abbreviations BLOCKINFO registered for `block_id` are in
  // scope, ids from 4, ahead of the block's own.
  void enter_block(uint32_t block_id, unsigned code_width);
  void end_block();
  // END_BLOCK, then NumWords set to `words` instead of the true length.
  void end_block_with_words(uint32_t words);

  // DEFINE_ABBREV in the current block; returns its abbrev id.
  uint32_t define_abbrev(std::span<const AbbrevOp> ops);

  // A BLOCKINFO block: begin, then SETBID / names / abbrevs, then end.
  void begin_blockinfo(unsigned code_width = 2);
  void set_bid(uint32_t block_id);
  void block_name(std::string_view name);
  void record_name(uint32_t code, std::string_view name);
  // DEFINE_ABBREV for the block of the last set_bid(); returns the id it
  // will have in those blocks.
  uint32_t blockinfo_abbrev(std::span<const AbbrevOp> ops);
  void end_blockinfo() { end_block(); }

  // UNABBREV_RECORD: code and operands as vbr6.
  void record(uint32_t code, std::span<const uint64_t> ops);
  // A record through abbreviation `abbrev_id`: `ops` are the scalar and
  // array operands (not the code), `blob` the bytes of a blob operand.
  void record(uint32_t abbrev_id, uint32_t code, std::span<const uint64_t> ops, Bytes blob = {});

  [[nodiscard]] uint64_t bit_position() const { return bits_; }
  [[nodiscard]] Bytes bytes() const { return out_; }
  // The stream, padded to 32 bits.
  [[nodiscard]] std::vector<uint8_t> finish();

 private:
  struct Open {
    unsigned code_width;
    size_t size_field;  // byte offset of NumWords
    std::vector<std::vector<AbbrevOp>> outer_abbrevs;  // the enclosing block's, restored at its end
    uint32_t block_id;
  };
  const std::vector<AbbrevOp>& abbrev(uint32_t id) const;
  void emit_field(const AbbrevOp& op, uint64_t v);
  void finish_block(std::optional<uint32_t> words);

  std::vector<uint8_t> out_;
  uint64_t bits_ = 0;
  std::vector<Open> open_;
  unsigned code_width_ = 2;
  std::vector<std::vector<AbbrevOp>> abbrevs_;  // in scope, by id - 4
  std::vector<std::pair<uint32_t, std::vector<AbbrevOp>>> blockinfo_;  // (block, abbrev)
  uint32_t bid_ = 0;
};

// The 20-byte wrapper header followed by `stream` (and `padding` zero bytes).
[[nodiscard]] std::vector<uint8_t> wrap(Bytes stream, uint32_t cpu_type = 0x01000007, size_t padding = 0);

}  // namespace sp::bitstream
