// The DXIL module behind a container, read as `check` reads it: the
// container, its DXIL part's bitcode and metadata, the DXIL view and the
// checks of the parts against it (parsers/dxil/checks.h), with the same
// findings at another alignment and a JSON dump of every file the read
// accepts. Structure-aware: the container's parts and the module's
// bitstream, metadata included, are edited in place
// (support/dxil_mutator.h).
#include "formats/read.h"
#include "formats/registry.h"
#include "support/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::formats::Format& container = *sp::formats::find("dxcontainer");
  const sp::formats::FileRead a = sp::formats::read(container, input);
  const sp::fuzz::MisalignedCopy moved(input);
  const sp::formats::FileRead b = sp::formats::read(container, moved.bytes());
  sp::fuzz::check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  if (a.error) sp::fuzz::check_diagnostic_shape(*a.error, size);
  for (const sp::Diagnostic& w : a.warnings) sp::fuzz::check_diagnostic_shape(w, size);
  if (a.ok()) sp::fuzz::check(!sp::formats::describe(a).dump().empty(), "dump --format=json printed nothing");
  return 0;
}
