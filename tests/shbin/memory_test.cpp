// Hostile SHBINs (100,000 DVLEs, shared
// or distinct; 0xFFFFFFFF in every count; aliasing names) end cleanly
// (accepted, or one `error:` line with exit status 1) and `shaderprobe
// check` peaks under 64 MiB resident, measured as
// Memory.HostileInputsStayUnder64MiB measures the DXContainer's: on the
// uninstrumented build, by GNU time.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "conformance/shbin/builders.h"
#include "conformance/shbin/samples.h"
#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp::shbin {
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

struct Case {
  std::string name;
  std::vector<uint8_t> bytes;
  int exit_code;
};

std::vector<Case> cases() {
  std::vector<Case> out;
  // 100,000 offset table entries naming one DVLE (400 KB).
  Shbin shared = build::textured_quad(Layout::picasso);
  shared.dvle_of.assign(100000, 0);
  lay_out(shared, Layout::picasso);
  out.push_back({"100k_shared_dvles", write_shbin(shared), 0});
  // 100,000 distinct DVLEs (13.2 MB).
  Shbin distinct = build::textured_quad(Layout::picasso);
  const Dvle one = distinct.dvles[0];
  distinct.dvles.assign(100000, one);
  lay_out(distinct, Layout::picasso);
  out.push_back({"100k_dvles", write_shbin(distinct), 0});
  // Counts of 0xFFFFFFFF: the DVLE table, and every table of the DVLP and
  // of both DVLEs of the sample with line information.
  Shbin count = build::textured_quad(Layout::picasso);
  count.dvle_count = 0xFFFFFFFF;
  out.push_back({"dvle_count_max", write_shbin(count), 1});
  const Shbin all = build::sample("line_information_picasso");
  count = all;
  const size_t tables = build::tables(count).size();
  for (size_t k = 0; k < tables; ++k) {
    count = all;
    const build::Table t = build::tables(count)[k];
    t.ref->count = 0xFFFFFFFF;
    out.push_back({t.path + "_count_max", write_shbin(count), 1});
  }
  // 20,000 uniforms naming one 60,000-byte string: the decode budget.
  Shbin aliased = build::textured_quad(Layout::picasso);
  const Uniform projection = aliased.dvles[0].uniforms[0];
  aliased.dvles[0].uniforms.assign(20000, projection);
  aliased.dvles[0].uniforms[0].name = std::string(60000, 'n');
  lay_out(aliased, Layout::picasso);
  for (Uniform& u : aliased.dvles[0].uniforms) u.name_offset = 0;
  out.push_back({"aliased_names", write_shbin(aliased), 1});
  return out;
}

TEST(ShbinMemory, HostileInputsStayUnder64MiB) {
  if (kSanitized) GTEST_SKIP() << "RSS is meaningless under ASan";
  if (!fs::exists("/usr/bin/time")) GTEST_SKIP() << "GNU time not installed";
  const fs::path dir = test::scratch_path("shbin_memory_test");
  fs::create_directories(dir);
  for (const Case& c : cases()) {
    const fs::path path = dir / c.name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(c.bytes.data()), static_cast<std::streamsize>(c.bytes.size()));
    const fs::path rss = dir / "rss";
    const auto r = conform::run_command({"/usr/bin/time", "-f", "%M", "-o", rss.string(), SP_CLI, "check", path.string()});
    std::ifstream in(rss);
    std::string line, last;
    while (std::getline(in, line))
      if (!line.empty()) last = line;
    const long max_rss_kib = std::stol(last.empty() ? "0" : last);
    EXPECT_GT(max_rss_kib, 0) << c.name;
    EXPECT_EQ(r.signal, 0) << c.name;
    EXPECT_EQ(r.exit_code, c.exit_code) << c.name << ": " << r.err;
    if (c.exit_code == 1) {
      EXPECT_TRUE(r.err.starts_with(path.string() + ": error: ")) << c.name << ": " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.name << ": " << r.err;
    }
    EXPECT_LT(max_rss_kib, kLimitKib) << c.name;
    std::cout << c.name << ": " << c.bytes.size() << " bytes, peak RSS " << max_rss_kib << " KiB: "
              << (r.err.empty() ? r.out.substr(0, r.out.find('\n')) : r.err.substr(0, r.err.find('\n'))) << "\n";
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace sp::shbin
