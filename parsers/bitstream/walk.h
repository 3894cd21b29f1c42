// Walks a whole bitcode file (bare or wrapped) through the reader without
// keeping anything: the bitstream-level check (every block, abbreviation
// and record read and validated) that the conformance sweeps and the
// fuzzers' cross-checks run, and what the benchmark compares with LLVM's
// BitstreamCursor. (`check` goes on to the IR layer, parsers/bitcode.)
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>

#include "bitstream/reader.h"
#include "bitstream/wrapper.h"
#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::bitstream {

struct WalkStats {
  uint32_t magic = 0;
  bool wrapped = false;
  uint64_t top_level_blocks = 0;
  uint64_t blocks = 0;
  uint64_t records = 0;
  uint64_t abbrevs = 0;
  uint64_t max_depth = 0;
};

// `base_byte` is the offset of file[0] in the input, for error offsets;
// `magic`, when given, is the only magic accepted (bad_magic otherwise).
std::optional<WalkStats> walk_file(Bytes file, Context& ctx, uint64_t base_byte = 0,
                                   std::optional<uint32_t> magic = std::nullopt, BlockNamer namer = nullptr);

// The bad_magic error of a walk that asked for another magic.
void fail_magic(Context& ctx, uint64_t bit, uint32_t expected, uint32_t found);

// The loop of every reader of a whole stream: the stream found (bare or
// wrapped), its magic read, then each entry handed to a visitor until the
// end of the stream or the first failure. The IR reader, the bcanalyzer
// dump and walk_file differ only in what they do with the entries. A
// Visitor has
//   void found(const Stream&, uint64_t base_bit)  the stream, before its magic is read
//   bool start(Reader&, uint32_t magic)  may refuse the magic, or name the blocks
//   bool enter(const Reader&), bool leave(const Reader&),
//   bool record(const Reader&), bool abbrev(const Reader&)
//   bool end()  the end of the stream
// where false stops the walk, its error recorded in `ctx` by whoever
// returned it. `base_byte` is the offset of file[0] in the input.
template <typename Visitor>
bool walk(Bytes file, Context& ctx, uint64_t base_byte, Visitor& visitor) {
  Stream s;
  if (!locate_stream(file, ctx, s)) return false;
  const uint64_t base_bit = (base_byte + s.offset) * 8;
  visitor.found(std::as_const(s), base_bit);
  Reader r(s.bytes, base_bit, ctx);
  uint32_t magic = 0;
  if (!r.start(magic) || !visitor.start(r, magic)) return false;
  for (;;) {
    const Reader& at = r;
    bool ok = false;
    switch (r.next()) {
      case Reader::Entry::error:
        return false;
      case Reader::Entry::end_of_stream:
        return visitor.end();
      case Reader::Entry::enter_block:
        ok = visitor.enter(at);
        break;
      case Reader::Entry::end_block:
        ok = visitor.leave(at);
        break;
      case Reader::Entry::record:
        ok = visitor.record(at);
        break;
      case Reader::Entry::define_abbrev:
        ok = visitor.abbrev(at);
        break;
    }
    if (!ok) return false;
  }
}

// walk_file that also hands every entry to on_entry(reader, entry) as it is
// read, for callers that look at the records without keeping them (the
// benchmark folds them into a checksum). BLOCKINFO's own records come too,
// with reader.block().id == 0.
template <typename OnEntry>
std::optional<WalkStats> walk_file_visiting(Bytes file, Context& ctx, OnEntry&& on_entry, uint64_t base_byte = 0,
                                            std::optional<uint32_t> magic = std::nullopt,
                                            BlockNamer namer = nullptr) {
  struct Counter {
    OnEntry& on_entry;
    Context& ctx;
    std::optional<uint32_t> magic;
    BlockNamer namer;
    WalkStats stats;
    uint64_t base_bit = 0;

    void found(const Stream& s, uint64_t bit) {
      stats.wrapped = s.wrapped;
      base_bit = bit;
    }
    bool start(Reader& r, uint32_t found_magic) {
      stats.magic = found_magic;
      if (magic && found_magic != *magic) {
        fail_magic(ctx, base_bit, *magic, found_magic);
        return false;
      }
      r.set_block_namer(namer);
      return true;
    }
    bool enter(const Reader& r) {
      ++stats.blocks;
      if (r.depth() == 1) ++stats.top_level_blocks;
      stats.max_depth = std::max<uint64_t>(stats.max_depth, r.depth());
      return visit(r, Reader::Entry::enter_block);
    }
    bool leave(const Reader& r) { return visit(r, Reader::Entry::end_block); }
    bool record(const Reader& r) {
      ++stats.records;
      return visit(r, Reader::Entry::record);
    }
    bool abbrev(const Reader& r) {
      ++stats.abbrevs;
      return visit(r, Reader::Entry::define_abbrev);
    }
    bool end() { return true; }
    bool visit(const Reader& r, Reader::Entry entry) {
      on_entry(r, entry);
      return true;
    }
  };
  Counter counter{on_entry, ctx, magic, namer, {}};
  if (!walk(file, ctx, base_byte, counter)) return std::nullopt;
  return counter.stats;
}

}  // namespace sp::bitstream
