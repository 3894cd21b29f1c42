// RDAT (runtime data: header and table directory) on its own bytes; the input is the part's data.
#include "core/strings.h"
#include "support/part_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp::fuzz::run_part<sp::dxc::RuntimeData>(sp::make_fourcc('R', 'D', 'A', 'T'),
                                     sp::Bytes(data, size), sp::dxc::parse_runtime_data);
  return 0;
}
