// The container writer: every real container survives parse -> write ->
// parse with the same meaning, writing is a fixed point after one pass, and
// each part kind built from scratch reads back with the fields it was given
// and the derived fields the layout implies.
#include "dxcontainer/writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <initializer_list>
#include <iostream>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/span_writer.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/model_diff.h"
#include "support/containers.h"
#include "support/test_files.h"

namespace sp::dxc {
namespace {

bool has_code(const std::vector<Diagnostic>& warnings, Code code) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const Diagnostic& w) { return w.code == code; });
}

std::string warning_text(const std::vector<Diagnostic>& warnings) {
  std::string out;
  for (const Diagnostic& w : warnings) out += "\n  " + w.to_string();
  return out;
}

// ---- Building models from scratch ------------------------------------------------

// Owns the bytes that model spans point at; a deque never moves what it holds.
class Store {
 public:
  Bytes bytes(std::initializer_list<uint8_t> v) { return blobs_.emplace_back(v); }
  Bytes text(std::string_view s) { return blobs_.emplace_back(s.begin(), s.end()); }
  U32Array words(std::initializer_list<uint32_t> v) {
    std::vector<uint8_t>& b = blobs_.emplace_back(v.size() * 4);
    size_t i = 0;
    for (uint32_t x : v) store_le_at(b, 4 * i++, x);
    return U32Array(b);
  }
  std::string_view string(std::string s) { return strings_.emplace_back(std::move(s)); }

 private:
  std::deque<std::vector<uint8_t>> blobs_;
  std::deque<std::string> strings_;
};

Part make_part(uint32_t fourcc, PartContent content) {
  Part p;
  p.fourcc = fourcc;
  p.content = std::move(content);
  return p;
}

Container single(Part p) {
  Container c;
  c.parts.push_back(std::move(p));
  return c;
}

// Writes `c` into `file` and parses it back; the parse must succeed.
Container round_trip(const Container& c, std::vector<uint8_t>& file, std::vector<Diagnostic>* warnings = nullptr) {
  file = write_container(c);
  ParseResult r = parse_container(file);
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  if (!r.ok()) return Container{};
  if (warnings) *warnings = r.warnings;
  return std::move(*r.container);
}

// round_trip of one part whose parse must warn exactly once, with `code`.
Container round_trip_warning_once(Part p, std::vector<uint8_t>& file, Code code) {
  std::vector<Diagnostic> warnings;
  Container back = round_trip(single(std::move(p)), file, &warnings);
  EXPECT_EQ(warnings.size(), 1u) << warning_text(warnings);
  EXPECT_TRUE(!warnings.empty() && warnings[0].code == code) << warning_text(warnings);
  return back;
}

template <typename T>
const T& content(const Container& c, size_t i = 0) {
  return content<T>(c.parts.at(i));
}

uint32_t u32_at(const std::vector<uint8_t>& b, size_t off) { return load_le<uint32_t>(b.data() + off); }

std::vector<uint32_t> to_vector(const U32Array& a) {
  std::vector<uint32_t> out;
  for (size_t i = 0; i < a.size(); ++i) out.push_back(a[i]);
  return out;
}

constexpr uint32_t kDXIL = make_fourcc('D', 'X', 'I', 'L');

// ---- ByteWriter --------------------------------------------------------------------

TEST(ByteWriter, AppendsLittleEndianPadsAndPatches) {
  ByteWriter w;
  w.put_u8(0x01);
  w.put_u16_le(0x0302);
  w.put_u32_le(0x07060504);
  w.put_u64_le(0x0F0E0D0C0B0A0908u);
  EXPECT_EQ(w.size(), 15u);
  w.pad_to_4();
  EXPECT_EQ(w.size(), 16u);
  w.pad_to_4();
  EXPECT_EQ(w.size(), 16u);
  w.put_cstring("ab");
  w.patch_u32_le(0, 0xAABBCCDD);
  EXPECT_THROW(w.patch_u32_le(16, 0), std::out_of_range);
  EXPECT_THROW(w.fit_since(20, 0), std::out_of_range);
  w.fit_since(16, 5);  // "ab\0" padded to 5 bytes
  EXPECT_EQ(w.size(), 21u);
  w.fit_since(16, 3);  // and cut back
  const std::vector<uint8_t> expected = {0xDD, 0xCC, 0xBB, 0xAA, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0, 'a', 'b', 0};
  EXPECT_EQ(w.take(), expected);
}

// ---- 1. Real files -------------------------------------------------------------------

TEST(Writer, RealFilesRoundTrip) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  size_t identical = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const auto file = test::read_file(path);
    const ParseResult first = parse_container(file);
    ASSERT_TRUE(first.ok()) << first.error->to_string();

    const std::vector<uint8_t> written = write_container(*first.container);
    const ParseResult second = parse_container(written);
    ASSERT_TRUE(second.ok()) << second.error->to_string();
    const std::string diff = semantic_diff(*first.container, *second.container);
    EXPECT_TRUE(diff.empty()) << diff;
    if (written == file) ++identical;

    // The writer signs, and introduces no finding the original did not have.
    EXPECT_FALSE(has_code(second.warnings, Code::digest_mismatch)) << warning_text(second.warnings);
    EXPECT_FALSE(has_code(second.warnings, Code::digest_not_signed)) << warning_text(second.warnings);
    for (const Diagnostic& w : second.warnings)
      EXPECT_TRUE(has_code(first.warnings, w.code)) << "new warning " << w.to_string();
    EXPECT_EQ(second.container->header.digest, second.container->computed_digest);

    // One pass normalises: writing the re-parsed model changes nothing.
    const std::vector<uint8_t> again = write_container(*second.container);
    EXPECT_EQ(again, written);
    const ParseResult third = parse_container(again);
    ASSERT_TRUE(third.ok()) << third.error->to_string();
    const std::string exact = exact_diff(*second.container, *third.container);
    EXPECT_TRUE(exact.empty()) << exact;
  }
  std::cout << "[ writer   ] " << identical << " of " << files.size()
            << " external containers write back byte-identical\n";
  RecordProperty("byte_identical", static_cast<int>(identical));
  RecordProperty("containers", static_cast<int>(files.size()));
}

// Why a real part may not come back byte for byte. Each reason is a layout
// choice of the original compiler that the model does not record.
enum class Difference { none, fxc_padding, unpadded, name_order, unreferenced_indices, unexplained };

// fxc fills the tail of a signature's string table with 0xAB, dxc and the
// writer with zeros.
bool only_fxc_padding(Bytes orig, const std::vector<uint8_t>& written) {
  if (orig.size() != written.size()) return false;
  for (size_t i = 0; i < orig.size(); ++i)
    if (orig[i] != written[i] && (i + 3 < orig.size() || orig[i] != 0xAB || written[i] != 0)) return false;
  return true;
}

// A part whose size is not a multiple of 4, which the writer pads.
bool only_unpadded(Bytes orig, const std::vector<uint8_t>& written) {
  return orig.size() % 4 != 0 && written.size() == align_up4(orig.size()) &&
         std::equal(orig.begin(), orig.end(), written.begin()) &&
         std::all_of(written.begin() + static_cast<std::ptrdiff_t>(orig.size()), written.end(),
                     [](uint8_t b) { return b == 0; });
}

// dxc numbers names in the order of its own (unsorted) element list, which
// the container does not keep; the writer uses the order of first use.
bool names_out_of_first_use_order(const Signature& sig) {
  std::set<std::string_view> seen;
  uint32_t last = 0;
  for (const SignatureElement& e : sig.elements) {
    if (e.name.empty() || !seen.insert(e.name.bytes()).second) continue;
    if (e.name_offset < last) return true;
    last = e.name_offset;
  }
  return false;
}

