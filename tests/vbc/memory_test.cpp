// A count of 0xFFFFFFFF in any table of a
// VSL shader ends in one clean `error:` line (exit status 1), and the
// `shaderprobe check` process peaks under 64 MiB resident, as the
// DirectX container's hostile inputs do (tests/dxcontainer/memory_test.cpp
// says why the peak comes from GNU time, on the uninstrumented build).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "conformance/subprocess.h"
#include "conformance/vbc/builders.h"
#include "support/test_files.h"

namespace sp::vbc {
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

TEST(VbcMemory, CountsOf0xFFFFFFFFStayUnder64MiB) {
  if (kSanitized) GTEST_SKIP() << "RSS is meaningless under ASan";
  if (!fs::exists("/usr/bin/time")) GTEST_SKIP() << "GNU time not installed";
  Sections at;
  const std::vector<uint8_t> file = write_shader(build::sample("every_limit"), {}, &at);
  Shader old = build::sample("every_limit");
  old.uniform_layout = UniformLayout::old_u32;
  Sections old_at;
  const std::vector<uint8_t> old_file = write_shader(old, {}, &old_at);
  struct CountField {
    std::string name;
    const std::vector<uint8_t>* file;
    uint64_t count;
  };
  const std::vector<CountField> cases = {
      {"vertex_inputs", &file, at.vertex_inputs},    {"fragment_outputs", &file, at.fragment_outputs},
      {"bindings", &file, at.bindings},              {"uniform_members", &file, at.uniform + 4},
      {"subpass_inputs", &file, at.subpass_inputs},  {"old_uniform_size", &old_file, old_at.uniform},
      {"old_uniform_members", &old_file, old_at.uniform + 6},
  };
  const fs::path dir = sp::test::scratch_path("vbc_memory_test");
  fs::create_directories(dir);
  for (const CountField& c : cases) {
    std::vector<uint8_t> bytes = *c.file;
    store_le_at<uint32_t>(bytes, c.count, 0xFFFFFFFF);
    const fs::path path = dir / c.name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    const fs::path rss = dir / "rss";
    const auto r = conform::run_command({"/usr/bin/time", "-f", "%M", "-o", rss.string(), SP_CLI, "check", path.string()});
    std::ifstream in(rss);
    std::string line, last;
    while (std::getline(in, line))
      if (!line.empty()) last = line;
    const long max_rss_kib = std::stol(last.empty() ? "0" : last);
    EXPECT_GT(max_rss_kib, 0) << c.name;
    EXPECT_EQ(r.signal, 0) << c.name;
    EXPECT_EQ(r.exit_code, 1) << c.name;
    EXPECT_TRUE(r.err.starts_with(path.string() + ": error: ")) << c.name << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
    EXPECT_LT(max_rss_kib, kLimitKib) << c.name;
    std::cout << c.name << ": peak RSS " << max_rss_kib << " KiB: " << r.err.substr(0, r.err.find('\n')) << "\n";
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sp::vbc
