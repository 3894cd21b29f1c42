// Hostile inputs: each must end in one clean error
// with the expected code, offset and field path. Memory is checked by
// rss_test.cpp, which runs the CLI on the same kind of inputs.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <initializer_list>
#include <string>

#include "core/span_writer.h"
#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "dxcontainer/digest.h"
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

TEST(Hostile, ProgramLargerThanItsPartSaysBothSizes) {
  auto part = program(1, 16, 4);  // 28 bytes
  store_le_at<uint32_t>(part, 4, 100);  // SizeInUint32
  const Diagnostic d = expect_error(container_of({{"DXIL", part}}));
  EXPECT_EQ(d.code, Code::size_mismatch);
  EXPECT_EQ(d.path, "parts[0].DXIL.size_in_uint32");
  EXPECT_EQ(d.message, "program claims 400 bytes, part holds 28");
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

// The message says what the records need and what the part has left.
TEST(Hostile, PsvResourcesPastThePartSayWhatTheyNeed) {
  // two 16-byte records, 8 bytes after the stride
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(0, u32s({2, 16, 0, 0}))}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].PSV0.resource_count");
  EXPECT_EQ(d.message, "2 resources of 16 bytes need 32, 8 remain");
}

// A file the default limits accept, read with no decode budget beyond the
// 64 records any input gets: the error the part at `path` must give.
Diagnostic error_with_no_budget_to_spare(const std::vector<uint8_t>& file, const std::string& path) {
  EXPECT_TRUE(parse_container(file).ok()) << path;
  ParseOptions options;
  options.limits.decode_budget_per_byte = 0;
  const Diagnostic d = expect_error(file, options);
  EXPECT_EQ(d.code, Code::decode_budget_exceeded);
  EXPECT_EQ(d.path, path);
  return d;
}

// The decode budget is charged before the records are read: with none
// to spare (64 records for any input), 65 resources are refused however
// well they fit in the part.
TEST(Hostile, PsvResourcesOverTheDecodeBudgetAreRefused) {
  std::vector<uint8_t> tail = u32s({65, 16});
  tail.resize(tail.size() + 65 * 16, 0);
  for (uint8_t b : u32s({0, 0})) tail.push_back(b);  // empty string and index tables
  const Diagnostic d = error_with_no_budget_to_spare(container_of({{"PSV0", psv_v1(0, tail)}}), "parts[0].PSV0");
  EXPECT_EQ(d.offset, 44u + 4 + 36 + 8);  // the first record
}

TEST(Hostile, PsvElementStrideZero) {
  // no resources, empty string table, empty index table, 1 input element, stride 0
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(1, u32s({0, 0, 0, 0}))}}));
  EXPECT_EQ(d.code, Code::invalid_stride);
  EXPECT_EQ(d.path, "parts[0].PSV0.element_stride");
}