// dxc sometimes stores more semantic indices than any element's rows cover;
// the writer stores only the covered ones.
bool has_unreferenced_indices(const Psv& psv) {
  std::vector<bool> used(psv.semantic_index_table.size(), false);
  for (const auto* list : {&psv.inputs, &psv.outputs, &psv.patch_or_prim})
    for (const PsvSignatureElement& e : *list)
      for (size_t k = 0; k < e.rows; ++k) used.at(e.indices_offset + k) = true;
  return std::find(used.begin(), used.end(), false) != used.end();
}

Difference classify(const Part& p) {
  const std::vector<uint8_t> written = encode_part(p);
  if (std::equal(written.begin(), written.end(), p.data.begin(), p.data.end())) return Difference::none;
  if (const auto* sig = content_if<Signature>(p)) {
    if (only_fxc_padding(p.data, written)) return Difference::fxc_padding;
    if (only_unpadded(p.data, written)) return Difference::unpadded;
    if (names_out_of_first_use_order(*sig) && written.size() == p.data.size()) return Difference::name_order;
  }
  if (const auto* psv = content_if<Psv>(p))
    if (has_unreferenced_indices(*psv)) return Difference::unreferenced_indices;
  return Difference::unexplained;
}

// Every real part either comes back byte for byte or differs for one of the
// reasons above; so does every container (header, offset table, digest).
TEST(Writer, RealFilesDifferOnlyInKnownWays) {
  const auto files = test::external_containers();
  if (files.empty()) GTEST_SKIP() << "no ../shared/external";
  size_t counts[6] = {};
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const auto file = test::read_file(path);
    const ParseResult r = parse_container(file);
    ASSERT_TRUE(r.ok()) << r.error->to_string();
    bool all_parts_identical = true;
    for (const Part& p : r.container->parts) {
      const Difference d = classify(p);
      ++counts[static_cast<size_t>(d)];
      EXPECT_NE(d, Difference::unexplained) << fourcc_text(p.fourcc);
      if (d != Difference::none) all_parts_identical = false;
    }
    // Parts that match make a container that matches, unless the original
    // was not signed (the writer signs).
    if (all_parts_identical && !has_code(r.warnings, Code::digest_not_signed)) {
      EXPECT_EQ(write_container(*r.container), file);
    }
  }
  std::cout << "[ writer   ] parts: " << counts[0] << " identical, " << counts[1] << " fxc padding, " << counts[2]
            << " unpadded, " << counts[3] << " name order, " << counts[4] << " unreferenced indices\n";
  EXPECT_GT(counts[0], 1000u);
}

// The comparison above is only worth something if it notices changes.
TEST(Writer, ComparisonNoticesChanges) {
  Store s;
  Container c;
  Signature sig;
  SignatureElement e;
  e.name = "A";
  sig.param_count = 1;
  sig.elements.push_back(e);
  c.parts.push_back(make_part(make_fourcc('I', 'S', 'G', '1'), sig));
  Psv psv;
  psv.version = 1;
  psv.input_output_map[2] = s.words({1, 2});
  c.parts.push_back(make_part(make_fourcc('P', 'S', 'V', '0'), psv));
  c.parts.push_back(make_part(make_fourcc('A', 'B', 'C', 'D'), RawPart{}));
  c.parts.back().data = s.bytes({1, 2, 3});
  EXPECT_EQ(semantic_diff(c, c), "");
  EXPECT_EQ(exact_diff(c, c), "");

  Container other = c;
  content<Signature>(other.parts[0]).elements[0].name = "B";
  EXPECT_NE(semantic_diff(c, other), "");
  other = c;
  content<Signature>(other.parts[0]).elements[0].name_offset = 40;  // derived
  EXPECT_EQ(semantic_diff(c, other), "");
  EXPECT_NE(exact_diff(c, other), "");
  other = c;
  content<Psv>(other.parts[1]).input_output_map[2] = s.words({1, 3});  // other content
  EXPECT_NE(semantic_diff(c, other), "");
  other = c;
  content<Psv>(other.parts[1]).input_output_map[2] = s.words({1, 2});  // same content elsewhere
  EXPECT_EQ(exact_diff(c, other), "");
  other = c;
  other.parts[2].data = s.bytes({1, 2, 4});
  EXPECT_NE(semantic_diff(c, other), "");
}

// ---- 2. Every part kind from scratch -------------------------------------------------

