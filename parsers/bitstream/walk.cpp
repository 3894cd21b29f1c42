#include "bitstream/walk.h"

#include "core/strings.h"

namespace sp::bitstream {

std::optional<WalkStats> walk_file(Bytes file, Context& ctx, uint64_t base_byte, std::optional<uint32_t> magic,
                                   BlockNamer namer) {
  return walk_file_visiting(file, ctx, [](const Reader&, Reader::Entry) {}, base_byte, magic, namer);
}

void fail_magic(Context& ctx, uint64_t bit, uint32_t expected, uint32_t found) {
  ctx.fail_at_bit(Code::bad_magic, bit, FieldPath::root("magic"),
                  strprintf("expected 0x%08x, found 0x%08x", expected, found));
}

}  // namespace sp::bitstream
