// SRCI (embedded source, zlib-compressed or stored) on its own bytes; the input is the part's data.
#include "core/strings.h"
#include "support/part_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp::fuzz::run_part<sp::dxc::SourceInfo>(sp::make_fourcc('S', 'R', 'C', 'I'),
                                     sp::Bytes(data, size), sp::dxc::parse_source_info);
  return 0;
}