TEST(Writer, ContainerLayout) {
  Store s;
  Container c;
  c.header.major = 1;
  c.header.minor = 0;
  c.header.file_size = 999;   // recomputed
  c.header.part_count = 7;    // recomputed
  c.parts.push_back(make_part(make_fourcc('X', 'Y', 'Z', 'W'), RawPart{}));
  c.parts.back().data = s.bytes({1, 2, 3});  // 3 bytes: the next part is unaligned, as fxc leaves it
  c.parts.push_back(make_part(make_fourcc('S', 'F', 'I', '0'), FeatureInfo{0x1234}));
  c.parts.back().offset = 4;  // ignored
  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(c, file, &warnings);

  ASSERT_EQ(file.size(), 32u + 8 + (8 + 3) + (8 + 8));
  EXPECT_EQ(u32_at(file, 0), kMagic);
  EXPECT_EQ(back.header.major, 1);
  EXPECT_EQ(back.header.minor, 0);
  EXPECT_EQ(back.header.file_size, file.size());
  EXPECT_EQ(back.header.part_count, 2u);
  ASSERT_EQ(back.parts.size(), 2u);
  EXPECT_EQ(back.parts[0].offset, 40u);
  EXPECT_EQ(back.parts[1].offset, 51u);
  EXPECT_EQ(back.parts[0].fourcc, make_fourcc('X', 'Y', 'Z', 'W'));
  EXPECT_EQ(back.parts[0].size, 3u);
  EXPECT_TRUE(std::holds_alternative<RawPart>(back.parts[0].content));
  EXPECT_EQ(std::vector<uint8_t>(back.parts[0].data.begin(), back.parts[0].data.end()), (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_EQ(content<FeatureInfo>(back, 1).flags, 0x1234u);
  EXPECT_TRUE(has_code(warnings, Code::unknown_part));
  EXPECT_TRUE(has_code(warnings, Code::part_misaligned));
  EXPECT_EQ(warnings.size(), 2u) << warning_text(warnings);

  // The version is the model's, even one the readers warn about.
  c.header.major = 2;
  c.header.minor = 7;
  const Container v2 = round_trip(c, file, &warnings);
  EXPECT_EQ(v2.header.major, 2);
  EXPECT_EQ(v2.header.minor, 7);
  EXPECT_TRUE(has_code(warnings, Code::container_version));
}

TEST(Writer, EmptyContainer) {
  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(Container{}, file, &warnings);
  EXPECT_EQ(file.size(), kHeaderSize);
  EXPECT_EQ(back.header.file_size, kHeaderSize);
  EXPECT_TRUE(back.parts.empty());
  EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
}

TEST(Writer, Program) {
  Store s;
  for (uint32_t fourcc : {kDXIL, make_fourcc('I', 'L', 'D', 'B')}) {
    Program p;
    p.header.version = 0x65;  // SM 6.5
    p.header.unused = 3;
    p.header.shader_kind = 1;
    p.header.size_in_uint32 = 1;  // recomputed
    p.header.bitcode_magic = kDXIL;
    p.header.dxil_minor = 5;
    p.header.dxil_major = 1;
    p.header.bitcode_unused = 0x1111;
    p.header.bitcode_offset = 99;  // recomputed
    p.header.bitcode_size = 1;     // recomputed
    p.bitcode = s.bytes({'B', 'C', 0xC0, 0xDE, 1, 2, 3, 4, 5, 6});  // 10 bytes: padded to 12
    std::vector<uint8_t> file;
    std::vector<Diagnostic> warnings;
    const Container back = round_trip(single(make_part(fourcc, p)), file, &warnings);
    EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
    ASSERT_EQ(back.parts.size(), 1u);
    EXPECT_EQ(back.parts[0].size, 36u);
    const Program& q = content<Program>(back);
    EXPECT_EQ(q.header.version, 0x65);
    EXPECT_EQ(q.header.unused, 3);
    EXPECT_EQ(q.header.shader_kind, 1);
    EXPECT_EQ(q.header.size_in_uint32, 9u);
    EXPECT_EQ(q.header.bitcode_magic, kDXIL);
    EXPECT_EQ(q.header.dxil_minor, 5);
    EXPECT_EQ(q.header.dxil_major, 1);
    EXPECT_EQ(q.header.bitcode_unused, 0x1111);
    EXPECT_EQ(q.header.bitcode_offset, 16u);
    EXPECT_EQ(q.header.bitcode_size, 10u);
    EXPECT_TRUE(std::equal(q.bitcode.begin(), q.bitcode.end(), p.bitcode.begin(), p.bitcode.end()));
    const Bytes data = back.parts[0].data;
    EXPECT_EQ(data[34], 0);  // padding is zero
    EXPECT_EQ(data[35], 0);
  }
}

TEST(Writer, HashAndFeatureInfoBytes) {
  ShaderHash h;
  h.flags = 1;
  for (uint8_t i = 0; i < 16; ++i) h.digest[i] = static_cast<uint8_t>(0xA0 + i);
  Part hash = make_part(make_fourcc('H', 'A', 'S', 'H'), h);
  const std::vector<uint8_t> bytes = encode_part(hash);
  ASSERT_EQ(bytes.size(), 20u);
  EXPECT_EQ(u32_at(bytes, 0), 1u);
  EXPECT_TRUE(std::equal(h.digest.begin(), h.digest.end(), bytes.begin() + 4));

  const std::vector<uint8_t> sfi = encode_part(make_part(make_fourcc('S', 'F', 'I', '0'), FeatureInfo{0x0102030405060708u}));
  EXPECT_EQ(sfi, (std::vector<uint8_t>{8, 7, 6, 5, 4, 3, 2, 1}));

  Container c;
  c.parts.push_back(hash);
  c.parts.push_back(make_part(make_fourcc('S', 'F', 'I', '0'), FeatureInfo{1u << 20}));
  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(c, file, &warnings);
  EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
  EXPECT_EQ(content<ShaderHash>(back).flags, 1u);
  EXPECT_EQ(content<ShaderHash>(back).digest, h.digest);
  EXPECT_EQ(content<FeatureInfo>(back, 1).flags, 1u << 20);
}

SignatureElement sig_element(std::string_view name, uint32_t index, uint32_t reg) {
  SignatureElement e;
  e.stream = 1;
  e.name_offset = 12345;  // recomputed
  e.name = name;
  e.semantic_index = index;
  e.system_value = 3;
  e.component_type = 2;
  e.reg = reg;
  e.mask = 0xF;
  e.exclusive_mask = 0x3;
  e.unused = 0;
  e.min_precision = 5;
  return e;
}

TEST(Writer, Signatures) {
  struct Case {
    uint32_t fourcc;
    SignatureLayout layout;
    uint32_t element_size;
  };
  for (const Case& k : {Case{make_fourcc('I', 'S', 'G', '1'), SignatureLayout::sg1, 32},
                        Case{make_fourcc('O', 'S', 'G', 'N'), SignatureLayout::legacy, 24},
                        Case{make_fourcc('O', 'S', 'G', '5'), SignatureLayout::osg5, 28}}) {
    SCOPED_TRACE(fourcc_text(k.fourcc));
    Signature sig;
    sig.layout = k.layout;
    sig.param_count = 99;          // recomputed
    sig.first_param_offset = 64;   // recomputed
    sig.elements = {sig_element("TEXCOORD", 0, 0), sig_element("TEXCOORD", 1, 1), sig_element("", 0, 2),
                    sig_element("SV_Position", 0, 3)};
    std::vector<uint8_t> file;
    std::vector<Diagnostic> warnings;
    const Container back = round_trip(single(make_part(k.fourcc, sig)), file, &warnings);
    EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
    const Signature& got = content<Signature>(back);
    EXPECT_EQ(got.layout, k.layout);
    EXPECT_EQ(got.param_count, 4u);
    EXPECT_EQ(got.first_param_offset, 8u);
    ASSERT_EQ(got.elements.size(), 4u);

    // Names follow the elements, each distinct one once; "" is offset 0.
    const uint32_t strings = 8 + 4 * k.element_size;
    const uint32_t expected_offsets[4] = {strings, strings, 0, strings + 9};
    for (size_t i = 0; i < 4; ++i) {
      SCOPED_TRACE(i);
      const SignatureElement &e = got.elements[i], &want = sig.elements[i];
      EXPECT_EQ(e.name_offset, expected_offsets[i]);
      EXPECT_EQ(e.name, want.name);
      EXPECT_EQ(e.stream, k.layout == SignatureLayout::legacy ? 0u : want.stream);
      EXPECT_EQ(e.semantic_index, want.semantic_index);
      EXPECT_EQ(e.system_value, want.system_value);
      EXPECT_EQ(e.component_type, want.component_type);
      EXPECT_EQ(e.reg, want.reg);
      EXPECT_EQ(e.mask, want.mask);
      EXPECT_EQ(e.exclusive_mask, want.exclusive_mask);
      EXPECT_EQ(e.unused, want.unused);
      EXPECT_EQ(e.min_precision, k.layout == SignatureLayout::sg1 ? want.min_precision : 0u);
    }
    // "TEXCOORD\0SV_Position\0" = 21 bytes, zero-padded to 4.
    EXPECT_EQ(back.parts[0].size, align_up4(strings + 21));
    EXPECT_EQ(back.parts[0].data.back(), 0);
  }
}

TEST(Writer, EmptySignature) {
  Signature sig;
  const std::vector<uint8_t> bytes = encode_part(make_part(make_fourcc('I', 'S', 'G', '1'), sig));
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0, 0, 0, 0, 8, 0, 0, 0}));
}

PsvSignatureElement psv_element(std::string_view name, U32Array indices, uint8_t rows) {
  PsvSignatureElement e;
  e.name_offset = 777;     // recomputed
  e.indices_offset = 555;  // recomputed
  e.rows = rows;
  e.start_row = 2;
  e.col_bits = 0x34;
  e.kind = 0;
  e.component_type = 3;
  e.interpolation = 2;
  e.stream_bits = 0x1F;
  e.reserved = 0;
  e.name = name;
  e.indices = indices;
  return e;
}

TEST(Writer, PsvV0) {
  Store s;
  Program prog;
  prog.header.shader_kind = 1;
  prog.header.bitcode_magic = kDXIL;
  Psv psv;
  psv.version = 0;
  psv.info.stage_info = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  psv.info.min_wave_lane_count = 4;
  psv.info.max_wave_lane_count = 64;
  psv.info.shader_stage = 9;  // not stored in v0
  psv.resources = {{1, 2, 3, 4, 0, 0}, {5, 6, 7, 8, 0, 0}};
  Container c;
  c.parts.push_back(make_part(kDXIL, prog));
  c.parts.push_back(make_part(make_fourcc('P', 'S', 'V', '0'), psv));
  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(c, file, &warnings);
  EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
  const Psv& got = content<Psv>(back, 1);
  EXPECT_EQ(back.parts[1].size, 4u + 24 + 4 + 4 + 2 * 16);
  EXPECT_EQ(got.runtime_info_size, 24u);
  EXPECT_EQ(got.version, 0u);
  EXPECT_EQ(got.info.stage_info, psv.info.stage_info);
  EXPECT_EQ(got.info.min_wave_lane_count, 4u);
  EXPECT_EQ(got.info.max_wave_lane_count, 64u);
  EXPECT_EQ(got.info.shader_stage, 0);
  EXPECT_EQ(got.resource_count, 2u);
  EXPECT_EQ(got.resource_stride, 16u);
  ASSERT_EQ(got.resources.size(), 2u);
  EXPECT_EQ(got.resources[1].type, 5u);
  EXPECT_EQ(got.resources[1].space, 6u);
  EXPECT_EQ(got.resources[1].lower_bound, 7u);
  EXPECT_EQ(got.resources[1].upper_bound, 8u);
  EXPECT_EQ(got.layout_stage, 1u);  // from the DXIL part

  // No resources: no stride.
  psv.resources.clear();
  const std::vector<uint8_t> bare = encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), psv));
  EXPECT_EQ(bare.size(), 4u + 24 + 4);

  // A runtime info one byte short of v0's 24 is no version at all.
  const size_t size_at = back.parts[1].offset + kPartHeaderSize;
  file[size_at] = 23;
  const ParseResult short_info = parse_container(file);
  ASSERT_FALSE(short_info.ok());
  EXPECT_EQ(short_info.error->code, Code::unsupported_version) << short_info.error->to_string();
  EXPECT_EQ(short_info.error->offset, size_at);
}

