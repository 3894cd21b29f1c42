#include "program_bitcode.h"

#include "core/strings.h"

namespace sp::cli {

std::vector<ProgramBitcode> parse_program_bitcode(const dxc::Container& c, Bytes file, const Limits& limits) {
  std::vector<ProgramBitcode> out;
  for (size_t i = 0; i < c.parts.size(); ++i) {
    const dxc::Part& p = c.parts[i];
    const auto* program = dxc::content_if<dxc::Program>(p);
    if (program == nullptr) continue;
    ProgramBitcode pb;
    pb.part_index = i;
    pb.part = fourcc_text(p.fourcc);
    // SAFETY: the parser keeps spans into `file`, so the bitcode's offset is
    // the distance between their starts.
    const auto base = static_cast<uint64_t>(program->bitcode.data() - file.data());
    pb.result = bitcode::parse_bitcode(program->bitcode, limits, base);
    const std::string prefix = strprintf("parts[%zu].%s.bitcode", i, pb.part.c_str());
    auto reroot = [&](Diagnostic& d) { d.path = d.path.empty() ? prefix : prefix + "." + d.path; };
    if (pb.result.error) reroot(*pb.result.error);
    for (Diagnostic& w : pb.result.warnings) reroot(w);
    out.push_back(std::move(pb));
  }
  return out;
}

}  // namespace sp::cli
