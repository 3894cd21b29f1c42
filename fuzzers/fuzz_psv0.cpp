// PSV0 (pipeline state validation) on its own bytes.
//
// Input: one selector byte, then the part's data. The selector stands in for
// what the container would supply: bits 0-3 the DXIL part's shader kind
// (PSV0 v0 has no stage of its own), bit 4 "no DXIL part", bit 5 LLVM's
// mesh-shader layout quirk (parsed only: the writer writes DXC's layout, so
// the round trip is checked without the quirk).
#include "core/strings.h"
#include "support/part_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return -1;
  const uint8_t selector = data[0];
  std::optional<uint16_t> dxil_kind;
  if ((selector & 0x10) == 0) dxil_kind = static_cast<uint16_t>(selector & 0x0F);
  sp::dxc::PsvQuirks quirks;
  quirks.llvm_mesh_layout = (selector & 0x20) != 0;
  sp::fuzz::run_part<sp::dxc::Psv>(sp::make_fourcc('P', 'S', 'V', '0'), sp::Bytes(data + 1, size - 1),
                                   [&](const sp::dxc::PartScope& s, sp::dxc::Psv& out) {
                                     return sp::dxc::parse_psv(s, dxil_kind, quirks, out);
                                   },
                                   !quirks.llvm_mesh_layout);
  return 0;
}