TEST(Writer, PsvV3ElementsStringsIndicesAndTables) {
  Store s;
  Psv psv;
  psv.version = 3;
  psv.runtime_info_size = 1000;  // recomputed from the version
  PsvRuntimeInfo& i = psv.info;
  i.stage_info = {0xA, 0, 0, 0, 0xB};
  i.min_wave_lane_count = 8;
  i.max_wave_lane_count = 32;
  i.shader_stage = 1;  // vertex
  i.uses_view_id = 1;
  i.geom_data = 0;
  i.sig_input_elements = 9;  // recomputed from the lists
  i.sig_output_elements = 9;
  i.sig_patch_or_prim_elements = 9;
  i.sig_input_vectors = 2;
  i.sig_output_vectors = {3, 0, 0, 9};
  i.num_threads_x = 1;
  i.num_threads_y = 2;
  i.num_threads_z = 3;
  i.entry_name_offset = 4444;  // recomputed
  psv.resources = {{1, 2, 3, 4, 5, 1}};
  psv.inputs = {psv_element("POS", s.words({0, 1}), 2), psv_element("COLOR", s.words({1}), 1)};
  psv.outputs = {psv_element("", s.words({0}), 1), psv_element("POS", s.words({0, 1}), 2),
                 psv_element("TEX", s.words({7, 8}), 2)};
  psv.entry_name = "main";
  psv.output_vector_masks[0] = s.words({0xF0});   // 1 dword for 3 vectors
  psv.output_vector_masks[3] = s.words({1, 2});   // stream 3: 9 vectors need 2 dwords
  psv.input_output_map[0] = s.words({1, 2, 3});   // 2 inputs * 4 * 1 dword = 8: zero-extended
  psv.input_output_map[3] = s.words({5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21});  // 16: cut
  psv.patch_output_map = s.words({99});  // not a domain shader: not stored

  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(single(make_part(make_fourcc('P', 'S', 'V', '0'), psv)), file, &warnings);
  EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
  const Psv& got = content<Psv>(back);
  EXPECT_EQ(got.runtime_info_size, 52u);
  EXPECT_EQ(got.version, 3u);
  EXPECT_EQ(got.info.stage_info, i.stage_info);
  EXPECT_EQ(got.info.min_wave_lane_count, 8u);
  EXPECT_EQ(got.info.max_wave_lane_count, 32u);
  EXPECT_EQ(got.info.shader_stage, 1);
  EXPECT_EQ(got.info.uses_view_id, 1);
  EXPECT_EQ(got.info.sig_input_elements, 2);
  EXPECT_EQ(got.info.sig_output_elements, 3);
  EXPECT_EQ(got.info.sig_patch_or_prim_elements, 0);
  EXPECT_EQ(got.info.sig_input_vectors, 2);
  EXPECT_EQ(got.info.sig_output_vectors, i.sig_output_vectors);
  EXPECT_EQ(got.info.num_threads_x, 1u);
  EXPECT_EQ(got.info.num_threads_y, 2u);
  EXPECT_EQ(got.info.num_threads_z, 3u);
  ASSERT_EQ(got.resources.size(), 1u);
  EXPECT_EQ(got.resource_stride, 24u);
  EXPECT_EQ(got.resources[0].kind, 5u);
  EXPECT_EQ(got.resources[0].flags, 1u);

  // String table: "\0", every non-empty name (no deduplication), the entry
  // name, padded to 4 (here 24 bytes already are).
  const std::string_view table(reinterpret_cast<const char*>(got.string_table.data()), got.string_table.size());
  EXPECT_EQ(table, std::string_view("\0POS\0COLOR\0POS\0TEX\0main\0", 24));
  EXPECT_EQ(got.info.entry_name_offset, 19u);
  EXPECT_EQ(got.entry_name, "main");
  // Index runs are reused: {0,1} at 0, {1} found at 1, {0} at 0, {7,8} appended.
  EXPECT_EQ(to_vector(got.semantic_index_table), (std::vector<uint32_t>{0, 1, 7, 8}));
  EXPECT_EQ(got.element_stride, 16u);

  ASSERT_EQ(got.inputs.size(), 2u);
  ASSERT_EQ(got.outputs.size(), 3u);
  EXPECT_TRUE(got.patch_or_prim.empty());
  const uint32_t name_offsets[5] = {1, 5, 0, 11, 15};
  const uint32_t index_offsets[5] = {0, 1, 0, 0, 2};
  const PsvSignatureElement* want[5] = {&psv.inputs[0], &psv.inputs[1], &psv.outputs[0], &psv.outputs[1],
                                        &psv.outputs[2]};
  const PsvSignatureElement* have[5] = {&got.inputs[0], &got.inputs[1], &got.outputs[0], &got.outputs[1],
                                        &got.outputs[2]};
  for (size_t k = 0; k < 5; ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(have[k]->name_offset, name_offsets[k]);
    EXPECT_EQ(have[k]->indices_offset, index_offsets[k]);
    EXPECT_EQ(have[k]->name, want[k]->name);
    EXPECT_EQ(to_vector(have[k]->indices), to_vector(want[k]->indices));
    EXPECT_EQ(have[k]->rows, want[k]->rows);
    EXPECT_EQ(have[k]->start_row, want[k]->start_row);
    EXPECT_EQ(have[k]->col_bits, want[k]->col_bits);
    EXPECT_EQ(have[k]->kind, want[k]->kind);
    EXPECT_EQ(have[k]->component_type, want[k]->component_type);
    EXPECT_EQ(have[k]->interpolation, want[k]->interpolation);
    EXPECT_EQ(have[k]->stream_bits, want[k]->stream_bits);
    EXPECT_EQ(have[k]->reserved, want[k]->reserved);
  }

  // Dependency tables: sized from RuntimeInfo, zero-extended or cut.
  EXPECT_EQ(to_vector(got.output_vector_masks[0]), (std::vector<uint32_t>{0xF0}));
  EXPECT_TRUE(got.output_vector_masks[1].empty());
  EXPECT_TRUE(got.output_vector_masks[2].empty());
  EXPECT_EQ(to_vector(got.output_vector_masks[3]), (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(to_vector(got.input_output_map[0]), (std::vector<uint32_t>{1, 2, 3, 0, 0, 0, 0, 0}));
  EXPECT_EQ(to_vector(got.input_output_map[3]),
            (std::vector<uint32_t>{5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20}));
  EXPECT_TRUE(got.patch_output_map.empty());
  EXPECT_TRUE(got.patch_or_prim_vector_mask.empty());
}

TEST(Writer, PsvStageTablesAndVersions) {
  Store s;
  // Hull: patch constant mask (with ViewID) and the input -> patch map.
  Psv hull;
  hull.version = 1;
  hull.info.shader_stage = 3;
  hull.info.uses_view_id = 1;
  hull.info.geom_data = 5;  // 5 patch constant vectors
  hull.info.sig_input_vectors = 1;
  hull.info.sig_patch_or_prim_elements = 1;
  hull.patch_or_prim = {psv_element("TF", s.words({0}), 1)};
  hull.layout_stage = 3;
  hull.patch_or_prim_vector_mask = s.words({0xAB});
  hull.input_patch_map = s.words({1, 2, 3, 4});
  // Domain: the patch constant -> output map.
  Psv domain;
  domain.version = 2;
  domain.info.shader_stage = 4;
  domain.info.geom_data = 2;
  domain.info.sig_output_vectors = {1, 0, 0, 0};
  domain.patch_output_map = s.words({9, 8, 7, 6, 5, 4, 3, 2});
  domain.info.num_threads_x = 77;  // kept: v2 stores NumThreads whatever the stage
  domain.layout_stage = 4;
  // Mesh: the primitive mask.
  Psv mesh;
  mesh.version = 3;
  mesh.info.shader_stage = 13;
  mesh.info.uses_view_id = 1;
  mesh.info.geom_data = 0x0103;  // topology 1, 3 primitive vectors
  mesh.patch_or_prim_vector_mask = s.words({0x7});
  mesh.entry_name = "";
  mesh.layout_stage = 13;

  struct Case {
    const Psv* psv;
    uint32_t info_size;
  };
  for (const Case& k : {Case{&hull, 36}, Case{&domain, 48}, Case{&mesh, 52}}) {
    SCOPED_TRACE(k.info_size);
    std::vector<uint8_t> file;
    std::vector<Diagnostic> warnings;
    const Container back = round_trip(single(make_part(make_fourcc('P', 'S', 'V', '0'), *k.psv)), file, &warnings);
    EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
    const Psv& got = content<Psv>(back);
    EXPECT_EQ(got.runtime_info_size, k.info_size);
    EXPECT_EQ(got.layout_stage, k.psv->info.shader_stage);
    const std::string diff = semantic_diff(single(make_part(make_fourcc('P', 'S', 'V', '0'), *k.psv)), back);
    EXPECT_TRUE(diff.empty()) << diff;
    EXPECT_EQ(to_vector(got.patch_or_prim_vector_mask), to_vector(k.psv->patch_or_prim_vector_mask));
    EXPECT_EQ(to_vector(got.input_patch_map), to_vector(k.psv->input_patch_map));
    EXPECT_EQ(to_vector(got.patch_output_map), to_vector(k.psv->patch_output_map));
    // Without names the string table is just the empty string.
    EXPECT_EQ(got.string_table.size(), 4u);
  }
}

// LLVM 22 writes a mesh shader's PSV0 without the primitive ViewID mask.
// With its quirks on, a part short by exactly that mask is read in LLVM's
// layout (a legacy_layout warning); the length that tells the two layouts
// apart counts the masks of all four output streams.
Psv llvm_mesh_psv(Store& s, uint8_t primitive_vectors) {
  Psv mesh;
  mesh.version = 3;
  mesh.info.shader_stage = 13;
  mesh.info.uses_view_id = 1;
  mesh.info.geom_data = static_cast<uint16_t>(0x0100 | primitive_vectors);  // topology 1
  mesh.info.sig_output_vectors = {1, 0, 0, 1};
  mesh.output_vector_masks[0] = s.words({0x1});
  mesh.output_vector_masks[3] = s.words({0x2});
  if (primitive_vectors > 0) mesh.patch_or_prim_vector_mask = s.words({0x7});
  mesh.entry_name = "";
  mesh.layout_stage = 13;
  return mesh;
}

ParseOptions llvm_quirks() {
  ParseOptions options;
  options.psv_quirks.llvm_mesh_layout = true;
  return options;
}

TEST(Writer, MeshPsvWithoutThePrimitiveMaskReadsInLlvmsLayout) {
  Store s;
  std::vector<uint8_t> part = encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), llvm_mesh_psv(s, 3)));
  part.resize(part.size() - 4);  // the primitive mask, the part's last word (no input vectors)
  const std::vector<uint8_t> file = test::container_of({{"PSV0", part}});
  const ParseResult r = parse_container(file, llvm_quirks());
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.warnings.size(), 1u) << warning_text(r.warnings);
  EXPECT_EQ(r.warnings[0].code, Code::legacy_layout);
  EXPECT_EQ(r.warnings[0].path, "parts[0].PSV0.patch_or_prim_vector_mask");
  const Psv& got = content<Psv>(*r.container);
  EXPECT_EQ(to_vector(got.output_vector_masks[3]), (std::vector<uint32_t>{0x2}));
  EXPECT_TRUE(got.patch_or_prim_vector_mask.empty());
}

