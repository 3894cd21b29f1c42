// One DVLE of a SHBIN on its own: the header, the constant, label, output
// map, uniform and symbol tables and the names, reached without the fuzzer
// having to keep a DVLB and a DVLP intact in front of them.
//
// Input: one selector byte, the number of code words of the program the
// DVLE's main, endmain and labels refer to, then the DVLE's bytes (its
// header at 0, its tables at their offsets from it). The target reads it
// as the file support/shbin_checks.h's framed_dvle() makes of it (a fixed
// DVLB and DVLP in front: no offset of the DVLE can reach them), with every
// property of fuzz_shbin: the same result at another alignment, errors
// shaped, names inside their tables, write(parse(x)) == x, and on a
// hash-picked share the layouts, the listing and the printers. The tables
// are flat records at offsets, which libFuzzer's byte mutator and the
// dictionary reach on their own.
#include "support/shbin_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return -1;
  const std::vector<uint8_t> file = sp::fuzz::framed_dvle(data[0], sp::Bytes(data + 1, size - 1));
  (void)sp::fuzz::read_shbin_checked(file);
  return 0;
}
