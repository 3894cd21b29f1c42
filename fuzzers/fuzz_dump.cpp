// The printers behind `shaderprobe dump`: every container the parser
// accepts prints as obj2yaml-compatible YAML (read with LLVM's quirks, as
// `dump --format=obj2yaml` does) and, with its DXIL / ILDB bitcode, as JSON
// without a crash or a sanitizer report. Shares fuzz_dxcontainer's corpus;
// kept apart so the parser target does not spend most of its time
// formatting text.
#include "support/dxcontainer_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp::fuzz::check_printers(sp::Bytes(data, size));
  return 0;
}
