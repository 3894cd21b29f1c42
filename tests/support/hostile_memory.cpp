#include "support/hostile_memory.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp::test {
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

// GNU time writes "Command exited with non-zero status 1" first; the peak
// (KiB) is the last line.
long peak_kib(const fs::path& rss) {
  std::ifstream in(rss);
  std::string line, last;
  while (std::getline(in, line))
    if (!line.empty()) last = line;
  return std::stol(last.empty() ? "0" : last);
}

}  // namespace

std::optional<std::string> peak_memory_unmeasurable() {
  if (kSanitized) return "RSS is meaningless under ASan";
  if (!fs::exists("/usr/bin/time")) return "GNU time not installed";
  return std::nullopt;
}

void expect_hostile_files_stay_small(const std::string& cli, const std::string& scratch,
                                     const std::vector<HostileFile>& files) {
  const fs::path dir = scratch_path(scratch);
  fs::create_directories(dir);
  for (const HostileFile& c : files) {
    const fs::path path = dir / c.name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(c.bytes.data()), static_cast<std::streamsize>(c.bytes.size()));
    const fs::path rss = dir / "rss";
    std::vector<std::string> argv = {"/usr/bin/time", "-f", "%M", "-o", rss.string(), cli, "check"};
    argv.insert(argv.end(), c.extra_args.begin(), c.extra_args.end());
    argv.push_back(path.string());
    const auto r = conform::run_command(argv);
    const long max_rss_kib = peak_kib(rss);
    EXPECT_GT(max_rss_kib, 0) << c.name;
    EXPECT_EQ(r.signal, 0) << c.name;
    EXPECT_EQ(r.exit_code, c.exit_code) << c.name << ": " << r.err;
    if (c.exit_code == 1) {
      EXPECT_TRUE(r.err.starts_with(path.string() + ": error: ")) << c.name << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
      EXPECT_NE(r.err.find(c.error), std::string::npos) << c.name << ": " << r.err;
    }
    EXPECT_LT(max_rss_kib, kHostileMemoryLimitKib) << c.name;
    std::cout << c.name << ": " << c.bytes.size() << " bytes, peak RSS " << max_rss_kib << " KiB: "
              << (r.err.empty() ? r.out.substr(0, r.out.find('\n')) : r.err.substr(0, r.err.find('\n'))) << "\n";
  }
  fs::remove_all(dir);
}

}  // namespace sp::test
