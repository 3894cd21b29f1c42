// The small fixed-layout parts on their own bytes: DXIL and ILDB programs,
// HASH, SFI0, ILDN and VERS.
//
// Input: one selector byte, then the part's data. selector % 6 picks the
// part: 0 DXIL, 1 ILDB, 2 HASH, 3 SFI0, 4 ILDN, 5 VERS (seeds_dxcontainer
// writes its seeds in this order).
//
// In a whole container a read a few bytes past one of these parts lands in
// the next part or the container's tail and goes unseen; here the data ends
// where libFuzzer's exact-size buffer ends, so ASan reports a digest, name
// or string list read one byte too far.
#include "core/strings.h"
#include "support/part_target.h"

namespace {

template <typename T, typename Parse>
void run(const char (&fourcc)[5], sp::Bytes data, Parse parse) {
  sp::fuzz::run_part<T>(sp::make_fourcc(fourcc[0], fourcc[1], fourcc[2], fourcc[3]), data, parse);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sp::dxc;
  if (size < 1) return -1;
  const sp::Bytes part(data + 1, size - 1);
  switch (data[0] % 6) {
    case 0: run<Program>("DXIL", part, parse_program); break;
    case 1: run<Program>("ILDB", part, parse_program); break;
    case 2: run<ShaderHash>("HASH", part, parse_shader_hash); break;
    case 3: run<FeatureInfo>("SFI0", part, parse_feature_info); break;
    case 4: run<DebugName>("ILDN", part, parse_debug_name); break;
    default: run<CompilerVersion>("VERS", part, parse_compiler_version); break;
  }
  return 0;
}