// A mesh shader with no primitive vectors has no primitive mask in either
// layout: nothing is missing, nothing to warn about.
TEST(Writer, MeshPsvWithoutPrimitiveVectorsIsNoLegacyLayout) {
  Store s;
  const std::vector<uint8_t> part = encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), llvm_mesh_psv(s, 0)));
  const std::vector<uint8_t> file = test::container_of({{"PSV0", part}});
  const ParseResult r = parse_container(file, llvm_quirks());
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_TRUE(r.warnings.empty()) << warning_text(r.warnings);
}

// Only v3's runtime info has an entry name offset: an older version's
// string table holds no entry name, whatever the model carries.
TEST(Writer, PsvBeforeV3WritesNoEntryName) {
  for (uint32_t version : {1u, 2u}) {
    SCOPED_TRACE(version);
    Psv psv;
    psv.version = version;
    const std::vector<uint8_t> bare = encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), psv));
    psv.entry_name = "main";
    EXPECT_EQ(encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), psv)), bare);
  }
}

TEST(Writer, PsvCountsThatDoNotFitThrow) {
  Psv psv;
  psv.version = 1;
  psv.inputs.resize(256);
  EXPECT_THROW((void)encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), psv)), std::length_error);
  psv.inputs.resize(255);
  EXPECT_NO_THROW((void)encode_part(make_part(make_fourcc('P', 'S', 'V', '0'), psv)));
}

// A model's strides are kept: padded records round-trip, and a stride
// shorter than the record (only a hostile file has one) cuts each record.
TEST(Writer, PsvRecordStridesAreKept) {
  Psv psv;
  psv.version = 2;
  psv.resources = {{2, 0, 1, 1, 5, 1}};
  psv.inputs.resize(2);
  psv.inputs[0].name = "A";
  psv.inputs[1].name = "B";
  psv.inputs[1].rows = 1;
  psv.resource_stride = 28;
  psv.element_stride = 20;
  std::vector<uint8_t> file;
  // Resource records longer than the newest known version's are read as
  // that version (a later dxc's records), which the reader says.
  const Container back =
      round_trip_warning_once(make_part(make_fourcc('P', 'S', 'V', '0'), psv), file, Code::psv_newer_version);
  const Psv& got = content<Psv>(back);
  EXPECT_EQ(got.resource_stride, 28u);
  ASSERT_EQ(got.resources.size(), 1u);
  EXPECT_EQ(got.resources[0].kind, 5u);
  EXPECT_EQ(got.resources[0].flags, 1u);
  EXPECT_EQ(got.element_stride, 20u);
  ASSERT_EQ(got.inputs.size(), 2u);
  EXPECT_EQ(got.inputs[1].name, "B");
  EXPECT_EQ(got.inputs[1].rows, 1);

  // Elements end the part (no outputs, so no tables follow): at stride 8
  // the part is 16 bytes shorter and the reader rejects the stride.
  psv.element_stride = 8;
  const std::vector<uint8_t> cut = write_container(single(make_part(make_fourcc('P', 'S', 'V', '0'), psv)));
  EXPECT_EQ(cut.size() + 2 * (20 - 8), file.size());
  const ParseResult r = parse_container(cut);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::invalid_stride);
  EXPECT_EQ(r.error->path, "parts[0].PSV0.element_stride");
}

