// fuzz_fxc_vkd3d's comparison over the real fxc files: wherever both
// shaderprobe and vkd3d-shader 1.2 read a file, they agree on its
// descriptors and input signature (fuzz_fxc_vkd3d.deviations.md lists what
// is left out and why).
#include <gtest/gtest.h>

#include <cstdlib>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "fxc/builder.h"
#include "fxc/chunks.h"
#include "support/fxc_vkd3d_compare.h"
#include "support/test_files.h"

namespace sp::fxc {
namespace {

TEST(FxcVkd3d, RealFilesAgreeWhereBothRead) {
  setenv("VKD3D_SHADER_DEBUG", "none", 0);
  size_t compared = 0, descriptors = 0;
  for (const auto& path : test::external_containers()) {
    const auto file = test::read_file(path);
    const dxc::ParseResult ours = dxc::parse_container(file);
    ASSERT_TRUE(ours.ok()) << path;
    const vkd3d_peer::ScanResult theirs = vkd3d_peer::scan(file.data(), file.size());
    if (!theirs.ok) continue;  // the six files vkd3d 1.2 cannot read (docs/formats/vkd3d-peer.md)
    for (const dxc::Part& part : ours.container->parts) {
      const ChunkKind* kind = chunk_kind(fourcc_text(part.fourcc));
      if (kind == nullptr || (kind->tag != "SHDR" && kind->tag != "SHEX")) continue;
      const Limits limits;
      Context ctx(limits, part.data.size());
      const FieldPath root = FieldPath::root(kind->tag);
      Chunk chunk;
      ASSERT_TRUE(parse_chunk(*kind, ChunkScope{part.data, part.offset + 8, root, ctx}, chunk)) << path;
      const auto& program = std::get<Program>(chunk.model);
      EXPECT_EQ(fuzz::compare_with_vkd3d(*ours.container, program, theirs), "") << path;
      descriptors += fuzz::declared_descriptors(program).size();
      ++compared;
      break;
    }
  }
  if (compared == 0) GTEST_SKIP() << "no ../shared/external";
  // 249 of the 255 files scan (docs/formats/vkd3d-peer.md, 408 descriptors).
  EXPECT_EQ(compared, 249u);
  EXPECT_EQ(descriptors, 408u);
}

// Deviations C1 and C2: a compute shader whose imm_atomic_alloc counts u1
// when only u0 is declared, or r1, no UAV at all. The fuzz target keeps
// them from vkd3d, and vkd3d 1.2 indeed crashes on them (in a child
// process).
std::vector<uint8_t> uav_counter(const build::Arg& counted) {
  using namespace build;
  Builder b(ProgramType::compute, 5, 0);
  b.dcl_uav_structured(0, 4);
  b.dcl_temps(1);
  b.dcl_thread_group(1, 1, 1);
  b.emit(Opcode::imm_atomic_alloc, {temp(0).mask("x"), counted});
  b.emit(Opcode::ret);
  return container_of(b.program());
}

bool would_crash(const std::vector<uint8_t>& file) {
  const dxc::ParseResult ours = dxc::parse_container(file);
  EXPECT_TRUE(ours.ok());
  for (const dxc::Part& part : ours.container->parts) {
    const ChunkKind* kind = chunk_kind(fourcc_text(part.fourcc));
    if (kind == nullptr || kind->tag != "SHEX") continue;
    const Limits limits;
    Context ctx(limits, part.data.size());
    const FieldPath root = FieldPath::root(kind->tag);
    Chunk chunk;
    EXPECT_TRUE(parse_chunk(*kind, ChunkScope{part.data, part.offset + 8, root, ctx}, chunk));
    return fuzz::vkd3d_would_crash(std::get<Program>(chunk.model), ctx.warnings());
  }
  ADD_FAILURE() << "no SHEX part";
  return false;
}

TEST(FxcVkd3d, CountingWhatIsNoDeclaredUavCrashesVkd3d) {
  setenv("VKD3D_SHADER_DEBUG", "none", 0);
  const std::vector<uint8_t> declared = uav_counter(build::uav(0));
  EXPECT_FALSE(would_crash(declared));
  EXPECT_TRUE(vkd3d_peer::scan(declared.data(), declared.size()).ok);
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  for (const std::vector<uint8_t>& file : {uav_counter(build::uav(1)), uav_counter(build::temp(1))}) {
    EXPECT_TRUE(would_crash(file));
    EXPECT_DEATH((void)vkd3d_peer::scan(file.data(), file.size()), "");
  }
}

// Deviation C3: the program fuzz_fxc_vkd3d found, an index in 64 bits that
// vkd3d 1.2 reads as 32 and then misreads the instruction: kept from vkd3d
// by the target, and indeed a crash of vkd3d's.
TEST(FxcVkd3d, IndexIn64BitsIsMisreadByVkd3d) {
  setenv("VKD3D_SHADER_DEBUG", "none", 0);
  std::vector<uint8_t> file =
      test::read_file(std::string(SP_SOURCE_DIR) + "/corpus/regressions/dxcontainer/vkd3d-index-imm64-misread");
  ASSERT_FALSE(file.empty());
  dxc::sign_container(file);  // as the target does: vkd3d checks the digest first
  EXPECT_TRUE(would_crash(file));
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH((void)vkd3d_peer::scan(file.data(), file.size()), "");
}

// Deviation C4: the program fuzz_fxc_vkd3d found, a dcl_function_table
// whose length is in a length word (its token's 7-bit field 127): vkd3d
// 1.2 reads 5 bits of it, 31, steps over the dcl_constantbuffer after it
// and reports no descriptor where shaderprobe reads one. Kept from vkd3d
// by the target.
TEST(FxcVkd3d, LengthsOfMoreThanFiveBitsAreMisreadByVkd3d) {
  setenv("VKD3D_SHADER_DEBUG", "none", 0);
  std::vector<uint8_t> file =
      test::read_file(std::string(SP_SOURCE_DIR) + "/corpus/regressions/dxcontainer/vkd3d-function-table-length-word");
  ASSERT_FALSE(file.empty());
  dxc::sign_container(file);
  EXPECT_TRUE(would_crash(file));
  const vkd3d_peer::ScanResult theirs = vkd3d_peer::scan(file.data(), file.size());
  ASSERT_TRUE(theirs.ok) << theirs.messages;
  EXPECT_TRUE(theirs.descriptors.empty());
}

}  // namespace
}  // namespace sp::fxc
