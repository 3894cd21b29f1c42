// RTS0 (root signature 1.0, 1.1, 1.2) on its own bytes; the input is the part's data.
#include "core/strings.h"
#include "support/part_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  sp::fuzz::run_part<sp::dxc::RootSignature>(sp::make_fourcc('R', 'T', 'S', '0'),
                                     sp::Bytes(data, size), sp::dxc::parse_root_signature);
  return 0;
}
