// Hostile inputs: each must end in one clean error
// with the expected code, offset and field path. Memory is checked by
// rss_test.cpp, which runs the CLI on the same kind of inputs.
#include <gtest/gtest.h>
#include <zlib.h>

#include "core/span_writer.h"
#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "support/containers.h"

namespace sp::dxc {
namespace {

using test::container_of;
using test::deflate;
using test::srci;
using test::expect_error;
using test::program;
using test::psv_v1;
using test::u32s;

TEST(Hostile, PartOffsetPastTheEnd) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}});
  store_le_at<uint32_t>(file, 32, 0x1000);
  const Diagnostic d = expect_error(file);
  EXPECT_EQ(d.code, Code::part_out_of_bounds);
  EXPECT_EQ(d.offset, 32u);
  EXPECT_EQ(d.path, "parts[0]");
}

TEST(Hostile, PartOffsetWrapsIn32Bits) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}});
  store_le_at<uint32_t>(file, 32, 0xFFFFFFFC);  // offset + 8 wraps to 4 in 32 bits
  EXPECT_EQ(expect_error(file).code, Code::part_out_of_bounds);
}

TEST(Hostile, PartSizePastTheEndAndWrapping) {
  for (uint32_t size : {0x100u, 0xFFFFFFFFu, 0xFFFFFFF8u}) {
    auto file = container_of({{"PRIV", {1, 2, 3, 4}}});
    store_le_at<uint32_t>(file, 36 + 4, size);
    const Diagnostic d = expect_error(file);
    EXPECT_EQ(d.code, Code::part_out_of_bounds) << size;
    EXPECT_EQ(d.offset, 40u);
  }
}

TEST(Hostile, PartCountAllOnes) {
  auto file = container_of({{"PRIV", {}}});
  store_le_at<uint32_t>(file, 28, 0xFFFFFFFF);
  EXPECT_EQ(expect_error(file).code, Code::too_many_parts);
  // Even with the limit lifted, the count is checked against the bytes
  // before anything is allocated.
  ParseOptions options;
  options.limits.max_parts = 0xFFFFFFFF;
  const Diagnostic d = expect_error(file, options);
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "part_offsets");
}

TEST(Hostile, TwoHundredThousandParts) {
  std::vector<test::RawPartSpec> parts(200000, test::RawPartSpec{"PRIV", {}});
  const auto file = container_of(parts);
  EXPECT_EQ(expect_error(file).code, Code::too_many_parts);
  // With the limit raised the parse succeeds; layout checks are
  // O(n log n), duplicate detection O(n).
  ParseOptions options;
  options.limits.max_parts = 300000;
  const ParseResult r = parse_container(file, options);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(r.container->parts.size(), 200000u);
  EXPECT_LE(r.warnings.size(), options.limits.max_warnings + 1u);
}

TEST(Hostile, BitcodeOffsetAndSizeOutsideTheProgram) {
  for (auto [offset, size] : {std::pair{0x7FFFFFF0u, 4u}, std::pair{16u, 0x10000000u}, std::pair{0xFFFFFFF0u, 0x20u}}) {
    const Diagnostic d = expect_error(container_of({{"DXIL", program(1, offset, size)}}));
    EXPECT_EQ(d.code, Code::bitcode_out_of_bounds);
    EXPECT_EQ(d.path, "parts[0].DXIL.bitcode_header.offset");
    EXPECT_EQ(d.offset, 44u + 16u);  // part data starts at 32 + 4 + 8
  }
}

TEST(Hostile, ShaderKindOutOfRange) {
  const Diagnostic d = expect_error(container_of({{"DXIL", program(99, 16, 4)}}));
  EXPECT_EQ(d.code, Code::invalid_value);
  EXPECT_EQ(d.path, "parts[0].DXIL.shader_kind");
  EXPECT_EQ(d.offset, 46u);
}