TEST(Hostile, PsvElementsPastThePartSayWhatTheyNeed) {
  // no resources, empty string and index tables, one input element of 16
  // bytes with 4 bytes left
  const Diagnostic d = expect_error(container_of({{"PSV0", psv_v1(1, u32s({0, 0, 0, 16, 0}))}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].PSV0.elements");
  EXPECT_EQ(d.message, "1 elements of 16 bytes need 16, 4 remain");
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

// As for PSV0's resources: the elements are charged before they are read.
TEST(Hostile, SignatureElementsOverTheDecodeBudgetAreRefused) {
  ByteWriter w;
  w.put_u32_le(65);
  w.put_u32_le(8);
  w.put_zeros(65 * 32);  // unnamed elements
  error_with_no_budget_to_spare(container_of({{"ISG1", w.take()}}), "parts[0].ISG1");
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

// D3D12_SHADER_VISIBILITY ends at 7 (mesh): a parameter seen by a stage
// that does not exist is refused at its visibility field.
TEST(Hostile, RootParameterVisibilityPastMeshIsRefused) {
  // RTS0 1.0: one root-constants parameter (header at 24, constants at 36).
  const auto rts0 = [](uint32_t visibility) { return u32s({1, 1, 24, 0, 48, 0, 1, visibility, 36, 0, 0, 1}); };
  ASSERT_TRUE(parse_container(container_of({{"RTS0", rts0(7)}})).ok());
  const Diagnostic d = expect_error(container_of({{"RTS0", rts0(8)}}));
  EXPECT_EQ(d.code, Code::invalid_value);
  EXPECT_EQ(d.offset, 44u + 24 + 4);
  EXPECT_EQ(d.path, "parts[0].RTS0.parameters[0].visibility");
  EXPECT_EQ(d.message, "shader visibility 8 is out of range (0..7)");
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

// Stored (uncompressed) entries are in the file: an error in one is at
// its own offset, with no place in inflated bytes to add.
TEST(Hostile, SrciStoredContentErrorIsAtItsFileOffset) {
  const auto entries = u32s({16, 0, 4, 0x64636261});  // "abcd", no NUL
  const Diagnostic d = expect_error(container_of({{"SRCI", srci(entries, 16, 0)}}));
  EXPECT_EQ(d.code, Code::unterminated_string);
  EXPECT_EQ(d.path, "parts[0].SRCI.contents[0].content");
  // Part data at 44; the names section (40 bytes) at 8, the contents
  // section's 8 + 20 header bytes, then the entry's 12.
  EXPECT_EQ(d.offset, 44u + 8 + 40 + 28 + 12);
  EXPECT_EQ(d.message, "source is not NUL-terminated");
}

// A stored entry may end exactly at the end of the entries, not one byte
// past it.
TEST(Hostile, SrciEntryRunningOneBytePastTheEntriesIsRefused) {
  ASSERT_TRUE(parse_container(container_of({{"SRCI", srci(u32s({16, 0, 1, 0}), 16, 0)}})).ok());
  const Diagnostic d = expect_error(container_of({{"SRCI", srci(u32s({17, 0, 1, 0}), 16, 0)}}));
  EXPECT_EQ(d.code, Code::invalid_value);
  EXPECT_EQ(d.path, "parts[0].SRCI.contents[0].aligned_size");
  EXPECT_EQ(d.offset, 44u + 8 + 40 + 28);
  EXPECT_EQ(d.message, "entry size 17 does not cover its 1-byte content or runs past the entries");
}

// A zlib stream that ends before the declared size is out is refused at
// the compressed entries, where the stream starts.
TEST(Hostile, SrciStreamShorterThanDeclaredIsASizeMismatchAtTheEntries) {
  const std::vector<uint8_t> entries = u32s({16, 0, 1, 0});
  const Diagnostic d = expect_error(container_of({{"SRCI", srci(deflate(entries), 20, 1)}}));
  EXPECT_EQ(d.code, Code::size_mismatch);
  EXPECT_EQ(d.path, "parts[0].SRCI.sections[1].uncompressed_size");
  EXPECT_EQ(d.offset, 44u + 8 + 40 + 28);
  EXPECT_EQ(d.message, "inflates to 16 bytes, declared 20");
}

// Entries the section cannot hold end the parse, even when no entry is
// counted: nothing after them may be read as if they were there.
TEST(Hostile, SrciEntriesPastTheirSectionAreTruncatedEvenWithNoEntry) {
  // One section, the contents: stored, 4 bytes of entries declared, count
  // 0, and no entry bytes.
  const Diagnostic d = expect_error(container_of({{"SRCI", u32s({36, 0x00010000, 28, 0, 0, 0, 4, 4, 0})}}));
  EXPECT_EQ(d.code, Code::truncated);
  EXPECT_EQ(d.path, "parts[0].SRCI.sections[0].entries");
  EXPECT_EQ(d.offset, 44u + 8 + 28);
}

TEST(Hostile, SrciNameCountPastItsEntriesSaysHowManyBytesThereAre) {
  auto part = srci(u32s({16, 0, 1, 0}), 16, 0);  // one empty content
  store_le_at<uint32_t>(part, 8 + 8 + 4, 2);  // the names section's Count: 2 entries of at least 16 bytes in 20
  const Diagnostic d = expect_error(container_of({{"SRCI", part}}));
  EXPECT_EQ(d.code, Code::count_too_large);
  EXPECT_EQ(d.path, "parts[0].SRCI.sections[0].count");
  EXPECT_EQ(d.message, "2 name entries cannot fit in 20 bytes");
}

// An SRCI part of one file with `extra` sections appended ({type} each,
// of an empty args body), the section count raised to match.
std::vector<uint8_t> srci_with_sections(std::initializer_list<uint16_t> extra) {
  auto part = srci(u32s({16, 0, 1, 0}), 16, 0);
  for (uint16_t type : extra) {
    ByteWriter w;
    w.put_u32_le(20);
    w.put_u16_le(0);
    w.put_u16_le(type);
    w.put_zeros(12);  // flags, size, count
    const auto section = w.take();
    part.insert(part.end(), section.begin(), section.end());
  }
  store_le_at<uint32_t>(part, 0, static_cast<uint32_t>(part.size()));
  store_le_at<uint16_t>(part, 6, static_cast<uint16_t>(2 + extra.size()));
  return part;
}

TEST(Hostile, SrciSectionTypeTwiceIsRefused) {
  ASSERT_TRUE(parse_container(container_of({{"SRCI", srci_with_sections({2})}})).ok());
  const auto part = srci_with_sections({2, 2});
  const Diagnostic d = expect_error(container_of({{"SRCI", part}}));
  EXPECT_EQ(d.code, Code::invalid_value);
  EXPECT_EQ(d.path, "parts[0].SRCI.sections[3].type");
  EXPECT_EQ(d.offset, 44u + part.size() - 20 + 6);
  EXPECT_EQ(d.message, "section type appears twice");
}

TEST(Hostile, SrciUnknownSectionTypeIsReportedAtItsType) {
  const auto part = srci_with_sections({3});
  const Diagnostic d = expect_error(container_of({{"SRCI", part}}));
  EXPECT_EQ(d.code, Code::invalid_value);
  EXPECT_EQ(d.path, "parts[0].SRCI.sections[2].type");
  EXPECT_EQ(d.offset, 44u + part.size() - 20 + 6);
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

// Four parts end their offset table at 48; here the first starts 4 bytes
// later. The gap is 4-aligned and as long as the table has entries, and
// is reported like any other.
TEST(Hostile, AGapAfterTheOffsetTableIsAWarning) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}, {"STAT", {}}, {"SHDR", {}}, {"SHEX", {}}});
  ASSERT_TRUE(parse_container(file).ok() && parse_container(file).warnings.empty());
  file.insert(file.begin() + 48, 4, 0);
  for (size_t i = 0; i < 4; ++i) store_le_at<uint32_t>(file, 32 + 4 * i, load_le<uint32_t>(file.data() + 32 + 4 * i) + 4);
  store_le_at<uint32_t>(file, 24, static_cast<uint32_t>(file.size()));
  sign_container(file);
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, Code::gap_between_parts);
  EXPECT_EQ(r.warnings[0].offset, 48u);
  EXPECT_EQ(r.warnings[0].path, "parts[0]");
}

// Bytes a part holds after its last structure are kept and reported.
TEST(Hostile, BytesAfterAPartsLastStructureAreAWarning) {
  std::vector<uint8_t> hash(20, 0);  // flags 0, the digest
  ASSERT_TRUE(parse_container(container_of({{"HASH", hash}})).warnings.empty());
  hash.resize(24, 0xAA);
  const ParseResult r = parse_container(container_of({{"HASH", hash}}));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_EQ(r.warnings[0].code, Code::trailing_bytes);
  EXPECT_EQ(r.warnings[0].offset, 44u + 20);
  EXPECT_EQ(r.warnings[0].path, "parts[0].HASH");
  EXPECT_EQ(r.warnings[0].message, "4 bytes after the last structure");
}

// Parts listed out of order are walked by offset: two that follow each
// other in the file leave no gap and share no byte, whatever the order of
// the offset table.
TEST(Hostile, ContiguousPartsListedOutOfOrderLeaveNoGap) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}, {"STAT", {5, 6, 7, 8}}});
  const uint32_t a = load_le<uint32_t>(file.data() + 32), b = load_le<uint32_t>(file.data() + 36);
  store_le_at<uint32_t>(file, 32, b);
  store_le_at<uint32_t>(file, 36, a);
  sign_container(file);
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  std::string found;
  for (const Diagnostic& w : r.warnings) found += "\n  " + w.to_string();
  ASSERT_EQ(r.warnings.size(), 1u) << found;
  EXPECT_EQ(r.warnings[0].code, Code::parts_out_of_order);
  EXPECT_EQ(r.warnings[0].offset, 32u);
}

// One unused byte between two parts is a gap like any other.
TEST(Hostile, AOneByteGapBetweenPartsIsAWarning) {
  auto file = container_of({{"PRIV", {1, 2, 3, 4}}, {"STAT", {5, 6, 7, 8}}});
  const uint32_t second = load_le<uint32_t>(file.data() + 36);
  ASSERT_EQ(second, 40u + 8 + 4);
  file.insert(file.begin() + second, 1, 0);
  store_le_at<uint32_t>(file, 36, second + 1);
  store_le_at<uint32_t>(file, 24, static_cast<uint32_t>(file.size()));
  sign_container(file);
  const ParseResult r = parse_container(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const auto gap = std::find_if(r.warnings.begin(), r.warnings.end(), [](auto& w) { return w.code == Code::gap_between_parts; });
  ASSERT_NE(gap, r.warnings.end());
  EXPECT_EQ(gap->offset, second);
  EXPECT_EQ(gap->path, "parts[1]");
  EXPECT_EQ(gap->message, "1 unused bytes before this part");
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
