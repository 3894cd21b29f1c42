// STAT and IFCE: every field decoded, the writers' bytes read back to the
// same model, and each malformed table an error at its field.
#include <gtest/gtest.h>

#include "core/span_writer.h"
#include "fxc/chunks.h"

namespace sp::fxc {
namespace {

// The chunk's bytes at file offset 200 under the path `tag`.
struct Read {
  bool ok = false;
  Chunk chunk;
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
};

Read read(std::string_view tag, const std::vector<uint8_t>& bytes) {
  Read r;
  const Limits limits;
  Context ctx(limits, bytes.size());
  const FieldPath root = FieldPath::root(tag);
  r.ok = parse_chunk(*chunk_kind(tag), ChunkScope{bytes, 200, root, ctx}, r.chunk);
  r.error = ctx.take_error();
  r.warnings = ctx.take_warnings();
  return r;
}

std::vector<uint8_t> dwords(uint32_t n) {
  ByteWriter w;
  for (uint32_t i = 0; i < n; ++i) w.put_u32_le(1000 + i);
  return w.take();
}

// --- STAT -------------------------------------------------------------------

TEST(FxcStat, EveryLayoutDecodesFieldByFieldWithoutWarnings) {
  for (const uint32_t n : kStatLayouts) {
    const auto bytes = dwords(n);
    const Read r = read("STAT", bytes);
    ASSERT_TRUE(r.ok) << n;
    EXPECT_TRUE(r.warnings.empty()) << n;
    const Stat& stat = std::get<Stat>(r.chunk.model);
    EXPECT_EQ(stat.fields_present, n);
    for (uint32_t i = 0; i < std::size(kStatFields); ++i)
      EXPECT_EQ(stat.*kStatFields[i].member, i < n ? 1000 + i : 0) << kStatFields[i].name;
    EXPECT_EQ(write_stat(stat), bytes) << n;
  }
}

TEST(FxcStat, NamesFollowD3D11ShaderDesc) {
  const Stat stat = std::get<Stat>(read("STAT", dwords(37)).chunk.model);
  EXPECT_EQ(stat.InstructionCount, 1000u);
  EXPECT_EQ(stat.DclCount, 1003u);
  EXPECT_EQ(stat.EmitInstructionCount, 1013u);
  EXPECT_EQ(stat.InputPrimitive, 1023u);
  EXPECT_EQ(stat.GSMaxOutputVertexCount, 1025u);
  EXPECT_EQ(stat.cGSInstanceCount, 1029u);
  EXPECT_EQ(stat.TessellatorDomain, 1033u);
  EXPECT_EQ(stat.cTextureStoreInstructions, 1036u);
}

TEST(FxcStat, OtherSizesDecodeWhatIsThereWarnAndComeBack) {
  std::vector<uint8_t> longer = dwords(40);
  longer.push_back(7);
  for (const auto& bytes : {dwords(0), dwords(30), std::vector<uint8_t>{1, 2, 3, 4, 5, 6}, longer}) {
    const Read r = read("STAT", bytes);
    ASSERT_TRUE(r.ok) << bytes.size();
    ASSERT_EQ(r.warnings.size(), 1u) << bytes.size();
    EXPECT_EQ(r.warnings[0].code, Code::stat_size_unknown);
    EXPECT_EQ(r.warnings[0].offset, 200u);
    EXPECT_EQ(r.warnings[0].path, "STAT");
    const Stat& stat = std::get<Stat>(r.chunk.model);
    EXPECT_EQ(stat.fields_present, std::min<size_t>(bytes.size() / 4, 37));
    EXPECT_EQ(stat.extra.size(), bytes.size() - 4 * stat.fields_present);
    EXPECT_EQ(write_stat(stat), bytes);
  }
}

// --- IFCE -------------------------------------------------------------------

// Two class types, an instance, two slots (one with an odd number of
// entries, so its type ids are padded).
Interfaces sample_interfaces() {
  Interfaces in;
  in.interface_slot_count = 3;
  in.unknown[0] = 0x4e47534f;
  in.unknown[1] = 0x00100020;
  in.class_types = {{"cLight", 0, 16, 1, 0}, {"cAmbient", 1, 0, 0xFFFF, 2}};
  in.class_instances = {{"g_light", 0, 0, 12, 4, 0, 0xFFFF}};
  in.slots = {{2, {0, 1, 0}, {0, 1, 2}}, {1, {1, 0}, {3, 4}}};
  return in;
}

void expect_same(const Interfaces& a, const Interfaces& b) {
  EXPECT_EQ(a.interface_slot_count, b.interface_slot_count);
  EXPECT_EQ(a.unknown[0], b.unknown[0]);
  EXPECT_EQ(a.unknown[1], b.unknown[1]);
  ASSERT_EQ(a.class_types.size(), b.class_types.size());
  for (size_t i = 0; i < a.class_types.size(); ++i) {
    const ClassType &x = a.class_types[i], &y = b.class_types[i];
    EXPECT_EQ(std::tie(x.name, x.id, x.constant_buffer_stride, x.texture, x.sampler),
              std::tie(y.name, y.id, y.constant_buffer_stride, y.texture, y.sampler));
  }
  ASSERT_EQ(a.class_instances.size(), b.class_instances.size());
  for (size_t i = 0; i < a.class_instances.size(); ++i) {
    const ClassInstance &x = a.class_instances[i], &y = b.class_instances[i];
    EXPECT_EQ(std::tie(x.name, x.type_id, x.unknown, x.constant_buffer, x.constant_buffer_offset, x.texture, x.sampler),
              std::tie(y.name, y.type_id, y.unknown, y.constant_buffer, y.constant_buffer_offset, y.texture, y.sampler));
  }
  ASSERT_EQ(a.slots.size(), b.slots.size());
  for (size_t i = 0; i < a.slots.size(); ++i) {
    EXPECT_EQ(a.slots[i].slot_span, b.slots[i].slot_span);
    EXPECT_EQ(a.slots[i].type_ids, b.slots[i].type_ids);
    EXPECT_EQ(a.slots[i].table_ids, b.slots[i].table_ids);
  }
}

TEST(FxcIfce, WrittenChunkReadsBackAndWritesTheSameBytes) {
  const auto bytes = write_interfaces(sample_interfaces());
  // fxc's layout: header, 2 slot records, 2 types, 1 instance, the id
  // arrays (3 type ids padded to 8 bytes), then the names.
  EXPECT_EQ(bytes.size(), 36u + 32 + 24 + 16 + (8 + 12) + (4 + 8) + (8 + 12 + 8));
  const Read r = read("IFCE", bytes);
  ASSERT_TRUE(r.ok) << r.error->to_string();
  EXPECT_TRUE(r.warnings.empty());
  const Interfaces& back = std::get<Interfaces>(r.chunk.model);
  expect_same(back, sample_interfaces());
  EXPECT_EQ(write_interfaces(back), bytes);
}

TEST(FxcIfce, EmptyChunkIsItsHeader) {
  const auto bytes = write_interfaces(Interfaces{});
  EXPECT_EQ(bytes.size(), kIfceHeaderSize);
  EXPECT_TRUE(read("IFCE", bytes).ok);
}


void expect_error(const std::vector<uint8_t>& bytes, Code code, uint64_t offset, const std::string& path) {
  const Read r = read("IFCE", bytes);
  EXPECT_FALSE(r.ok);
  ASSERT_TRUE(r.error.has_value()) << path;
  EXPECT_EQ(r.error->code, code) << r.error->to_string();
  EXPECT_EQ(r.error->offset, offset) << r.error->to_string();
  EXPECT_EQ(r.error->path, path) << r.error->to_string();
}

TEST(FxcIfce, ShortHeaderIsTruncatedAtItsField) {
  const auto bytes = write_interfaces(Interfaces{});
  expect_error({bytes.begin(), bytes.begin() + 20}, Code::truncated, 220, "IFCE.class_type_offset");
}

TEST(FxcIfce, CountsPastTheChunkAreErrorsAtTheCount) {
  auto bytes = write_interfaces(sample_interfaces());
  store_le_at<uint32_t>(bytes, 4, 0xFFFFFFFF);  // class types: 12 bytes each, 64-bit product
  expect_error(bytes, Code::count_too_large, 204, "IFCE.class_type_count");
  bytes = write_interfaces(sample_interfaces());
  store_le_at<uint32_t>(bytes, 36 + 16 + 4, 1000);  // the second slot's entry count
  expect_error(bytes, Code::count_too_large, 256, "IFCE.slots[1].count");
}

TEST(FxcIfce, OffsetsPastTheChunkAreErrorsAtTheOffset) {
  auto bytes = write_interfaces(sample_interfaces());
  store_le_at<uint32_t>(bytes, 16, static_cast<uint32_t>(bytes.size() + 1));
  expect_error(bytes, Code::offset_out_of_bounds, 216, "IFCE.class_instance_offset");
  bytes = write_interfaces(sample_interfaces());
  store_le_at<uint32_t>(bytes, 36 + 12, 0xFFFFFFF0);  // the first slot's table ids
  expect_error(bytes, Code::offset_out_of_bounds, 248, "IFCE.slots[0].table_id_offset");
}

TEST(FxcIfce, NamesMustEndInsideTheChunk) {
  auto bytes = write_interfaces(sample_interfaces());
  const size_t second_type = 36 + 32 + 12;
  store_le_at<uint32_t>(bytes, second_type, static_cast<uint32_t>(bytes.size()));
  expect_error(bytes, Code::offset_out_of_bounds, 200 + second_type, "IFCE.class_types[1].name");
  // The last name, the instance's "g_light", loses its NUL.
  bytes = write_interfaces(sample_interfaces());
  for (size_t i = bytes.size() - 8; i < bytes.size(); ++i) bytes[i] = 'x';
  expect_error(bytes, Code::unterminated_string, 200 + 36 + 32 + 24, "IFCE.class_instances[0].name");
}

// Every slot record pointing at the same id arrays: the entries are
// charged to the decode budget, so the model stays linear in the input.
TEST(FxcIfce, AliasedSlotEntriesAreBoundedByTheDecodeBudget) {
  constexpr uint32_t kRecords = 1000, kEntries = 1000;
  ByteWriter w;
  const uint32_t ids_at = 36 + 16 * kRecords;
  for (const uint32_t v : {0u, 0u, kRecords, kRecords, ids_at, ids_at, 36u, 0u, 0u}) w.put_u32_le(v);
  for (uint32_t i = 0; i < kRecords; ++i)
    for (const uint32_t v : {1u, kEntries, ids_at, ids_at}) w.put_u32_le(v);
  w.put_zeros(4 * kEntries);
  const Read r = read("IFCE", w.take());
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->code, Code::decode_budget_exceeded);
}

TEST(FxcIfce, EveryPrefixEndsCleanly) {
  const auto bytes = write_interfaces(sample_interfaces());
  for (size_t n = 0; n < bytes.size(); ++n) {
    const Read r = read("IFCE", {bytes.begin(), bytes.begin() + static_cast<ptrdiff_t>(n)});
    EXPECT_EQ(r.ok, !r.error.has_value()) << n;
  }
}

}  // namespace
}  // namespace sp::fxc