TEST(Hostile, WrongBitcodeMagic) {
  auto part = program(1, 16, 4);
  part[8] = 'X';
  EXPECT_EQ(expect_error(container_of({{"DXIL", part}})).code, Code::bad_magic);
}

TEST(Hostile, PsvResourceStrideZeroAndHugeCounts) {
  // resource_count 1, stride 0
  Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(0, u32s({1, 0}))}}));
  EXPECT_EQ(d.code, Code::invalid_stride);
  EXPECT_EQ(d.path, "parts[0].PSV0.resource_stride");
  // a huge count with a plausible stride
  d = expect_error(container_of({{"PSV0", psv_v1(0, u32s({0x10000000, 24}))}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].PSV0.resource_count");
  // count * stride wraps in 32 bits (0x40000000 * 8 would; stride 16 x 0x10000000 = 2^32)
  d = expect_error(container_of({{"PSV0", psv_v1(0, u32s({0x10000000, 16}))}}));
  EXPECT_EQ(d.code, Code::count_too_large);
}

TEST(Hostile, PsvElementStrideZero) {
  // no resources, empty string table, empty index table, 1 input element, stride 0
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(1, u32s({0, 0, 0, 0}))}}));
  EXPECT_EQ(d.code, Code::invalid_stride);
  EXPECT_EQ(d.path, "parts[0].PSV0.element_stride");
}

TEST(Hostile, PsvStringTablePastThePart) {
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(0, u32s({0, 0x1000}))}}));
  EXPECT_EQ(d.code, Code::truncated);
  EXPECT_EQ(d.path, "parts[0].PSV0.string_table");
}

TEST(Hostile, PsvSemanticIndexCountHuge) {
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(0, u32s({0, 0, 0xFFFFFFFF}))}}));
  EXPECT_EQ(d.code, Code::count_too_large);
}

TEST(Hostile, PsvElementNameNotTerminated) {
  // string table "ABCD" (no NUL), index table [0], one element naming offset 0
  ByteWriter w;
  w.put_u32_le(0);  // resources
  w.put_u32_le(4);
  w.put_chars("ABCD");
  w.put_u32_le(1);
  w.put_u32_le(0);
  w.put_u32_le(16);  // element stride
  w.put_u32_le(0);   // name offset
  w.put_u32_le(0);   // indices offset
  w.put_u8(1);       // rows
  w.put_zeros(7);
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(1, w.take())}}));
  EXPECT_EQ(d.code, Code::unterminated_string);
  EXPECT_EQ(d.path, "parts[0].PSV0.inputs[0]");
}

TEST(Hostile, PsvRuntimeInfoSmallerThanV0) {
  EXPECT_EQ(expect_error(container_of({{"PSV0", u32s({20, 0, 0, 0, 0, 0})}})).code, Code::unsupported_version);
}

// A runtime info between two versions' sizes is the older version's,
// the rest skipped: 35 bytes are v0's 24 and 11 more, not v1.
TEST(Hostile, PsvRuntimeInfoBetweenVersionsIsTheOlderOne) {
  std::vector<uint8_t> psv = {35, 0, 0, 0};
  psv.resize(4 + 35 + 4, 0);  // the runtime info, then no resources
  const ParseResult r = parse_container(container_of({{"PSV0", psv}}));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const auto* got = content_if<Psv>(r.container->parts.at(0));
  ASSERT_NE(got, nullptr);
  EXPECT_EQ(got->version, 0u);
}

// A part whose header begins on the offset table's last byte overlaps it.
TEST(Hostile, APartStartingOnTheOffsetTablesLastByte) {
  auto file = container_of({{"PRIV", {}}});
  store_le_at<uint32_t>(file, 32, 35);  // byte 35 is the offset's high byte, 0: the fourcc's first
  for (size_t i = 36; i < 43; ++i) file[i] = i < 39 ? 'A' : 0;  // "\0AAA", size 0
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  bool overlaps = false;
  for (const Diagnostic& w : r.warnings) overlaps |= w.code == Code::part_overlaps_header;
  EXPECT_TRUE(overlaps);
}

