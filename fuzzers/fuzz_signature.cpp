// Signature parts on their own bytes.
//
// Input: one selector byte, then the part's data. selector % 3 picks the
// element layout: 0 ISG1/OSG1/PSG1 (32 bytes), 1 fxc's ISGN/OSGN/PCSG (24),
// 2 OSG5 (28).
#include "core/strings.h"
#include "support/part_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sp::make_fourcc;
  using sp::dxc::SignatureLayout;
  if (size < 1) return -1;
  static constexpr struct {
    SignatureLayout layout;
    uint32_t fourcc;
  } kKinds[] = {{SignatureLayout::sg1, make_fourcc('I', 'S', 'G', '1')},
                {SignatureLayout::legacy, make_fourcc('I', 'S', 'G', 'N')},
                {SignatureLayout::osg5, make_fourcc('O', 'S', 'G', '5')}};
  const auto& kind = kKinds[data[0] % 3];
  sp::fuzz::run_part<sp::dxc::Signature>(kind.fourcc, sp::Bytes(data + 1, size - 1),
                                         [&](const sp::dxc::PartScope& s, sp::dxc::Signature& out) {
                                           return sp::dxc::parse_signature(s, kind.layout, out);
                                         });
  return 0;
}