RootSignature sample_root_signature(uint32_t version) {
  RootSignature rs;
  rs.version = version;
  rs.num_parameters = 42;        // recomputed
  rs.parameters_offset = 1000;   // recomputed
  rs.static_samplers_offset = 3; // recomputed
  rs.flags = 0x41;
  DescriptorTable table;
  table.num_ranges = 7;  // recomputed
  table.ranges = {{0, 4, 1, 0, version == 1 ? 0u : 2u, 0}, {2, 1, 0, 3, version == 1 ? 0u : 4u, 0xFFFFFFFF}};
  RootParameter p0{0, 5, 0, table};
  RootParameter p1{1, 0, 0, RootConstants{1, 2, 16}};
  RootParameter p2{2, 1, 0, RootDescriptor{3, 4, version == 1 ? 0u : 8u}};
  RootParameter p3{4, 7, 0, RootDescriptor{5, 6, 0}};
  rs.parameters = {p0, p1, p2, p3};
  StaticSampler sampler{0x15, 1, 2, 3, 0x3F800000, 16, 4, 2, 0, 0x7F7FFFFF, 9, 1, 0, version == 3 ? 1u : 0u};
  rs.static_samplers = {sampler, sampler};
  rs.static_samplers[1].shader_register = 10;
  return rs;
}

TEST(Writer, RootSignatureEveryVersion) {
  for (uint32_t version : {1u, 2u, 3u}) {
    SCOPED_TRACE(version);
    const RootSignature rs = sample_root_signature(version);
    std::vector<uint8_t> file;
    std::vector<Diagnostic> warnings;
    const Container back = round_trip(single(make_part(make_fourcc('R', 'T', 'S', '0'), rs)), file, &warnings);
    EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
    const RootSignature& got = content<RootSignature>(back);
    EXPECT_EQ(got.num_parameters, 4u);
    EXPECT_EQ(got.num_static_samplers, 2u);
    EXPECT_EQ(got.flags, 0x41u);

    // Header 24, parameter headers 4 * 12, then each payload in order.
    const uint32_t range = version == 1 ? 20 : 24;
    const uint32_t descriptor = version == 1 ? 8 : 12;
    const uint32_t sampler = version == 3 ? 56 : 52;
    EXPECT_EQ(got.parameters_offset, 24u);
    ASSERT_EQ(got.parameters.size(), 4u);
    EXPECT_EQ(got.parameters[0].offset, 72u);
    const auto& table = std::get<DescriptorTable>(got.parameters[0].value);
    EXPECT_EQ(table.num_ranges, 2u);
    EXPECT_EQ(table.ranges_offset, 80u);
    EXPECT_EQ(got.parameters[1].offset, 80 + 2 * range);
    EXPECT_EQ(got.parameters[2].offset, 80 + 2 * range + 12);
    EXPECT_EQ(got.parameters[3].offset, 80 + 2 * range + 12 + descriptor);
    EXPECT_EQ(got.static_samplers_offset, 80 + 2 * range + 12 + 2 * descriptor);
    EXPECT_EQ(back.parts[0].size, got.static_samplers_offset + 2 * sampler);

    for (size_t k = 0; k < 4; ++k) {
      EXPECT_EQ(got.parameters[k].type, rs.parameters[k].type);
      EXPECT_EQ(got.parameters[k].visibility, rs.parameters[k].visibility);
    }
    const auto& want_table = std::get<DescriptorTable>(rs.parameters[0].value);
    for (size_t k = 0; k < 2; ++k) {
      EXPECT_EQ(table.ranges[k].range_type, want_table.ranges[k].range_type);
      EXPECT_EQ(table.ranges[k].num_descriptors, want_table.ranges[k].num_descriptors);
      EXPECT_EQ(table.ranges[k].base_shader_register, want_table.ranges[k].base_shader_register);
      EXPECT_EQ(table.ranges[k].register_space, want_table.ranges[k].register_space);
      EXPECT_EQ(table.ranges[k].flags, want_table.ranges[k].flags);
      EXPECT_EQ(table.ranges[k].offset_in_descriptors_from_table_start,
                want_table.ranges[k].offset_in_descriptors_from_table_start);
    }
    const auto& constants = std::get<RootConstants>(got.parameters[1].value);
    EXPECT_EQ(constants.shader_register, 1u);
    EXPECT_EQ(constants.register_space, 2u);
    EXPECT_EQ(constants.num_32bit_values, 16u);
    const auto& cbv = std::get<RootDescriptor>(got.parameters[2].value);
    EXPECT_EQ(cbv.shader_register, 3u);
    EXPECT_EQ(cbv.register_space, 4u);
    EXPECT_EQ(cbv.flags, version == 1 ? 0u : 8u);
    EXPECT_EQ(std::get<RootDescriptor>(got.parameters[3].value).shader_register, 5u);

    const StaticSampler& sm = got.static_samplers[1];
    EXPECT_EQ(sm.filter, 0x15u);
    EXPECT_EQ(sm.address_u, 1u);
    EXPECT_EQ(sm.address_v, 2u);
    EXPECT_EQ(sm.address_w, 3u);
    EXPECT_EQ(sm.mip_lod_bias_bits, 0x3F800000u);
    EXPECT_EQ(sm.max_anisotropy, 16u);
    EXPECT_EQ(sm.comparison_func, 4u);
    EXPECT_EQ(sm.border_color, 2u);
    EXPECT_EQ(sm.min_lod_bits, 0u);
    EXPECT_EQ(sm.max_lod_bits, 0x7F7FFFFFu);
    EXPECT_EQ(sm.shader_register, 10u);
    EXPECT_EQ(sm.register_space, 1u);
    EXPECT_EQ(sm.shader_visibility, 0u);
    EXPECT_EQ(sm.flags, version == 3 ? 1u : 0u);
  }
}

TEST(Writer, RootSignatureEmptyAndMismatchedValue) {
  RootSignature rs;
  rs.version = 2;
  const std::vector<uint8_t> empty = encode_part(make_part(make_fourcc('R', 'T', 'S', '0'), rs));
  EXPECT_EQ(empty, (std::vector<uint8_t>{2, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0, 24, 0, 0, 0, 0, 0, 0, 0}));

  // The payload follows the type; a value of another kind becomes a default.
  rs.parameters = {RootParameter{1, 0, 0, RootDescriptor{7, 7, 7}}};
  std::vector<uint8_t> file;
  const Container back = round_trip(single(make_part(make_fourcc('R', 'T', 'S', '0'), rs)), file);
  const RootSignature& got = content<RootSignature>(back);
  ASSERT_EQ(got.parameters.size(), 1u);
  const auto& c = std::get<RootConstants>(got.parameters[0].value);
  EXPECT_EQ(c.shader_register, 0u);
  EXPECT_EQ(c.num_32bit_values, 0u);
}

TEST(Writer, DebugName) {
  DebugName d;
  d.flags = 0;
  d.name_length = 1;  // recomputed
  d.name = "shader.pdb";
  const std::vector<uint8_t> bytes = encode_part(make_part(make_fourcc('I', 'L', 'D', 'N'), d));
  const std::vector<uint8_t> expected = {0, 0, 10, 0, 's', 'h', 'a', 'd', 'e', 'r', '.', 'p', 'd', 'b', 0, 0};
  EXPECT_EQ(bytes, expected);

  for (std::string_view name : {"", "a", "abc", "abcd", "0123456789abcdef0123.pdb"}) {
    d.name = name;
    std::vector<uint8_t> file;
    std::vector<Diagnostic> warnings;
    const Container back = round_trip(single(make_part(make_fourcc('I', 'L', 'D', 'N'), d)), file, &warnings);
    EXPECT_TRUE(warnings.empty()) << name << warning_text(warnings);
    EXPECT_EQ(content<DebugName>(back).name, name);
    EXPECT_EQ(content<DebugName>(back).name_length, name.size());
  }
  const std::string huge(70000, 'x');
  d.name = std::string_view(huge);
  EXPECT_THROW((void)encode_part(make_part(make_fourcc('I', 'L', 'D', 'N'), d)), std::length_error);
}

