#include "dxcontainer/digest.h"

#include <gtest/gtest.h>

#include <vector>

#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

Digest stored_digest(const std::vector<uint8_t>& file) {
  Digest d{};
  std::copy(file.begin() + 4, file.begin() + 20, d.begin());
  return d;
}

// Both padding branches (tail < 56 and >= 56 bytes) and the empty input are
// covered by real files of many sizes; these check the sentinels and that a
// one-byte edit is caught.
TEST(Digest, Sentinels) {
  Digest computed{};
  computed[0] = 9;
  Digest zero{}, ones{}, twos{};
  ones.fill(1);
  twos.fill(2);
  EXPECT_EQ(classify_digest(zero, computed), DigestState::unsigned_);
  EXPECT_EQ(classify_digest(ones, computed), DigestState::bypass);
  EXPECT_EQ(classify_digest(twos, computed), DigestState::preview);
  EXPECT_EQ(classify_digest(computed, computed), DigestState::match);
  Digest other = computed;
  other[15] = 1;
  EXPECT_EQ(classify_digest(other, computed), DigestState::mismatch);
}

TEST(Digest, MatchesEverySignedExternalFile) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  size_t signed_files = 0, tails_below_56 = 0, tails_above_56 = 0;
  for (const auto& path : files) {
    const auto file = test::read_file(path);
    const Digest stored = stored_digest(file);
    const Digest computed = compute_digest(file);
    const DigestState state = classify_digest(stored, computed);
    if (state == DigestState::unsigned_) continue;
    EXPECT_EQ(state, DigestState::match) << path;
    ++signed_files;
    ((file.size() - 20) % 64 < 56 ? tails_below_56 : tails_above_56)++;
  }
  EXPECT_GT(signed_files, 300u);
  EXPECT_GT(tails_below_56, 0u);
  EXPECT_GT(tails_above_56, 0u);
}

TEST(Digest, DetectsAOneByteChange) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  auto file = test::read_file(files.front());
  file.back() ^= 0x40;
  EXPECT_EQ(classify_digest(stored_digest(file), compute_digest(file)), DigestState::mismatch);
}

}  // namespace
}  // namespace sp::dxc
