#include "dxil/shader_file.h"

#include "core/strings.h"

namespace sp::dxil {

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

ShaderFile parse_shader_file(Bytes input, const dxc::ParseOptions& options) {
  ShaderFile f;
  f.container = dxc::parse_container(input, options);
  f.error = f.container.error;
  f.warnings = f.container.warnings;
  if (!f.container.ok()) return f;
  f.programs = parse_program_bitcode(*f.container.container, input, options.limits);
  for (const ProgramBitcode& pb : f.programs) {
    f.warnings.insert(f.warnings.end(), pb.result.warnings.begin(), pb.result.warnings.end());
    if (!f.error && pb.result.error) f.error = pb.result.error;
  }
  return f;
}

}  // namespace sp::dxil
