// A container re-signed (dxc::sign_container, what `digest --fix` stores)
// is accepted by vkd3d-compiler, which verifies the digest, wherever the
// original is; `shaderprobe digest` prints the state first and stores the
// fix in place or into --output. The files go through the library and the
// command is tested on one of them: a process under a sanitizer costs
// more to start than the digest of a file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "conformance/subprocess.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
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

DigestState state_of(const std::vector<uint8_t>& bytes) {
  const std::optional<Header> header = read_header(bytes);
  if (!header) throw std::runtime_error("no container header");
  return classify_digest(header->digest, compute_digest(signed_extent(bytes)));
}

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// Break the digest (or the signed bytes), re-sign, and ask vkd3d.
TEST(Digest, ReSignedFilesAreAcceptedByVkd3d) {
  if (!fs::exists(kVkd3d)) GTEST_SKIP() << "vkd3d-compiler not installed";
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  const fs::path dir = test::scratch_path("digest_fix");
  fs::create_directories(dir);
  const fs::path scratch = dir / "container.dxbc";
  size_t checked = 0;
  for (const auto& f : files) {
    if (!vkd3d_accepts(f)) continue;  // DXIL and shaders vkd3d 1.2 cannot compile
    const auto bytes = test::read_file(f);
    // 1. A damaged digest: vkd3d refuses it, re-signing restores the original.
    auto broken = bytes;
    broken[9] ^= 0x5A;
    write(scratch, broken);
    EXPECT_FALSE(vkd3d_accepts(scratch)) << f;
    EXPECT_EQ(state_of(broken), DigestState::mismatch) << f;
    sign_container(broken);
    EXPECT_EQ(broken, bytes) << f;
    // 2. Edited content (the last byte of the file, inside the last part):
    //    re-signed, the digest is that of the new bytes.
    auto edited = bytes;
    edited.back() ^= 0x01;
    EXPECT_EQ(state_of(edited), DigestState::mismatch) << f;
    sign_container(edited);
    EXPECT_EQ(state_of(edited), DigestState::match) << f;
    ++checked;
  }
  fs::remove_all(dir);
  std::cout << checked << " files accepted by vkd3d-compiler before and after re-signing\n";
  EXPECT_GT(checked, 100u);
}

TEST(DigestCli, PrintsTheStateFirstAndStoresTheFixInPlaceOrIntoOutput) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  const auto bytes = test::read_file(files.front());
  ASSERT_EQ(state_of(bytes), DigestState::match) << files.front();
  const fs::path dir = test::scratch_path("digest_cli");
  fs::create_directories(dir);
  const fs::path damaged = dir / "damaged.dxbc", fixed = dir / "fixed.dxbc";

  auto r = conform::run_command({SP_CLI, "digest", files.front().string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(first_line(r.out), "match");

  auto broken = bytes;
  broken[9] ^= 0x5A;
  write(damaged, broken);
  r = conform::run_command({SP_CLI, "digest", "--fix", "-o", fixed.string(), damaged.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(first_line(r.out), "mismatch");
  EXPECT_EQ(test::read_file(fixed), bytes);
  EXPECT_EQ(test::read_file(damaged), broken);  // --output leaves the input alone

  r = conform::run_command({SP_CLI, "digest", "--fix", damaged.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_file(damaged), bytes);
  fs::remove_all(dir);
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