TEST(Writer, CompilerVersion) {
  CompilerVersion v;
  v.major = 1;
  v.minor = 8;
  v.version_flags = 2;
  v.commit_count = 4711;
  v.string_list_size = 1;  // recomputed
  v.commit_sha = "abc";
  v.custom_version = "";
  const std::vector<uint8_t> bytes = encode_part(make_part(make_fourcc('V', 'E', 'R', 'S'), v));
  ASSERT_EQ(bytes.size(), 24u);  // 16 + "abc\0" + "\0" = 21 -> 24
  EXPECT_EQ(u32_at(bytes, 12), 5u);

  for (std::string_view custom : {"", "custom build 7"}) {
    v.custom_version = custom;
    std::vector<uint8_t> file;
    std::vector<Diagnostic> warnings;
    const Container back = round_trip(single(make_part(make_fourcc('V', 'E', 'R', 'S'), v)), file, &warnings);
    EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
    const CompilerVersion& got = content<CompilerVersion>(back);
    EXPECT_EQ(got.major, 1);
    EXPECT_EQ(got.minor, 8);
    EXPECT_EQ(got.version_flags, 2u);
    EXPECT_EQ(got.commit_count, 4711u);
    EXPECT_EQ(got.string_list_size, 3 + 1 + custom.size() + 1);
    EXPECT_EQ(got.commit_sha, "abc");
    EXPECT_EQ(got.custom_version, custom);
  }
}

SourceInfo sample_source_info(Store& s, uint16_t compress_type, bool with_args) {
  SourceInfo si;
  si.flags = 0;
  si.compress_type = compress_type;
  std::string big;
  for (int i = 0; i < 200; ++i) big += "float4 main() : SV_Target { return 1; }\n";
  si.files = {{s.string("main.hlsl"), s.string(big)}, {s.string("inc/common.hlsli"), s.string("#define X 1")},
              {s.string("e"), s.string("")}};
  if (with_args) si.args = {{s.string("T"), s.string("ps_6_0")}, {s.string("Zi"), s.string("")},
                            {s.string(""), s.string("main.hlsl")}};
  return si;
}

TEST(Writer, SourceInfo) {
  for (uint16_t compress : {uint16_t{0}, uint16_t{1}}) {
    for (bool args : {false, true}) {
      SCOPED_TRACE(strprintf("compress %u, args %d", compress, args));
      Store s;
      const SourceInfo si = sample_source_info(s, compress, args);
      std::vector<uint8_t> file;
      std::vector<Diagnostic> warnings;
      const Container back = round_trip(single(make_part(make_fourcc('S', 'R', 'C', 'I'), si)), file, &warnings);
      EXPECT_TRUE(warnings.empty()) << warning_text(warnings);
      const SourceInfo& got = content<SourceInfo>(back);
      EXPECT_EQ(got.flags, 0);
      EXPECT_EQ(got.section_count, args ? 3 : 2);
      EXPECT_EQ(got.aligned_size, back.parts[0].size);
      EXPECT_EQ(got.aligned_size % 4, 0u);
      EXPECT_EQ(got.compress_type, compress);
      if (compress == 1) {
        EXPECT_LT(got.compressed_size, got.uncompressed_size / 4);
      } else {
        EXPECT_EQ(got.compressed_size, got.uncompressed_size);
      }
      const Container want = single(make_part(make_fourcc('S', 'R', 'C', 'I'), si));
      const std::string diff = semantic_diff(want, back);
      EXPECT_TRUE(diff.empty()) << diff;
      ASSERT_EQ(got.files.size(), 3u);
      EXPECT_EQ(got.files[1].name, "inc/common.hlsli");
      EXPECT_EQ(got.files[1].content, "#define X 1");
      EXPECT_EQ(got.args.size(), args ? 3u : 0u);
    }
  }
  // Any compression type but zlib is stored uncompressed.
  Store s;
  const SourceInfo odd = sample_source_info(s, 7, false);
  std::vector<uint8_t> file;
  const Container back = round_trip(single(make_part(make_fourcc('S', 'R', 'C', 'I'), odd)), file);
  EXPECT_EQ(content<SourceInfo>(back).compress_type, 0);
}

// One stored file, byte for byte: the sizes the layout implies, and
// every flags word and padding byte zero.
TEST(Writer, SourceInfoBytes) {
  Store s;
  SourceInfo si;
  si.files = {{s.string("a"), s.string("b")}};
  ByteWriter w;
  for (uint32_t v : {92u, 0x00020000u}) w.put_u32_le(v);          // AlignedSize, Flags, SectionCount 2
  for (uint32_t v : {40u, 0x00010000u, 0u, 1u}) w.put_u32_le(v);  // names: size, type 1, Flags, Count
  w.put_u16_le(20);                                               // EntriesSize
  for (uint32_t v : {20u, 0u, 2u, 2u}) w.put_u32_le(v);           // AlignedSize, Flags, NameSize, ContentSize
  w.put_cstring("a");
  w.put_zeros(2 + 2);                                             // the entry's padding, the section's
  for (uint32_t v : {44u, 0u, 36u, 0u, 16u, 16u, 1u}) w.put_u32_le(v);  // contents: size, type 0, AlignedSize,
                                                                  // Flags and CompressType, sizes, Count
  for (uint32_t v : {16u, 0u, 2u}) w.put_u32_le(v);               // AlignedSize, Flags, ContentSize
  w.put_cstring("b");
  w.put_zeros(2);
  EXPECT_EQ(encode_part(make_part(make_fourcc('S', 'R', 'C', 'I'), si)), w.take());
}

// zlib-compressed source contents with no file: an empty stream that
// inflates to the declared 0 bytes. (Found by fuzz_srci: the parser handed
// zlib a null output buffer.)
TEST(Writer, CompressedSourceInfoWithoutFiles) {
  SourceInfo si;
  si.compress_type = 1;
  std::vector<uint8_t> file;
  const Container back = round_trip(single(make_part(make_fourcc('S', 'R', 'C', 'I'), si)), file);
  EXPECT_EQ(content<SourceInfo>(back).compress_type, 1);
  EXPECT_TRUE(content<SourceInfo>(back).files.empty());
}

// A prerelease RDAT (first word below 0x10) is not decoded; the writer
// reproduces the part's bytes. (Found by fuzz_rdat's round-trip check.)
TEST(Writer, PrereleaseRuntimeDataKeepsItsBytes) {
  Store s;
  RuntimeData rd;
  rd.version = 2;
  Part p = make_part(make_fourcc('R', 'D', 'A', 'T'), rd);
  p.data = s.bytes({2, 0, 0, 0, 7, 7, 7, 7});
  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(single(p), file, &warnings);
  EXPECT_EQ(semantic_diff(single(p), back), "");
  EXPECT_TRUE(std::equal(back.parts[0].data.begin(), back.parts[0].data.end(), p.data.begin(), p.data.end()));
  EXPECT_TRUE(has_code(warnings, Code::legacy_layout)) << warning_text(warnings);
}

// An RDAT table of records of 0 bytes: a count with nothing to count.
TEST(Writer, RuntimeDataTableOfEmptyRecordsIsRejected) {
  Store s;
  RuntimeData rd;
  RdatSection table;
  table.type = 3;
  table.data = s.bytes({1, 0, 0, 0, 0, 0, 0, 0});  // RecordCount 1, RecordStride 0
  rd.sections = {table};
  const std::vector<uint8_t> file = write_container(single(make_part(make_fourcc('R', 'D', 'A', 'T'), rd)));
  const ParseResult r = parse_container(file);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::invalid_stride) << r.error->to_string();
}

