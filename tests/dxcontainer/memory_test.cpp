// Hostile DXContainers under 1 MiB end in one clean `<file>: error:` line
// with exit status 1, and `shaderprobe check` peaks under 64 MiB resident,
// whatever limit is raised (support/hostile_memory.h says how it is
// measured).
#include <gtest/gtest.h>

#include "support/containers.h"
#include "support/hostile_memory.h"

namespace sp::dxc {
namespace {

std::vector<test::HostileFile> cases() {
  std::vector<test::HostileFile> out;
  // A zlib bomb declaring 16 MiB (exactly the limit): inflated, then its
  // entries are found malformed; and one declaring 1 GiB: refused unread.
  const auto bomb = test::deflate(std::vector<uint8_t>(16u << 20, 0));
  out.push_back({"bomb_at_limit", test::container_of({{"SRCI", test::srci(bomb, 16u << 20, 1)}}), {}, 1,
                 "unterminated_string "});
  out.push_back({"bomb_1g", test::container_of({{"SRCI", test::srci(bomb, 1u << 30, 1)}}), {}, 1, "limit_exceeded "});
  // A 2.9 KB file declaring 4 GiB, with the limit raised to 4 GiB.
  // Memory follows the 3 MiB the stream holds (then the sizes disagree),
  // never the declared size (4.1 GB before).
  const auto small_bomb = test::deflate(std::vector<uint8_t>(3u << 20, 0));
  out.push_back({"srci_4g_declared_limit_raised", test::container_of({{"SRCI", test::srci(small_bomb, 0xFFFFFFFF, 1)}}),
                 {"--max-inflated-bytes", "4294967295"}, 1,
                 "size_mismatch at 120: parts[0].SRCI.sections[1].uncompressed_size: inflates to 3145728 bytes, "
                 "declared 4294967295"});
  // ~87,000 parts in under 1 MiB, with the part limit lifted.
  std::vector<test::RawPartSpec> parts(87000, test::RawPartSpec{"PRIV", {}});
  auto many = test::container_of(parts);
  // The last part's size runs past the end: the parse fails after reading
  // every part header.
  store_le_at<uint32_t>(many, many.size() - 4, 0x100);
  out.push_back({"87k_parts", many, {"--max-parts", "100000"}, 1, "part_out_of_bounds "});
  // PartCount 0xFFFFFFFF with the limit lifted.
  auto count = test::container_of({{"PRIV", {}}});
  store_le_at<uint32_t>(count, 28, 0xFFFFFFFF);
  out.push_back({"part_count_max", count, {"--max-parts", "4294967295"}, 1, "count_too_large "});
  // RTS0 parameters aliasing one big descriptor table.
  out.push_back({"rts0_aliasing", test::container_of({{"RTS0", test::rts0_aliased_tables(5000, 20000)}}), {}, 1,
                 "decode_budget_exceeded "});
  return out;
}

TEST(Memory, HostileInputsStayUnder64MiB) {
  if (const auto why = test::peak_memory_unmeasurable()) GTEST_SKIP() << *why;
  const std::vector<test::HostileFile> files = cases();
  for (const test::HostileFile& c : files) ASSERT_LT(c.bytes.size(), 1u << 20) << c.name;
  test::expect_hostile_files_stay_small(SP_CLI, "memory_test", files);
}

}  // namespace
}  // namespace sp::dxc
