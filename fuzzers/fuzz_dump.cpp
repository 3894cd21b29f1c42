// The printers behind `shaderprobe dump`, read through the registry as the
// CLI reads a file: JSON of every container the whole read accepts (with
// its DXIL / ILDB bitcode), and every dump its format offers (obj2yaml,
// read with LLVM's quirks), without a crash or a sanitizer report. Shares
// fuzz_dxcontainer's corpus; kept apart so the parser target does not spend
// most of its time formatting text.
#include "support/dxcontainer_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp::fuzz::check_printers(sp::Bytes(data, size));
  return 0;
}
