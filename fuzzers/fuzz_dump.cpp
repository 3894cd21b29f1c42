// The printers behind `shaderprobe dump`: every container the parser
// accepts (read with LLVM's quirks, as `dump --format=obj2yaml` does) prints
// as JSON and as obj2yaml-compatible YAML without a crash or a sanitizer
// report. Shares fuzz_dxcontainer's corpus; kept apart so the parser target
// does not spend most of its time formatting text.
#include "dxcontainer/obj2yaml.h"
#include "support/dxcontainer_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::dxc::ParseResult r = sp::dxc::parse_container(sp::Bytes(data, size), sp::dxc::with_llvm_quirks({}));
  if (r.ok()) sp::fuzz::check_printers(r);
  return 0;
}
