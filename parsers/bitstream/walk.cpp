#include "bitstream/walk.h"

#include <algorithm>

#include "bitstream/reader.h"
#include "core/strings.h"

namespace sp::bitstream {

std::optional<WalkStats> walk_file(Bytes file, Context& ctx, uint64_t base_byte, std::optional<uint32_t> magic,
                                   BlockNamer namer) {
  Stream s;
  if (!locate_stream(file, ctx, s)) return std::nullopt;
  WalkStats stats;
  stats.wrapped = s.wrapped;
  Reader r(s.bytes, (base_byte + s.offset) * 8, ctx, namer);
  if (!r.start(stats.magic)) return std::nullopt;
  if (magic && stats.magic != *magic) {
    ctx.fail_at_bit(Code::bad_magic, (base_byte + s.offset) * 8, FieldPath::root("magic"),
                    strprintf("expected 0x%08x, found 0x%08x", *magic, stats.magic));
    return std::nullopt;
  }
  for (;;) {
    switch (r.next()) {
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
  }
}

}  // namespace sp::bitstream
