// vkd3d-shader as the fxc peer (tools/vkd3d_peer): its scan of the real fxc
// files in ../shared/external, checked against what fxc's own listings
// (fxc-hlslcc/*.asm) say, and the files vkd3d-shader 1.2 cannot scan
// (docs/formats/vkd3d-peer.md). Skips when vkd3d-shader is not installed
// (cmake/vkd3d.cmake) or ../shared/external is absent.
#include <gtest/gtest.h>

#ifdef SP_HAVE_VKD3D

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "support/test_files.h"
#include "vkd3d_peer.h"

namespace sp::vkd3d_peer {
namespace {

namespace fs = std::filesystem;

// enum vkd3d_result, enum vkd3d_shader_* values (vkd3d_types.h,
// vkd3d_shader.h 1.2), spelled here as vkd3d_peer.h keeps vkd3d's headers
// to itself.
constexpr int kInvalidShader = -4;  // VKD3D_ERROR_INVALID_SHADER
constexpr uint32_t kResourceBuffer = 1;
constexpr uint32_t kResourceTexture2d = 3;
constexpr uint32_t kDataUint = 4;
constexpr uint32_t kDataFloat = 5;
constexpr uint32_t kSysvalPosition = 1;
constexpr uint32_t kComponentFloat = 3;

// fxc's SM4/SM5 files: fxc-hlslcc/*.o that are DXBC (the others are
// Direct3D 9 bytecode), then vkd3d-proton/*_code_dxbc.dxbc.
std::vector<fs::path> fxc_files() {
  std::vector<fs::path> out;
  for (const fs::path& p : test::external_files("fxc-hlslcc", ".o"))
    if (dxc::looks_like_container(test::read_file(p))) out.push_back(p);
  for (const fs::path& p : test::external_files("vkd3d-proton", "_code_dxbc.dxbc")) out.push_back(p);
  return out;
}

bool have(const std::string& sub, const std::string& name) {
  return fs::is_regular_file(fs::path(SP_EXTERNAL_DIR) / sub / name);
}

// The bytes of ../shared/external/<sub>/<name>; empty when it is absent
// (the test then skips).
std::vector<uint8_t> external(const std::string& sub, const std::string& name) {
  return have(sub, name) ? test::read_file(fs::path(SP_EXTERNAL_DIR) / sub / name) : std::vector<uint8_t>{};
}

ScanResult scan(const std::vector<uint8_t>& bytes) { return sp::vkd3d_peer::scan(bytes.data(), bytes.size()); }

// Where the data of the first part `fourcc` of the container `bytes`
// starts, and its size, as shaderprobe's container parser reads them.
struct Extent {
  size_t offset = 0;
  size_t size = 0;
};
Extent part_data(const std::vector<uint8_t>& bytes, char a, char b, char c, char d) {
  const dxc::ParseResult parsed = dxc::parse_container(bytes);
  if (!parsed.ok()) return {};
  const dxc::Part* part = parsed.container->find(make_fourcc(a, b, c, d));
  if (part == nullptr) return {};
  return {size_t{part->offset} + 8, part->size};  // past the part header
}

constexpr const char* kNoExternal = "no ../shared/external";

// The files vkd3d-shader 1.2's scan rejects, each at the first instruction
// whose opcode its SM4/SM5 reader does not know (it prints "fixme:
// shader_sm4_read_instruction: Unrecognized opcode" on stderr and returns
// VKD3D_ERROR_INVALID_SHADER without a message).
const std::set<std::string>& known_failures() {
  static const std::set<std::string> files = {
      "cs5__BasicCompute11Double.o",                   // dadd (0xbf): no double-precision opcodes
      "cs5__BasicCompute11StructuredBufferDouble.o",   // dadd (0xbf)
      "ps5__evaluateAttrib.o",                         // eval_snapped (0xcb)
      "buffer_feedback_ld_raw_code_dxbc.dxbc",         // ld_raw_s (0xe2): no tiled-resource feedback opcodes
      "gs_mismatch_primid_code_dxbc.dxbc",             // dcl_output_sgv (0x66)
      "texture_feedback_sample_grad_code_dxbc.dxbc",   // sample_d_cl_s (0xe8)
  };
  return files;
}

bool is_1_2() { return library_version().starts_with("vkd3d-shader 1.2 "); }

// One descriptor as a test expects it; vkd3d 1.2 gives every one a count
// of 1, which expect_descriptors checks too.
struct WantDescriptor {
  const char* type;
  uint32_t space, index, resource_type, data_type, flags;
};

void expect_descriptors(const ScanResult& r, const std::vector<WantDescriptor>& want) {
  ASSERT_EQ(r.descriptors.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    const Descriptor& d = r.descriptors[i];
    EXPECT_EQ(d.type, want[i].type) << i;
    EXPECT_EQ(d.register_space, want[i].space) << i;
    EXPECT_EQ(d.register_index, want[i].index) << i;
    EXPECT_EQ(d.count, 1u) << i;
    EXPECT_EQ(d.resource_type, want[i].resource_type) << i;
    EXPECT_EQ(d.resource_data_type, want[i].data_type) << i;
    EXPECT_EQ(d.flags, want[i].flags) << i;
  }
}

TEST(Vkd3dPeer, ExtrudeGsTwoConstantBuffersAndThreeInputs) {
  const std::vector<uint8_t> bytes = external("fxc-hlslcc", "apps__shaders__ExtrudeGS.o");
  if (bytes.empty()) GTEST_SKIP() << kNoExternal;
  const ScanResult r = scan(bytes);
  ASSERT_TRUE(r.ok) << r.messages;

  // fxc's listing: cbChangesEveryFrame at cb0, cbUserChanges at cb1. vkd3d
  // gives a constant buffer the types of a uint buffer.
  expect_descriptors(r, {{"CBV", 0, 0, kResourceBuffer, kDataUint, 0}, {"CBV", 0, 1, kResourceBuffer, kDataUint, 0}});

  // SV_POSITION 0 xyzw v0 POS float; TEXCOORD 0 xyz v1; TEXCOORD 1 xy v2.
  ASSERT_EQ(r.input_signature.size(), 3u);
  const struct {
    const char* name;
    uint32_t index, reg, mask, sysval;
  } want[] = {{"SV_POSITION", 0, 0, 0xf, kSysvalPosition}, {"TEXCOORD", 0, 1, 0x7, 0}, {"TEXCOORD", 1, 2, 0x3, 0}};
  for (size_t i = 0; i < 3; ++i) {
    const SignatureElement& e = r.input_signature[i];
    EXPECT_EQ(e.semantic_name, want[i].name) << i;
    EXPECT_EQ(e.semantic_index, want[i].index) << i;
    EXPECT_EQ(e.register_index, want[i].reg) << i;
    EXPECT_EQ(e.mask, want[i].mask) << i;
    EXPECT_EQ(e.used_mask, want[i].mask) << i;  // "Used" in the listing equals the mask here
    EXPECT_EQ(e.sysval, want[i].sysval) << i;
    EXPECT_EQ(e.component_type, kComponentFloat) << i;
    EXPECT_EQ(e.stream, 0u) << i;
  }
}

TEST(Vkd3dPeer, ArrayOfTexturesSamplerAndTwoTexture2d) {
  const std::vector<uint8_t> bytes = external("fxc-hlslcc", "ps5__array_of_textures.o");
  if (bytes.empty()) GTEST_SKIP() << kNoExternal;
  const ScanResult r = scan(bytes);
  ASSERT_TRUE(r.ok) << r.messages;
  // fxc's listing: TextureSampler s0; SomeTextures[0] and [1], float4 2d,
  // at t0 and t1. vkd3d lists them in declaration order, each on its own;
  // a sampler has no resource type (VKD3D_SHADER_RESOURCE_NONE) and, as
  // for every descriptor, a data type (uint).
  expect_descriptors(r, {{"SAMPLER", 0, 0, 0, kDataUint, 0},
                         {"SRV", 0, 0, kResourceTexture2d, kDataFloat, 0},
                         {"SRV", 0, 1, kResourceTexture2d, kDataFloat, 0}});
  ASSERT_EQ(r.input_signature.size(), 1u);
  EXPECT_EQ(r.input_signature[0].semantic_name, "TEXCOORD");
  EXPECT_EQ(r.input_signature[0].mask, 0xfu);
  EXPECT_EQ(r.input_signature[0].used_mask, 0x3u);  // "xy" of "xyzw"
}

// SM5.1 declares ranges in register spaces: bindless_uav's program declares
// u0 as space 1, [2, unbounded) and u1 as space 2, [2, unbounded) (from its
// dcl_uav_structured and dcl_uav_typed tokens). vkd3d 1.2 reports the
// space and the range's lower bound, and a count of 1.
TEST(Vkd3dPeer, Sm51RangesGiveSpaceLowerBoundAndCountOne) {
  const std::vector<uint8_t> bytes = external("vkd3d-proton", "bindless_uav_code_dxbc.dxbc");
  if (bytes.empty()) GTEST_SKIP() << kNoExternal;
  const ScanResult r = scan(bytes);
  ASSERT_TRUE(r.ok) << r.messages;
  // Structured: a uint buffer; typed: 2d, its declared uint.
  expect_descriptors(r, {{"UAV", 1, 2, kResourceBuffer, kDataUint, 0}, {"UAV", 2, 2, kResourceTexture2d, kDataUint, 0}});
}

// Every fxc file scans, but for the known failures, which fail in the scan
// only (the input signature still parses) and only as invalid shaders.
TEST(Vkd3dPeer, EveryFxcFileScans) {
  const std::vector<fs::path> files = fxc_files();
  if (files.empty()) GTEST_SKIP() << kNoExternal;
  size_t ok = 0;
  std::set<std::string> failed;
  for (const fs::path& path : files) {
    const ScanResult r = scan(test::read_file(path));
    const std::string name = path.filename().string();
    EXPECT_EQ(r.signature_result, 0) << path << ": " << r.messages;
    if (r.ok) {
      ++ok;
      continue;
    }
    failed.insert(name);
    EXPECT_TRUE(known_failures().contains(name)) << path << ": scan result " << r.scan_result << ": " << r.messages;
    EXPECT_EQ(r.scan_result, kInvalidShader) << path;
    EXPECT_TRUE(r.descriptors.empty()) << path;
  }
  // The list is 1.2's: a later vkd3d-shader reads more opcodes.
  if (is_1_2()) {
    for (const std::string& name : known_failures()) {
      if (have("fxc-hlslcc", name) || have("vkd3d-proton", name)) {
        EXPECT_TRUE(failed.contains(name)) << name << " now scans: update the list and docs/formats/vkd3d-peer.md";
      }
    }
  }
  EXPECT_GT(ok, 0u);
}

// What is not a DXBC container fails cleanly, with vkd3d's reason, and
// leaks nothing (the asan preset checks that).
TEST(Vkd3dPeer, NotAContainerFailsCleanly) {
  const std::vector<uint8_t> junk = {'D', 'X', 'B', 'C', 0, 1, 2, 3};
  const ScanResult r = scan(junk);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.scan_result, 0);
  EXPECT_NE(r.signature_result, 0);
  EXPECT_TRUE(r.descriptors.empty());
  EXPECT_TRUE(r.input_signature.empty());
  // "<anonymous>: E0001: DXBC size 8 is smaller than the DXBC header size."
  EXPECT_NE(r.messages.find("E0001"), std::string::npos) << r.messages;

