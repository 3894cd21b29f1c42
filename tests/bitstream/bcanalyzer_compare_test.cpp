// `dump --format=bcanalyzer` is byte-identical to
// `llvm-bcanalyzer-22 -dump` up to its "Summary of" section, for the
// bitcode the build generates from tests/data/bitcode/src (clang-22 and
// clang-14 at -O0, -O2 and -g; a wrapped Darwin file; an llvm-cat-22 -b
// multi-module file) and for the DXIL bitcode of every dxc container in
// ../shared/external/vkd3d-proton. Skips when llvm-bcanalyzer-22 is absent.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "bitcode/bcanalyzer.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::bitcode {
namespace {

namespace fs = std::filesystem;

bool have_bcanalyzer() { return std::string(SP_BCANALYZER).size() > 0; }

// llvm-bcanalyzer-22 -dump's stdout before "Summary of".
std::string reference_dump(const fs::path& file) {
  const std::string cmd = std::string(SP_BCANALYZER) + " -dump '" + file.string() + "' 2>/dev/null";
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) return out;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  const size_t summary = out.find("Summary of ");
  return summary == std::string::npos ? out : out.substr(0, summary);
}

// The first line where two dumps differ, for the failure message.
std::string first_difference(const std::string& a, const std::string& b) {
  size_t i = 0;
  while (i < a.size() && i < b.size() && a[i] == b[i]) ++i;
  const size_t line = a.rfind('\n', i == 0 ? 0 : i - 1);
  const size_t from = line == std::string::npos ? 0 : line + 1;
  return "llvm: " + a.substr(from, a.find('\n', from) - from) + "\nours: " + b.substr(from, b.find('\n', from) - from);
}

void expect_identical(Bytes bitcode, const fs::path& on_disk, const std::string& label) {
  Limits limits;
  Context ctx(limits, bitcode.size());
  std::string ours;
  ASSERT_TRUE(dump_bcanalyzer(bitcode, ctx, ours)) << label << ": " << ctx.error()->to_string();
  const std::string theirs = reference_dump(on_disk);
  ASSERT_FALSE(theirs.empty()) << label;
  EXPECT_TRUE(ours == theirs) << label << "\n" << first_difference(theirs, ours);
}

TEST(BcanalyzerCompare, GeneratedBitcode) {
  if (!have_bcanalyzer()) GTEST_SKIP() << "llvm-bcanalyzer-22 is not installed";
  if (!fs::is_directory(SP_BITCODE_DIR)) GTEST_SKIP() << "no bitcode was generated (clang-22 is not installed)";
  size_t compared = 0, wrapped = 0, multi = 0, clang14 = 0;
  for (const auto& e : fs::directory_iterator(SP_BITCODE_DIR)) {
    if (e.path().extension() != ".bc") continue;
    const auto bytes = test::read_file(e.path());
    expect_identical(bytes, e.path(), e.path().filename().string());
    ++compared;
    const std::string name = e.path().filename().string();
    wrapped += name.starts_with("wrapped") ? 1u : 0u;
    multi += name.starts_with("multi") ? 1u : 0u;
    clang14 += name.starts_with("clang-14") ? 1u : 0u;
  }
  // clang-22: 10 sources x 3 flag sets, the wrapped and the multi-module file.
  EXPECT_GE(compared, 32u);
  EXPECT_EQ(wrapped, 1u);
  EXPECT_EQ(multi, 1u);
  if (std::string(SP_HAVE_CLANG14) == "1") {
    EXPECT_EQ(clang14, 30u);
  }
  std::printf("compared %zu generated bitcode files (%zu from clang-14)\n", compared, clang14);
}

TEST(BcanalyzerCompare, DxilBitcodeOfExternalContainers) {
  if (!have_bcanalyzer()) GTEST_SKIP() << "llvm-bcanalyzer-22 is not installed";
  const auto files = test::external_files("vkd3d-proton", ".dxbc");
  if (files.empty()) GTEST_SKIP() << "../shared/external/vkd3d-proton is absent";
  // Per-process name: other checkouts on the machine share /tmp.
  const fs::path scratch = fs::path(testing::TempDir()) / ("sp_dxil_bitcode_" + std::to_string(getpid()) + ".bc");
  size_t compared = 0;
  for (const auto& path : files) {
    const auto bytes = test::read_file(path);
    dxc::ParseResult r = dxc::parse_container(bytes);
    if (!r.ok()) continue;
    for (const dxc::Part& part : r.container->parts) {
      const auto* program = dxc::content_if<dxc::Program>(part);
      if (program == nullptr || part.fourcc != make_fourcc('D', 'X', 'I', 'L')) continue;
      {
        std::ofstream out(scratch, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(program->bitcode.data()),
                  static_cast<std::streamsize>(program->bitcode.size()));
      }
      expect_identical(program->bitcode, scratch, path.filename().string());
      ++compared;
    }
  }
  fs::remove(scratch);
  EXPECT_GT(compared, 0u);
  std::printf("compared the DXIL bitcode of %zu containers\n", compared);
}

}  // namespace
}  // namespace sp::bitcode
