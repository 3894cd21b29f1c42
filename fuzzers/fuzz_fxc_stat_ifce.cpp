// STAT and IFCE, the legacy chunks of statistics and of class linkage, on
// their own bytes.
//
// Input: one selector byte, then the chunk's data. Bit 0 picks the chunk
// (0 STAT, 1 IFCE); the other bits are ignored.
//
// Properties: those of every legacy fxc chunk target (support/fxc_checks.h:
// the same result at another alignment, errors shaped, describe). STAT's
// model keeps every byte, so write(decode(x)) == x; IFCE's writer lays the
// chunk out as fxc does (its tables may sit anywhere in a crafted chunk,
// and slot records may share their entries), so its rewrite must decode
// to the same description, and writing that again must give the same
// bytes.
#include "support/fxc_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return -1;
  const bool ifce = (data[0] & 1) != 0;
  const sp::Limits limits;
  (void)sp::fuzz::decode_chunk_checked(*sp::fxc::chunk_kind(ifce ? "IFCE" : "STAT"), sp::Bytes(data + 1, size - 1),
                                       limits, ifce ? sp::fuzz::RoundTrip::relaid : sp::fuzz::RoundTrip::exact);
  return 0;
}