  for (const fs::path& path : test::external_files("fxc-hlslcc", ".o")) {
    const std::vector<uint8_t> bytes = test::read_file(path);
    if (dxc::looks_like_container(bytes)) continue;
    const ScanResult d3d9 = scan(bytes);
    EXPECT_FALSE(d3d9.ok) << path;
    EXPECT_NE(d3d9.scan_result, 0) << path;
    // "<anonymous>: E0002: Invalid DXBC magic."
    EXPECT_NE(d3d9.messages.find("E0002"), std::string::npos) << path << ": " << d3d9.messages;
  }
}

// The descriptors come from the program's dcl_* instructions: vkd3d 1.2
// does not read RDEF at all. Every byte of ExtrudeGS's RDEF overwritten
// (and the container signed again) scans the same.
TEST(Vkd3dPeer, RdefIsNotRead) {
  std::vector<uint8_t> bytes = external("fxc-hlslcc", "apps__shaders__ExtrudeGS.o");
  if (bytes.empty()) GTEST_SKIP() << kNoExternal;
  const ScanResult before = scan(bytes);
  ASSERT_TRUE(before.ok);
  const Extent rdef = part_data(bytes, 'R', 'D', 'E', 'F');
  ASSERT_GT(rdef.size, 0u);
  std::fill_n(bytes.begin() + static_cast<std::ptrdiff_t>(rdef.offset), rdef.size, uint8_t{0xff});
  dxc::sign_container(bytes);

  const ScanResult after = scan(bytes);
  ASSERT_TRUE(after.ok) << after.messages;
  ASSERT_EQ(after.descriptors.size(), before.descriptors.size());
  for (size_t i = 0; i < after.descriptors.size(); ++i) {
    EXPECT_EQ(after.descriptors[i].type, before.descriptors[i].type) << i;
    EXPECT_EQ(after.descriptors[i].register_index, before.descriptors[i].register_index) << i;
  }
  EXPECT_EQ(after.input_signature.size(), before.input_signature.size());
}

// The scan checks control-flow nesting: vs4__mov's last instruction, ret
// (0x0100003e), made an endif (0x01000015), fails with vkd3d's E1000 and
// the instruction's line (line 1 is the version token).
TEST(Vkd3dPeer, UnmatchedEndifIsAnError) {
  std::vector<uint8_t> bytes = external("fxc-hlslcc", "vs4__mov.o");
  if (bytes.empty()) GTEST_SKIP() << kNoExternal;
  const Extent shdr = part_data(bytes, 'S', 'H', 'D', 'R');
  ASSERT_GE(shdr.size, 4u);
  const auto last = bytes.begin() + static_cast<std::ptrdiff_t>(shdr.offset + shdr.size - 4);
  const uint8_t ret[4] = {0x3e, 0x00, 0x00, 0x01};
  ASSERT_TRUE(std::equal(ret, ret + 4, last));
  *last = 0x15;
  dxc::sign_container(bytes);

  const ScanResult r = scan(bytes);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.scan_result, kInvalidShader);
  EXPECT_EQ(r.signature_result, 0);
  // "<anonymous>:5:1: E1000: Encountered 'endif' instruction without
  // corresponding 'if' block." (with typographic quotes)
  EXPECT_NE(r.messages.find(":5:1: E1000: Encountered"), std::string::npos) << r.messages;
}

// vkd3d checks the container's MD5 checksum on every call, and has no way
// to skip it: one flipped bit in the last part fails both calls.
TEST(Vkd3dPeer, ChecksumIsAlwaysChecked) {
  std::vector<uint8_t> bytes = external("fxc-hlslcc", "apps__shaders__ExtrudeGS.o");
  if (bytes.empty()) GTEST_SKIP() << kNoExternal;
  bytes.back() ^= 1u;
  const ScanResult r = scan(bytes);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.scan_result, 0);
  EXPECT_NE(r.signature_result, 0);
  // "<anonymous>: E0003: Invalid DXBC checksum."
  EXPECT_NE(r.messages.find("E0003"), std::string::npos) << r.messages;
}

}  // namespace
}  // namespace sp::vkd3d_peer

#else

TEST(Vkd3dPeer, NeedsVkd3dShader) {
  GTEST_SKIP() << "vkd3d-shader not found at configure time (scripts/install-deps installs libvkd3d-dev)";
}

#endif