TEST(Hostile, SignatureNameNotTerminatedInsidePart) {
  ByteWriter w;
  w.put_u32_le(1);
  w.put_u32_le(8);
  w.put_u32_le(0);   // stream
  w.put_u32_le(40);  // name offset: the last 4 bytes
  w.put_zeros(24);
  w.put_chars("NAME");  // no NUL before the end of the part
  const Diagnostic d = expect_error(container_of({{"ISG1", w.take()}}));
  EXPECT_EQ(d.code, Code::unterminated_string);
  EXPECT_EQ(d.path, "parts[0].ISG1.elements[0].name_offset");
}

TEST(Hostile, SignatureCountPastThePart) {
  for (uint32_t count : {2u, 0x08000000u, 0xFFFFFFFFu}) {
    ByteWriter w;
    w.put_u32_le(count);
    w.put_u32_le(8);
    w.put_zeros(32);
    const Diagnostic d = expect_error(container_of({{"OSG1", w.take()}}));
    EXPECT_EQ(d.code, Code::count_too_large) << count;
  }
  // FirstParamOffset near 2^32 must not wrap around.
  EXPECT_EQ(expect_error(container_of({{"OSG1", u32s({1, 0xFFFFFFF8, 0, 0, 0, 0, 0, 0, 0, 0})}})).code,
            Code::count_too_large);
}

