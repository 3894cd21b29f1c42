// What the model's tokens say, beyond their bit fields.
#include "d3d9/program.h"

#include "core/strings.h"

namespace sp::d3d9 {

std::string version_name(const Version& v) {
  const std::string minor = v.minor() == 1 ? "x" : v.minor() == 0xFF ? "sw" : std::to_string(v.minor());
  return strprintf("%s_%u_%s", v.pixel() ? "ps" : "vs", v.major(), minor.c_str());
}

Operands operands_of(const Instruction& in, const OpcodeInfo& info, const Version& version) {
  Operands out;
  size_t next = 0;
  for (const Item item : layout_of(info, version.sm3(), in.predicated())) {
    if (item == Item::word || next >= in.params.size()) continue;
    const Parameter* p = &in.params[next++];
    switch (item) {
      case Item::destination:
        out.destination = p;
        break;
      case Item::predicate:
        out.predicate = p;
        break;
      default:
        out.sources.push_back(p);
        break;
    }
  }
  return out;
}

}  // namespace sp::d3d9
