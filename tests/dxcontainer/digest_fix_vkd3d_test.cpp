// `shaderprobe digest` reports `match` for every
// signed external file, and `digest --fix` output is accepted by
// vkd3d-compiler (which verifies the digest) wherever the original is.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

namespace fs = std::filesystem;

const std::string kVkd3d = "/usr/bin/vkd3d-compiler";

bool vkd3d_accepts(const fs::path& file) {
  return conform::run_command({kVkd3d, "-x", "dxbc-tpf", "-o", "/dev/null", file.string()}).ok();
}

void write(const fs::path& path, const std::vector<uint8_t>& bytes) {
  std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

TEST(DigestCli, FirstLineIsMatchForEverySignedFile) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  size_t matched = 0;
  for (const auto& f : files) {
    const auto r = conform::run_command({SP_CLI, "digest", f.string()});
    ASSERT_EQ(r.exit_code, 0) << f;
    const std::string first = r.out.substr(0, r.out.find('\n'));
    if (first == "unsigned") continue;  // one dxc file is not signed
    EXPECT_EQ(first, "match") << f;
    ++matched;
  }
  EXPECT_GE(matched, files.size() - 1);
}

// Break the digest (or the signed bytes), fix it, and ask vkd3d.
TEST(DigestCli, FixedFilesAreAcceptedByVkd3d) {
  if (!fs::exists(kVkd3d)) GTEST_SKIP() << "vkd3d-compiler not installed";
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  const fs::path dir = test::scratch_path("digest_fix");
  fs::create_directories(dir);
  size_t checked = 0;
  for (const auto& f : files) {
    if (!vkd3d_accepts(f)) continue;  // DXIL and shaders vkd3d 1.2 cannot compile
    auto bytes = test::read_file(f);
    // 1. A damaged digest: vkd3d refuses it, --fix restores the original.
    auto broken = bytes;
    broken[9] ^= 0x5A;
    const fs::path damaged = dir / "damaged.dxbc", fixed = dir / "fixed.dxbc";
    write(damaged, broken);
    EXPECT_FALSE(vkd3d_accepts(damaged)) << f;
    auto r = conform::run_command({SP_CLI, "digest", "--fix", "-o", fixed.string(), damaged.string()});
    ASSERT_EQ(r.exit_code, 0) << f;
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "mismatch");
    EXPECT_EQ(test::read_file(fixed), bytes) << f;
    EXPECT_TRUE(vkd3d_accepts(fixed)) << f;
    // 2. Edited content (the last byte of the file, inside the last part):
    //    re-signing in place makes vkd3d check the new bytes, not reject.
    auto edited = bytes;
    edited.back() ^= 0x01;
    write(damaged, edited);
    r = conform::run_command({SP_CLI, "digest", "--fix", damaged.string()});
    ASSERT_EQ(r.exit_code, 0);
    r = conform::run_command({SP_CLI, "digest", damaged.string()});
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "match") << f;
    ++checked;
  }
  fs::remove_all(dir);
  std::cout << checked << " files accepted by vkd3d-compiler before and after --fix\n";
  EXPECT_GT(checked, 100u);
}

TEST(DigestCli, NotAContainerExitsOne) {
  const fs::path path = test::scratch_path("not_a_container");
  write(path, {'N', 'O', 'P', 'E'});
  const auto r = conform::run_command({SP_CLI, "digest", path.string()});
  EXPECT_EQ(r.exit_code, 1);
  fs::remove(path);
}

}  // namespace
}  // namespace sp::dxc
