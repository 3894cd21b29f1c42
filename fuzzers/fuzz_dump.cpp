// The printers behind `identify` and `dump`, read through the registry as
// the CLI reads a file (support/printer_checks.h): JSON of every file the
// whole read accepts (a container with its DXIL / ILDB bitcode and legacy
// fxc chunks), and every dump its format offers (obj2yaml, read with LLVM's
// quirks), or, for an input no probe recognises, every dump a format
// offers by name, without a crash or a sanitizer report; and what the
// other commands take from the registry (support/registry_checks.h). It
// reads fuzz_dxcontainer's corpus, kept apart so that target does not
// spend most of its time formatting text. (fuzz_shbin and fuzz_vbc print a
// hash-picked share of their own inputs instead.)
#include "support/printer_checks.h"
#include "support/registry_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  sp::fuzz::check_printers(input);
  sp::fuzz::check_registry_read(input);
  return 0;
}
