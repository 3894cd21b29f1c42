// Differential: shaderprobe's decode of a DXBC container's program against
// vkd3d-shader 1.2's scan of the same container (tools/vkd3d_peer). When
// both read it, the descriptors the program declares and the input
// signature must agree (support/fxc_vkd3d_compare.h says what is
// compared; fuzz_fxc_vkd3d.deviations.md lists vkd3d's known
// differences). Nothing is asserted where either side rejects: vkd3d 1.2
// does not know every SM5 opcode and is stricter in places shaderprobe
// only warns (the deviations file lists what was seen). Programs vkd3d is
// known to crash on or to misread are not handed to it (deviations C1 to C4).
#include <cstdlib>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "fxc/chunks.h"
#include "support/fuzz_check.h"
#include "support/fxc_vkd3d_compare.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // vkd3d's fixme:/err: lines on stderr would bury libFuzzer's output.
  setenv("VKD3D_SHADER_DEBUG", "none", 0);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace dx = sp::dxc;
  std::vector<uint8_t> image(data, data + size);
  if (!dx::looks_like_container(image)) return 0;
  // vkd3d checks the MD5 digest on every call and cannot be told not to;
  // shaderprobe only warns about it. Signing every input as fxc does keeps
  // the mutations that matter, those of the program, in reach.
  dx::sign_container(image);
  const dx::ParseResult ours = dx::parse_container(image);
  if (!ours.ok()) return 0;

  const sp::Limits limits;
  // V7: vkd3d 1.2 reads the last program part of a container that has
  // several (each replaces the one before, "Multiple shader code chunks").
  for (size_t i = ours.container->parts.size(); i-- > 0;) {
    const dx::Part& part = ours.container->parts[i];
    const sp::fxc::ChunkKind* kind = sp::fxc::chunk_kind(sp::fourcc_text(part.fourcc));
    if (kind == nullptr || (kind->tag != "SHDR" && kind->tag != "SHEX")) continue;
    sp::Context ctx(limits, part.data.size());
    const sp::FieldPath root = sp::FieldPath::root(kind->tag);
    sp::fxc::Chunk chunk;
    if (!sp::fxc::parse_chunk(*kind, sp::fxc::ChunkScope{part.data, part.offset + 8, root, ctx}, chunk) ||
        ctx.failed() || sp::fuzz::vkd3d_would_crash(std::get<sp::fxc::Program>(chunk.model), ctx.warnings()))
      return 0;
    const sp::vkd3d_peer::ScanResult theirs = sp::vkd3d_peer::scan(image.data(), image.size());
    if (!theirs.ok) return 0;
    const std::string diff =
        sp::fuzz::compare_with_vkd3d(*ours.container, std::get<sp::fxc::Program>(chunk.model), theirs);
    sp::fuzz::check(diff.empty(), "shaderprobe and vkd3d-shader read different declarations", diff);
    return 0;
  }
  return 0;
}
