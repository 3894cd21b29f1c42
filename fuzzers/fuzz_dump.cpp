// The printers behind `identify` and `dump`, read through the registry as
// the CLI reads a file (support/printer_checks.h): JSON of every file the
// whole read accepts (a container with its DXIL / ILDB bitcode and legacy
// fxc chunks), and every dump its format offers (obj2yaml, read with LLVM's
// quirks; the pica listing of a SHBIN), without a crash or a sanitizer
// report. Declared once per format whose printers are fuzzed apart from
// its parser target, sharing that target's corpus: fuzz_dump
// (fuzz_dxcontainer's), fuzz_shbin_dump (fuzz_shbin's). Kept apart so the
// parser targets do not spend most of their time formatting text.
#include "support/printer_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp::fuzz::check_printers(sp::Bytes(data, size));
  return 0;
}
