// `dump --format=obj2yaml` is byte-identical
// to obj2yaml-22 for every container it accepts (shared/external and the
// yaml2obj-built ones), and where obj2yaml-22 rejects or crashes,
// shaderprobe ends cleanly; the tests below say what it reports instead.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "core/span_writer.h"
#include "dxcontainer/container.h"
#include "dxcontainer/obj2yaml.h"
#include "support/containers.h"
#include "conformance/subprocess.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

bool have_obj2yaml() { return std::string(SP_OBJ2YAML).size() > 0 && std::filesystem::exists(SP_OBJ2YAML); }

conform::RunResult obj2yaml(const std::filesystem::path& file) { return conform::run_command({SP_OBJ2YAML, file.string()}); }

// Inputs obj2yaml-22 prints but shaderprobe rejects on purpose: parts LLVM
// never decodes, which yaml2obj-22 can only fill with zeros.
struct ExpectedRejection {
  std::string_view stem;
  Code code;
  std::string_view why;
};
constexpr ExpectedRejection kExpectedRejections[] = {
    {"container_unknown_parts", Code::part_too_small,
     "an ILDB part of 12 zero bytes: DXC needs the 24-byte program header and the DXIL magic"},
};

void compare_all(const std::vector<std::filesystem::path>& files, size_t min_identical) {
  size_t identical = 0, rejected = 0;
  for (const auto& path : files) {
    const auto ref = obj2yaml(path);
    const auto file = test::read_file(path);
    const ParseResult r = parse_container(file, with_llvm_quirks({}));
    if (!ref.ok()) {
      ++rejected;
      // obj2yaml refused it; we must still end cleanly (ok or one error).
      EXPECT_TRUE(r.ok() || r.error.has_value()) << path;
      continue;
    }
    const auto* expected = std::find_if(std::begin(kExpectedRejections), std::end(kExpectedRejections),
                                        [&](const ExpectedRejection& e) { return e.stem == path.stem().string(); });
    if (expected != std::end(kExpectedRejections)) {
      ASSERT_FALSE(r.ok()) << path << " should be rejected: " << expected->why;
      EXPECT_EQ(r.error->code, expected->code) << path;
      continue;
    }
    ASSERT_TRUE(r.ok()) << path << ": obj2yaml-22 accepts it but shaderprobe says " << r.error->to_string();
    const std::string ours = to_obj2yaml(*r.container);
    EXPECT_EQ(ours, ref.out) << path;
    if (ours == ref.out) ++identical;
  }
  std::cout << identical << " identical, " << rejected << " rejected by obj2yaml-22, of " << files.size() << "\n";
  EXPECT_GE(identical, min_identical);
}

TEST(Obj2yaml, IdenticalOnExternalFiles) {
  if (!have_obj2yaml()) GTEST_SKIP() << "obj2yaml-22 not installed";
  const auto files = test::external_files("vkd3d-proton", ".dxbc");
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  compare_all(files, files.size() - 1);  // obj2yaml-22 rejects ps_code.dxbc (see below)
}

TEST(Obj2yaml, IdenticalOnYaml2objContainers) {
  if (!have_obj2yaml()) GTEST_SKIP() << "obj2yaml-22 not installed";
  const auto files = test::generated_containers();
  if (files.empty()) GTEST_SKIP() << "yaml2obj-22 not installed";
  compare_all(files, files.size() - std::size(kExpectedRejections));
}

// A DXIL part whose bitcode header points outside the part.
std::vector<uint8_t> dxil_with_bitcode(uint32_t offset, uint32_t size) {
  ByteWriter w;
  for (uint32_t v : {0x00010060u, 10u}) w.put_u32_le(v);
  w.put_chars("DXIL");
  for (uint32_t v : {0x0100u, offset, size, 0xDEC0170Bu, 0u, 0u, 0u}) w.put_u32_le(v);
  return w.take();
}

// LLVM 22 never checks the bitcode offset and size: obj2yaml-22 reads the
// bitcode through them and crashes (or prints bytes from outside the file).
TEST(Obj2yaml, BadBitcodeOffsetsCrashLlvmButNotUs) {
  if (!have_obj2yaml()) GTEST_SKIP() << "obj2yaml-22 not installed";
  for (auto [offset, size] : {std::pair{0x7FFFFFF0u, 16u}, std::pair{16u, 0x10000000u}}) {
    const auto bytes = test::container_of({{"DXIL", dxil_with_bitcode(offset, size)}});
    const test::TempFile path("obj2yaml_bitcode", bytes);
    const auto ref = obj2yaml(path);
    EXPECT_FALSE(ref.ok()) << "obj2yaml-22 accepted bitcode offset " << offset << " size " << size;
    EXPECT_NE(ref.signal, 0) << "expected obj2yaml-22 to crash";
    const ParseResult r = parse_container(bytes);
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error->code, Code::bitcode_out_of_bounds);
    EXPECT_EQ(r.error->path, "parts[0].DXIL.bitcode_header.offset");
  }
}

// Parts need not be 4-aligned. LLVM 22 reads most misaligned parts, but its
// PSV0 reader aligns a pointer to the next absolute 4-byte boundary, so a
// misaligned PSV0 makes it read the wrong bytes and fail ("Reading
// structure out of file bounds" for ps_code.dxbc). shaderprobe parses the
// file like an aligned one and warns.
TEST(Obj2yaml, MisalignedPsvIsRejectedByLlvmAndParsedByUs) {
  if (!have_obj2yaml()) GTEST_SKIP() << "obj2yaml-22 not installed";
  const auto files = test::external_files("vkd3d-proton", "ps_code.dxbc");
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  const auto ref = obj2yaml(files[0]);
  EXPECT_FALSE(ref.ok());
  EXPECT_EQ(ref.signal, 0);
  const ParseResult r = parse_container(test::read_file(files[0]));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.warnings.size(), 2u);
  EXPECT_EQ(r.warnings[0].code, Code::part_misaligned);
  EXPECT_EQ(r.warnings[0].path, "parts[3]");  // PSV0 at offset 186
  EXPECT_EQ(r.warnings[1].path, "parts[4]");  // DXIL at offset 306
}

// Other misaligned parts LLVM reads; then the output must match.
TEST(Obj2yaml, MisalignedFeatureFlagsMatch) {
  if (!have_obj2yaml()) GTEST_SKIP() << "obj2yaml-22 not installed";
  const auto bytes = test::container_of({{"PRIV", {1, 2, 3}}, {"SFI0", {1, 0, 0, 0, 0, 0, 0, 0}}});
  const test::TempFile path("obj2yaml_misaligned", bytes);
  const auto ref = obj2yaml(path);
  ASSERT_TRUE(ref.ok());
  const ParseResult r = parse_container(bytes);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, Code::part_misaligned);
  EXPECT_EQ(to_obj2yaml(*r.container), ref.out);
}

}  // namespace
}  // namespace sp::dxc
