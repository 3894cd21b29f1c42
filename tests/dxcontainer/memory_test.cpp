// Hostile inputs under 1 MiB end in one clean `<file>: error:` line with
// exit status 1, and the `shaderprobe check` process peaks under 64 MiB
// resident, whatever limit is raised. Measured on the uninstrumented build: sanitizer shadow memory would swamp the number. The peak comes
// from GNU time, whose small process forks the CLI: a child spawned by this
// (large) test process would inherit the test's own high-water mark.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/containers.h"
#include "support/test_files.h"
#include "conformance/subprocess.h"

namespace sp::dxc {
namespace {

namespace fs = std::filesystem;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

constexpr long kLimitKib = 64 * 1024;

struct HostileFile {
  std::string name;
  std::vector<uint8_t> bytes;
  std::vector<std::string> extra_args;
  std::string error;  // what the error line holds
};

std::vector<HostileFile> cases() {
  std::vector<HostileFile> out;
  // A zlib bomb declaring 16 MiB (exactly the limit): inflated, then its
  // entries are found malformed; and one declaring 1 GiB: refused unread.
  const auto bomb = test::deflate(std::vector<uint8_t>(16u << 20, 0));
  out.push_back(
      {"bomb_at_limit", test::container_of({{"SRCI", test::srci(bomb, 16u << 20, 1)}}), {}, "unterminated_string "});
  out.push_back({"bomb_1g", test::container_of({{"SRCI", test::srci(bomb, 1u << 30, 1)}}), {}, "limit_exceeded "});
  // A 2.9 KB file declaring 4 GiB, with the limit raised to 4 GiB.
  // Memory follows the 3 MiB the stream holds (then the sizes disagree),
  // never the declared size (4.1 GB before).
  const auto small_bomb = test::deflate(std::vector<uint8_t>(3u << 20, 0));
  out.push_back({"srci_4g_declared_limit_raised", test::container_of({{"SRCI", test::srci(small_bomb, 0xFFFFFFFF, 1)}}),
                 {"--max-inflated-bytes", "4294967295"},
                 "size_mismatch at 120: parts[0].SRCI.sections[1].uncompressed_size: inflates to 3145728 bytes, "
                 "declared 4294967295"});
  // ~87,000 parts in under 1 MiB, with the part limit lifted.
  std::vector<test::RawPartSpec> parts(87000, test::RawPartSpec{"PRIV", {}});
  auto many = test::container_of(parts);
  // The last part's size runs past the end: the parse fails after reading
  // every part header.
  store_le_at<uint32_t>(many, many.size() - 4, 0x100);
  out.push_back({"87k_parts", many, {"--max-parts", "100000"}, "part_out_of_bounds "});
  // PartCount 0xFFFFFFFF with the limit lifted.
  auto count = test::container_of({{"PRIV", {}}});
  store_le_at<uint32_t>(count, 28, 0xFFFFFFFF);
  out.push_back({"part_count_max", count, {"--max-parts", "4294967295"}, "count_too_large "});
  // RTS0 parameters aliasing one big descriptor table.
  out.push_back({"rts0_aliasing", test::container_of({{"RTS0", test::rts0_aliased_tables(5000, 20000)}}), {},
                 "decode_budget_exceeded "});
  return out;
}

TEST(Memory, HostileInputsStayUnder64MiB) {
  if (kSanitized) GTEST_SKIP() << "RSS is meaningless under ASan";
  if (!fs::exists("/usr/bin/time")) GTEST_SKIP() << "GNU time not installed";
  const fs::path dir = test::scratch_path("memory_test");
  fs::create_directories(dir);
  for (const HostileFile& c : cases()) {
    ASSERT_LT(c.bytes.size(), 1u << 20) << c.name;
    const fs::path path = dir / c.name;
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(c.bytes.data()), static_cast<std::streamsize>(c.bytes.size()));
    const fs::path rss = dir / "rss";
    std::vector<std::string> argv = {"/usr/bin/time", "-f", "%M", "-o", rss.string(), SP_CLI, "check"};
    argv.insert(argv.end(), c.extra_args.begin(), c.extra_args.end());
    argv.push_back(path.string());
    const auto r = conform::run_command(argv);
    // GNU time writes "Command exited with non-zero status 1" first; the
    // peak (KiB) is the last line.
    std::ifstream in(rss);
    std::string line, last;
    while (std::getline(in, line))
      if (!line.empty()) last = line;
    const long max_rss_kib = std::stol(last.empty() ? "0" : last);
    EXPECT_GT(max_rss_kib, 0) << c.name;
    EXPECT_EQ(r.signal, 0) << c.name;
    EXPECT_EQ(r.exit_code, 1) << c.name;
    EXPECT_EQ(r.err.rfind(path.string() + ": error: ", 0), 0u) << c.name << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
    EXPECT_LT(max_rss_kib, kLimitKib) << c.name;
    EXPECT_NE(r.err.find(c.error), std::string::npos) << c.name << ": " << r.err;
    std::cout << c.name << ": " << c.bytes.size() << " bytes, peak RSS " << max_rss_kib << " KiB: "
              << r.err.substr(0, r.err.find('\n')) << "\n";
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sp::dxc
