// The two known bad writers of docs/formats/vbc.md §The two known bad writers, each recognised and named
// rather than mis-parsed: VSL's writer that dumps its 48-byte in-memory
// SubpassInputVariable per subpass input (rejected), and the older writer
// whose uniform has u32 sizes under the same version 1 (decoded with a
// warning where the current layout does not fit and it does).
#include <gtest/gtest.h>

#include "conformance/vbc/builders.h"
#include "vbc/support.h"

namespace sp::vbc {
namespace {

using test::parse;

TEST(VbcBadWriters, VslsSubpassStructDumpIsNamedForEachCount) {
  for (size_t count = 1; count <= kMaxSubpassInputs; ++count) {
    Shader s = build::sample("every_limit");
    s.subpass_inputs.resize(count);
    Sections at;
    const std::vector<uint8_t> file = write_shader(s, {.vsl_subpass_struct_dump = true}, &at);
    EXPECT_EQ(at.bytecode - at.subpass_inputs, 4 + kVslSubpassStructSize * count);
    const ParseResult r = parse(file);
    ASSERT_FALSE(r.ok()) << count;
    EXPECT_EQ(r.error->code, Code::vsl_subpass_struct_dump) << r.error->to_string();
    EXPECT_EQ(r.error->offset, at.subpass_inputs + 4);
    EXPECT_EQ(r.error->path, "subpass_inputs.records[0]");
    EXPECT_NE(r.error->message.find(std::to_string(count) + " subpass inputs take 48 bytes each"), std::string::npos)
        << r.error->message;
    // The same records written properly are read.
    EXPECT_TRUE(parse(write_shader(s)).ok()) << count;
  }
}

// What VSL's writer puts in each struct: a libstdc++ std::string holding
// the name inline, the index, a pointer.
TEST(VbcBadWriters, TheStructDumpLooksLikeVslsMemory) {
  Shader s = build::sample("every_limit");
  Sections at;
  const std::vector<uint8_t> file = write_shader(s, {.vsl_subpass_struct_dump = true}, &at);
  const uint8_t* second = file.data() + at.subpass_inputs + 4 + kVslSubpassStructSize;
  EXPECT_EQ(load_le<uint64_t>(second + 8), 13u);  // "subpassInput1"
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(second + 16), 13), "subpassInput1");
  EXPECT_EQ(load_le<uint32_t>(second + 32), 1u);
}

// A damaged file that happens to be 44 bytes per record too long is not
// taken for VSL's dump unless SPIR-V starts where the dump would put it.
TEST(VbcBadWriters, TheStructDumpNeedsSpirvRightAfterIt) {
  Shader s = build::sample("every_limit");
  s.subpass_inputs.resize(1);
  std::vector<uint8_t> file = write_shader(s);
  file.insert(file.end(), 44, 0);
  const ParseResult r = parse(file);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->code, Code::vsl_subpass_struct_dump) << r.error->to_string();
}

void expect_old_layout_decoded(const Shader& built) {
  Sections at;
  const std::vector<uint8_t> file = write_shader(built, {}, &at);
  const ParseResult r = parse(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(test::codes_of(r.warnings), std::vector<Code>{Code::old_uniform_layout});
  EXPECT_EQ(r.warnings[0].offset, at.uniform);
  EXPECT_EQ(r.warnings[0].path, "uniform");
  EXPECT_EQ(r.shader->uniform_layout, UniformLayout::old_u32);
  ASSERT_EQ(r.shader->uniform.has_value(), built.uniform.has_value());
  if (built.uniform) {
    EXPECT_EQ(r.shader->uniform->size, built.uniform->size);
    EXPECT_EQ(r.shader->uniform->stage_mask, built.uniform->stage_mask);
    ASSERT_EQ(r.shader->uniform->members.size(), built.uniform->members.size());
    for (size_t i = 0; i < built.uniform->members.size(); ++i) {
      EXPECT_EQ(r.shader->uniform->members[i].name, built.uniform->members[i].name);
      EXPECT_EQ(r.shader->uniform->members[i].offset, built.uniform->members[i].offset);
      EXPECT_EQ(r.shader->uniform->members[i].dims, built.uniform->members[i].dims);
    }
  }
  EXPECT_EQ(r.shader->subpass_inputs.size(), built.subpass_inputs.size());
  EXPECT_EQ(write_shader(*r.shader), file);
}

TEST(VbcBadWriters, TheOlderUniformLayoutIsDecodedWithAWarning) {
  for (const std::string name : {"basic", "every_limit", "all_stages"}) {
    SCOPED_TRACE(name);
    Shader s = build::sample(name);
    s.uniform_layout = UniformLayout::old_u32;
    expect_old_layout_decoded(s);
  }
}

// Without a uniform the older writer's lone zero is a u32, two bytes more
// than the current one's.
TEST(VbcBadWriters, TheOlderLayoutsAbsentUniformIsDecodedWithAWarning) {
  for (const std::string name : {"bare", "max_outputs"}) {
    SCOPED_TRACE(name);
    Shader s = build::sample(name);
    s.uniform_layout = UniformLayout::old_u32;
    expect_old_layout_decoded(s);
  }
}

// When neither layout fits, the error is the current layout's.
TEST(VbcBadWriters, AFileNeitherLayoutFitsGetsTheCurrentLayoutsError) {
  Shader s = build::sample("basic");
  s.uniform_layout = UniformLayout::old_u32;
  std::vector<uint8_t> file = write_shader(s);
  file.push_back(0);
  const ParseResult r = parse(file);
  ASSERT_FALSE(r.ok());
  // The current layout reads the u32 size's high half as the stage mask
  // and the stage mask and two bytes of the count as the count.
  EXPECT_EQ(r.error->path, "uniform.member_count") << r.error->to_string();
}

// Limits hold in the older layout too: a 33-character name is refused,
// 32 characters are fine.
TEST(VbcBadWriters, TheOlderLayoutKeepsTheLimits) {
  Shader s = build::sample("basic");
  s.uniform_layout = UniformLayout::old_u32;
  s.uniform->members[0].name = std::string(33, 'x');
  EXPECT_FALSE(parse(write_shader(s)).ok());
  Shader fixed = s;
  fixed.uniform->members[0].name = std::string(32, 'x');
  EXPECT_TRUE(parse(write_shader(fixed)).ok());
}

}  // namespace
}  // namespace sp::vbc
