// STAT back to bytes: the fields the chunk held, then its extra bytes, so
// every decoded chunk comes back byte for byte.
#include "core/span_writer.h"
#include "fxc/stat.h"

namespace sp::fxc {

std::vector<uint8_t> write_stat(const Stat& stat) {
  ByteWriter w;
  for (uint32_t i = 0; i < stat.fields_present && i < std::size(kStatFields); ++i)
    w.put_u32_le(stat.*kStatFields[i].member);
  w.put_bytes(stat.extra);
  return w.take();
}

}  // namespace sp::fxc
