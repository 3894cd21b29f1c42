// The listing's header on built containers: what the real files do not
// show (a structure printed at every use, a type graph whose listing would
// be exponentially larger than the chunk).
#include <gtest/gtest.h>

#include "fxc/listing.h"
#include "fxc/rdef_builder.h"
#include "support/containers.h"

namespace sp::fxc {
namespace {

// An SM4 RDEF with one cbuffer whose variable (`v`) is of type 0.
Rdef rdef_with(std::vector<RdefType> types, std::string_view name = "v") {
  Rdef r;
  r.major = 4;
  r.program_type = 0xFFFF;
  r.creator.text = "Microsoft (R) HLSL Shader Compiler 6.3.9600.16384";
  r.types = std::move(types);
  RdefConstantBuffer& cb = r.constant_buffers.emplace_back();
  cb.name.text = "cb";
  cb.size = 16;
  RdefVariable& v = cb.variables.emplace_back();
  v.name.text = name;
  v.size = 16;
  v.flags = 2;
  v.type.index = 0;
  lay_out_rdef(r);
  return r;
}

RdefType float_type() {
  RdefType t;
  t.variable_class = kScalar;
  t.variable_type = kFloatType;
  t.rows = t.columns = 1;
  return t;
}

// A struct of two members, both of type `next`.
RdefType pair_of(uint32_t next) {
  RdefType t;
  t.variable_class = kStruct;
  for (uint32_t k = 0; k < 2; ++k) {
    RdefMember& m = t.members.emplace_back();
    m.name.text = k == 0 ? "a" : "b";
    m.type.index = next;
    m.offset = 4 * k;
  }
  return t;
}

std::vector<uint8_t> container_with(const Rdef& r) {
  // ps_4_0 with no instructions.
  return test::container_of({{"RDEF", write_rdef(r)}, {"SHDR", test::u32s({0x40, 2})}});
}

TEST(FxcListingHeader, SharedStructurePrintsAtEveryUse) {
  const auto file = container_with(rdef_with({pair_of(1), float_type()}));
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_TRUE(write_listing(file, Limits{}, out, error)) << error->to_string();
  EXPECT_NE(out.str().find("// cbuffer cb\n"
                           "// {\n"
                           "//\n"
                           "//   struct\n"
                           "//   {\n"
                           "//       \n"
                           "//       float a;                       // Offset:    0\n"
                           "//       float b;                       // Offset:    4\n"
                           "//\n"
                           "//   } v;                               // Offset:    0 Size:    16\n"
                           "//\n"
                           "// }\n"),
            std::string::npos)
      << out.str();
}

TEST(FxcListingHeader, ControlCharactersInNamesCannotStartALine) {
  const auto file = container_with(rdef_with({float_type()}, "v\n// Resource Bindings:"));
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_TRUE(write_listing(file, Limits{}, out, error)) << error->to_string();
  EXPECT_NE(out.str().find("//   float v\\x0a// Resource Bindings:;"), std::string::npos) << out.str();
}

TEST(FxcListingHeader, ListingOfAnExponentialTypeGraphIsALimitError) {
  // 40 levels of two members sharing the next level: 2^40 lines of
  // listing from a chunk of a few kilobytes.
  std::vector<RdefType> types;
  for (uint32_t i = 0; i < 40; ++i) types.push_back(pair_of(i + 1));
  types.push_back(float_type());
  const auto file = container_with(rdef_with(std::move(types)));
  TextBuffer out;
  std::optional<Diagnostic> error;
  ASSERT_FALSE(write_listing(file, Limits{}, out, error));
  EXPECT_EQ(error->code, Code::limit_exceeded) << error->to_string();
  EXPECT_LE(out.size(), size_t{Limits{}.max_text_per_input_byte} * file.size() + 8192);
}

}  // namespace
}  // namespace sp::fxc