TEST(Hostile, RootSignatureCountsPastThePart) {
  // version 1.1, 0x10000000 parameters at 24
  Diagnostic d = expect_error(container_of({{"RTS0", u32s({2, 0x10000000, 24, 0, 24, 0})}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].RTS0.num_parameters");
  d = expect_error(container_of({{"RTS0", u32s({2, 0, 24, 0xFFFFFFFF, 24, 0})}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  // one descriptor table whose range count runs past the part
  d = expect_error(container_of({{"RTS0", u32s({2, 1, 24, 0, 48, 0, 0, 0, 36, 0x7FFFFFFF, 44})}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].RTS0.parameters[0]");
}

TEST(Hostile, RootSignatureAliasedTablesHitTheBudget) {
  // 400 parameters all pointing at one table of 2000 ranges: 800,000
  // decoded ranges from ~53 KB would be a quadratic blow-up.
  EXPECT_EQ(expect_error(container_of({{"RTS0", test::rts0_aliased_tables(400, 2000)}})).code,
            Code::decode_budget_exceeded);
}

TEST(Hostile, RuntimeDataCountTimesStrideOverflows32Bits) {
  // one ResourceTable section: 0x10000 records of 0x10000 bytes = 2^32
  const Diagnostic d = expect_error(container_of({{"RDAT", u32s({0x10, 1, 12, 3, 8, 0x10000, 0x10000})}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].RDAT.sections[0].record_count");
  EXPECT_EQ(expect_error(container_of({{"RDAT", u32s({0x10, 0x40000000})}})).code, Code::count_too_large);
}

TEST(Hostile, SrciZlibBomb) {
  // 256 MiB of zeros deflate to ~256 KB.
  const std::vector<uint8_t> bomb = deflate(std::vector<uint8_t>(256u << 20, 0));
  ASSERT_LT(bomb.size(), 1u << 20);
  // Declared honestly: refused before inflating.
  Diagnostic d = expect_error(container_of({{"SRCI", srci(bomb, 256u << 20, 1)}}));
  EXPECT_EQ(d.code, Code::limit_exceeded);
  EXPECT_EQ(d.path, "parts[0].SRCI.sections[1].uncompressed_size");
  // Declared small: inflation stops at the declared size.
  d = expect_error(container_of({{"SRCI", srci(bomb, 4096, 1)}}));
  EXPECT_EQ(d.code, Code::size_mismatch);
}

TEST(Hostile, SrciCorruptStream) {
  std::vector<uint8_t> stream = deflate(std::vector<uint8_t>(100, 'x'));
  stream.resize(stream.size() / 2);
  EXPECT_EQ(expect_error(container_of({{"SRCI", srci(stream, 100, 1)}})).code, Code::decompression_failed);
}

TEST(Hostile, SrciValidRoundsTrip) {
  std::vector<uint8_t> source = {'v', 'o', 'i', 'd', 0};
  ByteWriter entry;
  entry.put_u32_le(20);
  entry.put_u32_le(0);
  entry.put_u32_le(5);
  entry.put_bytes(source);
  entry.pad_to_4();
  const auto entries = entry.take();
  // The model points into the input: keep it alive while reading the model.
  const auto file = container_of({{"SRCI", srci(deflate(entries), static_cast<uint32_t>(entries.size()), 1)}});
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const auto& info = content<SourceInfo>(r.container->parts[0]);
  ASSERT_EQ(info.files.size(), 1u);
  EXPECT_EQ(info.files[0].name, "a");
  EXPECT_EQ(info.files[0].content, "void");
}

TEST(Hostile, SectionSizeZeroDoesNotLoop) {
  // SRCI with 0xFFFF sections of size 0: must fail, not spin.
  EXPECT_EQ(expect_error(container_of({{"SRCI", u32s({16, 0xFFFF0000, 0, 0})}})).code, Code::invalid_value);
}

TEST(Hostile, HeaderFindingsAreWarnings) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}, {"ZZZZ", {}}, {"PRIV", {}}});
  store_le_at<uint32_t>(file, 20, 2);                   // major version 2 (the digest is now stale)
  file.insert(file.end(), {0, 0, 0, 0});  // 4 bytes after the last part...
  store_le_at<uint32_t>(file, 24, static_cast<uint32_t>(file.size()));  // ...inside FileSize: a gap
  file.insert(file.end(), {0, 0, 0, 0});  // and 4 more past FileSize
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  std::vector<Code> codes;
  for (const Diagnostic& w : r.warnings) codes.push_back(w.code);
  for (Code c : {Code::container_version, Code::file_size_mismatch, Code::unknown_part, Code::duplicate_part,
                 Code::gap_between_parts, Code::digest_mismatch})
    EXPECT_NE(std::find(codes.begin(), codes.end(), c), codes.end()) << code_name(c);
}

TEST(Hostile, OverlapAndOrderAreWarnings) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}, {"STAT", {5, 6, 7, 8}}});
  // Swap the two offsets, then point the second at the first.
  const uint32_t a = load_le<uint32_t>(file.data() + 32), b = load_le<uint32_t>(file.data() + 36);
  store_le_at<uint32_t>(file, 32, b);
  store_le_at<uint32_t>(file, 36, a);
  ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(), [](auto& w) { return w.code == Code::parts_out_of_order; }));
  store_le_at<uint32_t>(file, 32, a);
  r = parse_container(file);
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(std::any_of(r.warnings.begin(), r.warnings.end(), [](auto& w) { return w.code == Code::parts_overlap; }));
}

// Names are any bytes; the JSON dump must stay valid UTF-8 (nlohmann's dump
// throws on an encoded surrogate or an overlong form).
TEST(Hostile, NamesThatAreNotUtf8AreEscapedInJson) {
  ByteWriter w;
  w.put_u32_le(1);
  w.put_u32_le(8);
  w.put_u32_le(0);
  w.put_u32_le(40);  // name right after the element
  w.put_zeros(24);
  // An encoded surrogate (ED A0 80) and an overlong NUL (C0 80).
  const std::vector<uint8_t> name = {0xED, 0xA0, 0x80, 0xC0, 0x80, 0x00, 0x00, 0x00};
  w.put_bytes(name);
  const auto file = container_of({{"ISG1", w.take()}});
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  std::string json;
  ASSERT_NO_THROW(json = describe(*r.container, r.warnings).dump());
  EXPECT_NE(json.find("\\\\xED\\\\xA0\\\\x80\\\\xC0\\\\x80"), std::string::npos) << json;
}

}  // namespace
}  // namespace sp::dxc
