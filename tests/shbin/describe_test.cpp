// dump --format=json|yaml of SHBIN (parsers/shbin/describe.cpp): the fields
// the conformance suite's y_ cases do not reach.
#include "shbin/describe.h"

#include <gtest/gtest.h>

#include <string>

#include "conformance/shbin/builders.h"
#include "shbin/model.h"

namespace sp::shbin {
namespace {

// A uniform's registers: its class and index range when both ends are in
// a register class ("c0-c3", "c0" for one register, "v15-c0" across
// classes, as the file says), nothing when either end is in none.
TEST(ShbinDescribe, UniformRegistersNameTheirClassAndRange) {
  Shbin s = build::textured_quad(Layout::picasso);
  struct Case {
    uint16_t first, last;
    const char* klass;
    const char* registers;
  };
  const Case cases[] = {{0x10, 0x13, "float", "c0-c3"}, {0x10, 0x10, "float", "c0"},
                        {0x0F, 0x10, "input", "v15-c0"}, {0x70, 0x73, "int", "i0-i3"},
                        {0x10, 0x90, "float", ""},       {0x90, 0x10, "none", ""},
                        {0x74, 0x74, "none", ""},
                        {0x78, 0x87, "bool", "b0-b15"}};
  s.dvles[0].uniforms.clear();
  for (const Case& c : cases) s.dvles[0].uniforms.push_back({.name_offset = 0, .first = c.first, .last = c.last, .name = "u"});
  const nlohmann::ordered_json j = describe(s, {});
  const nlohmann::ordered_json& uniforms = j["dvles"][0]["uniforms"];
  ASSERT_EQ(uniforms.size(), std::size(cases));
  for (size_t k = 0; k < std::size(cases); ++k) {
    EXPECT_EQ(uniforms[k]["class"], cases[k].klass) << k;
    EXPECT_EQ(uniforms[k]["registers"], cases[k].registers) << k;
  }
}

}  // namespace
}  // namespace sp::shbin