TEST(Writer, RuntimeData) {
  Store s;
  RuntimeData rd;
  rd.version = 0x10;
  RdatSection strings;
  strings.offset = 1;  // recomputed
  strings.type = 1;
  strings.data = s.text(std::string_view("main\0x\0\0", 8));
  RdatSection table;
  table.type = 3;
  table.data = s.bytes({2, 0, 0, 0, 4, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2});
  RdatSection raw;
  raw.type = 5;
  raw.data = s.bytes({9, 9, 9, 9, 9});  // not a multiple of 4: the next section stays aligned
  rd.sections = {strings, table, raw, strings};
  std::vector<uint8_t> file;
  // The parser warns about the unaligned size, and about nothing else.
  const Container back =
      round_trip_warning_once(make_part(make_fourcc('R', 'D', 'A', 'T'), rd), file, Code::part_size_mismatch);
  const RuntimeData& got = content<RuntimeData>(back);
  EXPECT_EQ(got.version, 0x10u);
  ASSERT_EQ(got.sections.size(), 4u);
  const uint32_t offsets[4] = {24, 24 + 16, 24 + 16 + 24, 24 + 16 + 24 + 16};
  for (size_t k = 0; k < 4; ++k) {
    SCOPED_TRACE(k);
    EXPECT_EQ(got.sections[k].offset, offsets[k]);
    EXPECT_EQ(got.sections[k].type, rd.sections[k].type);
    EXPECT_EQ(got.sections[k].size, rd.sections[k].data.size());
    EXPECT_TRUE(std::equal(got.sections[k].data.begin(), got.sections[k].data.end(), rd.sections[k].data.begin(),
                           rd.sections[k].data.end()));
  }
  EXPECT_TRUE(got.sections[1].is_table);
  EXPECT_EQ(got.sections[1].record_count, 2u);
  EXPECT_EQ(got.sections[1].record_stride, 4u);
  EXPECT_FALSE(got.sections[0].is_table);
  EXPECT_EQ(back.parts[0].size, offsets[3] + 16);
}

TEST(Writer, RawPartIsCopied) {
  Store s;
  Part p = make_part(make_fourcc('S', 'T', 'A', 'T'), RawPart{});
  p.data = s.bytes({5, 4, 3, 2, 1, 0, 0, 7});
  const std::vector<uint8_t> bytes = encode_part(p);
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.end(), p.data.begin(), p.data.end()));
}

// A container with one part of every decoded kind survives a round trip and
// a second write changes nothing.
TEST(Writer, EveryKindTogether) {
  Store s;
  Container c;
  Program prog;
  prog.header.version = 0x60;
  prog.header.shader_kind = 0;
  prog.header.bitcode_magic = kDXIL;
  prog.header.dxil_major = 1;
  prog.bitcode = s.bytes({'B', 'C', 0xC0, 0xDE});
  c.parts.push_back(make_part(kDXIL, prog));
  c.parts.push_back(make_part(make_fourcc('I', 'L', 'D', 'B'), prog));
  c.parts.push_back(make_part(make_fourcc('H', 'A', 'S', 'H'), ShaderHash{}));
  c.parts.push_back(make_part(make_fourcc('S', 'F', 'I', '0'), FeatureInfo{3}));
  Signature in;
  in.elements = {sig_element("A", 0, 0)};
  c.parts.push_back(make_part(make_fourcc('I', 'S', 'G', '1'), in));
  Psv psv;
  psv.version = 2;
  psv.outputs = {psv_element("SV_Target", s.words({0}), 1)};
  psv.info.sig_output_vectors = {1, 0, 0, 0};
  c.parts.push_back(make_part(make_fourcc('P', 'S', 'V', '0'), psv));
  c.parts.push_back(make_part(make_fourcc('R', 'T', 'S', '0'), sample_root_signature(2)));
  DebugName name;
  name.name = "x.pdb";
  c.parts.push_back(make_part(make_fourcc('I', 'L', 'D', 'N'), name));
  CompilerVersion vers;
  vers.commit_sha = "deadbeef";
  c.parts.push_back(make_part(make_fourcc('V', 'E', 'R', 'S'), vers));
  c.parts.push_back(make_part(make_fourcc('S', 'R', 'C', 'I'), sample_source_info(s, 1, true)));
  RuntimeData rd;
  RdatSection sec;
  sec.type = 1;
  sec.data = s.text("abc");
  rd.sections = {sec};
  c.parts.push_back(make_part(make_fourcc('R', 'D', 'A', 'T'), rd));
  Part priv = make_part(make_fourcc('P', 'R', 'I', 'V'), RawPart{});
  priv.data = s.bytes({1, 2, 3, 4});
  c.parts.push_back(priv);

  std::vector<uint8_t> file;
  std::vector<Diagnostic> warnings;
  const Container back = round_trip(c, file, &warnings);
  // The only finding: RDAT's 3-byte section has an unaligned size.
  for (const Diagnostic& w : warnings) EXPECT_EQ(w.code, Code::part_size_mismatch) << w.to_string();
  ASSERT_EQ(back.parts.size(), c.parts.size());
  for (size_t i = 0; i < c.parts.size(); ++i) {
    EXPECT_EQ(back.parts[i].fourcc, c.parts[i].fourcc);
    EXPECT_EQ(back.parts[i].content.index(), c.parts[i].content.index()) << fourcc_text(c.parts[i].fourcc);
    EXPECT_EQ(back.parts[i].offset % 4, 0u) << "every encoded part is a multiple of 4 bytes";
  }
  const std::vector<uint8_t> again = write_container(back);
  EXPECT_EQ(again, file);
  const ParseResult third = parse_container(again);
  ASSERT_TRUE(third.ok());
  const std::string exact = exact_diff(back, *third.container);
  EXPECT_TRUE(exact.empty()) << exact;
}

// ---- 3. Digest ---------------------------------------------------------------------------

TEST(Writer, SignsTheContainer) {
  Store s;
  Container c;
  c.parts.push_back(make_part(make_fourcc('S', 'F', 'I', '0'), FeatureInfo{7}));
  DebugName name;
  name.name = "a-name-long-enough-to-cross-an-md5-block.pdb";
  c.parts.push_back(make_part(make_fourcc('I', 'L', 'D', 'N'), name));

  const std::vector<uint8_t> signed_file = write_container(c);
  const ParseResult r = parse_container(signed_file);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.warnings.empty()) << warning_text(r.warnings);
  EXPECT_EQ(r.container->header.digest, compute_digest(signed_file));
  EXPECT_EQ(r.container->header.digest, r.container->computed_digest);
  EXPECT_EQ(classify_digest(r.container->header.digest, r.container->computed_digest), DigestState::match);

  const std::vector<uint8_t> unsigned_file = write_container(c, WriteOptions{.sign = false});
  ASSERT_EQ(unsigned_file.size(), signed_file.size());
  EXPECT_TRUE(std::all_of(unsigned_file.begin() + 4, unsigned_file.begin() + 20, [](uint8_t b) { return b == 0; }));
  EXPECT_TRUE(std::equal(unsigned_file.begin() + 20, unsigned_file.end(), signed_file.begin() + 20));
  const ParseResult u = parse_container(unsigned_file);
  ASSERT_TRUE(u.ok());
  ASSERT_EQ(u.warnings.size(), 1u) << warning_text(u.warnings);
  EXPECT_EQ(u.warnings[0].code, Code::digest_not_signed);

  // The model's own digest is never copied: a stale one is replaced.
  Container stale = c;
  stale.header.digest.fill(0x5A);
  EXPECT_EQ(write_container(stale), signed_file);
  EXPECT_EQ(write_container(stale, WriteOptions{.sign = false}), unsigned_file);
}

}  // namespace
}  // namespace sp::dxc
