// Hostile Direct3D 9 shaders: each damage ends in its error code, at the
// byte offset of the field and under its path (the damaged samples of
// conformance/d3d9/samples.cpp, and here what needs limits of its own);
// nothing reads outside the input, nothing nests without bound.
#include <gtest/gtest.h>

#include "conformance/d3d9/builders.h"
#include "conformance/d3d9/samples.h"
#include "core/span_writer.h"
#include "d3d9/program.h"

namespace sp::d3d9 {
namespace {

using build::Type;
const Limits kLimits;

std::vector<uint8_t> shader_with(const std::vector<uint8_t>& table) {
  return write_program(build::program(build::version_token(true, 3, 0), table, {}));
}

std::optional<Diagnostic> error_of(Bytes file, const Limits& limits = kLimits) {
  Context ctx(limits, file.size());
  Program program;
  const bool ok = parse_program(file, 0, ctx, program);
  EXPECT_EQ(ok, !ctx.failed());
  return ctx.take_error();
}

TEST(D3d9Hostile, EachDamagedSampleEndsInItsError) {
  size_t damaged = 0;
  for (const build::Sample& s : build::samples()) {
    if (!s.error) continue;
    ++damaged;
    const std::optional<Diagnostic> d = error_of(s.bytes);
    ASSERT_TRUE(d.has_value()) << s.name;
    EXPECT_EQ(d->code, *s.error) << s.name << ": " << d->to_string();
    EXPECT_EQ(d->offset, s.offset) << s.name << ": " << d->to_string();
    EXPECT_EQ(d->path, s.path) << s.name << ": " << d->to_string();
  }
  EXPECT_GE(damaged, 25u);
}

TEST(D3d9Hostile, EveryProperPrefixOfAValidSampleFailsInsideIt) {
  for (const build::Sample& s : build::samples()) {
    if (s.error || s.name == "vs_2_x_comments_and_trailing") continue;  // a prefix may keep the end token
    for (size_t n = 0; n < s.bytes.size(); ++n) {
      const std::optional<Diagnostic> d = error_of(Bytes(s.bytes).first(n));
      ASSERT_TRUE(d.has_value()) << s.name << " cut at " << n;
      EXPECT_LE(d->offset, n) << s.name << ": " << d->to_string();
    }
  }
}

TEST(D3d9Hostile, StructsNestedPastTheDepthLimitAreAnError) {
  Type t;
  for (int i = 0; i < 6; ++i) t = Type{kStruct, 0, 1, 1, 1, {{"m", t}}};
  const std::vector<uint8_t> file = shader_with(build::constant_table({{"s", kFloat4, 0, 1, t}}, "ps_3_0", 0));
  Limits shallow;
  shallow.max_depth = 4;
  const std::optional<Diagnostic> d = error_of(file, shallow);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->code, Code::limit_exceeded) << d->to_string();
  EXPECT_EQ(d->path, "ctab.constants[0].type.members[0].type.members[0].type.members[0].type.members[0].type");
  EXPECT_FALSE(error_of(file).has_value()) << "6 deep is fine under the default limit";
}

// One struct of 300 members, each of a second struct of 300 members: 90,000
// members from 5 KB. The decode budget stops the walk.
TEST(D3d9Hostile, MembersReachedManyTimesExhaustTheDecodeBudget) {
  constexpr uint32_t kCount = 300;
  constexpr uint32_t kOuter = 28 + 20, kInner = kOuter + 16, kName = kInner + 16, kRecords = kName + 4;
  constexpr uint32_t kFloat = kRecords + 16 * kCount;
  ByteWriter w;
  w.put_u32_le(kCtabFourcc);
  for (uint32_t v : {28u, kName, 0u, 1u, 28u, 0u, kName}) w.put_u32_le(v);        // header
  for (uint32_t v : {kName, uint32_t{kFloat4}, 1u, kOuter, 0u}) w.put_u32_le(v);  // the constant
  for (uint32_t members : {kRecords, kRecords + 8 * kCount})                      // the two structs
    for (uint32_t v : {uint32_t{kStruct}, 1u | (1u << 16), 1u | (kCount << 16), members}) w.put_u32_le(v);
  w.put_cstring("abc");
  for (uint32_t k = 0; k < kCount; ++k) {  // the outer struct's members: each of the inner struct
    w.put_u32_le(kName);
    w.put_u32_le(kInner);
  }
  for (uint32_t k = 0; k < kCount; ++k) {  // the inner struct's members: each a float
    w.put_u32_le(kName);
    w.put_u32_le(kFloat);
  }
  for (uint32_t v : {uint32_t{kScalar} | (3u << 16), 1u | (1u << 16), 1u, 0u}) w.put_u32_le(v);
  const std::optional<Diagnostic> d = error_of(shader_with(w.take()));
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->code, Code::decode_budget_exceeded) << d->to_string();
}

TEST(D3d9Hostile, BytesAfterTheEndTokenAreAWarningAndKept) {
  const build::Sample& s = build::sample("vs_2_x_comments_and_trailing");
  Context ctx(kLimits, s.bytes.size());
  Program program;
  ASSERT_TRUE(parse_program(s.bytes, 0, ctx, program));
  ASSERT_EQ(ctx.warnings().size(), 1u);
  EXPECT_EQ(ctx.warnings()[0].code, Code::bytes_after_end_token);
  EXPECT_EQ(ctx.warnings()[0].offset, s.bytes.size() - 3);
  EXPECT_EQ(program.comments.size(), 1u);
  EXPECT_EQ(program.comments[0].position, 1u);
  EXPECT_EQ(write_program(program), s.bytes);
}

}  // namespace
}  // namespace sp::d3d9
