// RDEF, the reflection data of a legacy fxc container, on its own bytes.
//
// Input: one selector byte, then the chunk's data. Bit 0 set reads with
// max_depth 4 (the type walk's depth bound is then reached by a chain of
// five types, where the default 64 takes sixty-five, which mutations
// rarely build); the other bits are ignored.
//
// Properties: those of every legacy fxc chunk target (support/fxc_checks.h:
// the same result at another alignment, errors shaped, describe), and the
// exact round trip: the model keeps every record at its offset and every
// byte no record claims, so write(decode(x)) == x even where records share
// what they point at.
#include "support/fxc_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return -1;
  sp::Limits limits;
  if ((data[0] & 1) != 0) limits.max_depth = 4;
  (void)sp::fuzz::decode_chunk_checked(*sp::fxc::chunk_kind("RDEF"), sp::Bytes(data + 1, size - 1), limits);
  return 0;
}
