// A whole Nintendo 3DS shader binary (SHBIN: DVLB, DVLP, DVLEs), as `check`
// and `dump` read one.
//
// Properties (support/shbin_checks.h): the same error, warnings and model
// at another alignment; errors shaped (a known code, an offset inside the
// file, a path); every name ends inside its table; write(parse(x)) == x;
// and on a share of the inputs, picked by a hash of their bytes:
// parse(write(m)) == m for the model laid out again in picasso's and
// nihstro's layouts (one in 8), the pica listing of the model ends (one in
// 64), and identify, json and the listing end as the CLI runs them (one in
// 1,024).
// Under libFuzzer it mutates the decoded model (support/shbin_mutator.h).
#include "support/shbin_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  (void)sp::fuzz::read_shbin_checked(sp::Bytes(data, size));
  return 0;
}
