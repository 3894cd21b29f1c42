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

// walk_file that also hands every entry to on_entry(reader, entry) as it is
// read, for callers that look at the records without keeping them (the
// benchmark folds them into a checksum). BLOCKINFO's own records come too,
// with reader.block().id == 0.
template <typename OnEntry>
std::optional<WalkStats> walk_file_visiting(Bytes file, Context& ctx, OnEntry&& on_entry, uint64_t base_byte = 0,
                                            std::optional<uint32_t> magic = std::nullopt,
                                            BlockNamer namer = nullptr) {
  Stream s;
  if (!locate_stream(file, ctx, s)) return std::nullopt;
  WalkStats stats;
  stats.wrapped = s.wrapped;
  Reader r(s.bytes, (base_byte + s.offset) * 8, ctx, namer);
  if (!r.start(stats.magic)) return std::nullopt;
  if (magic && stats.magic != *magic) {
    fail_magic(ctx, (base_byte + s.offset) * 8, *magic, stats.magic);
    return std::nullopt;
  }
  for (;;) {
    const Reader::Entry entry = r.next();
    switch (entry) {
      case Reader::Entry::error:
        return std::nullopt;
      case Reader::Entry::end_of_stream:
        return stats;
      case Reader::Entry::enter_block:
        ++stats.blocks;
        if (r.depth() == 1) ++stats.top_level_blocks;
        stats.max_depth = std::max<uint64_t>(stats.max_depth, r.depth());
        break;
      case Reader::Entry::end_block:
        break;
      case Reader::Entry::record:
        ++stats.records;
        break;
      case Reader::Entry::define_abbrev:
        ++stats.abbrevs;
        break;
    }
    on_entry(std::as_const(r), entry);
  }
}

}  // namespace sp::bitstream
