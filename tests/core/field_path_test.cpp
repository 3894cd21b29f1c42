#include "core/field_path.h"

#include "core/strings.h"

#include <gtest/gtest.h>

#include <string>

namespace sp {
namespace {

TEST(FieldPath, RendersFieldsAndIndices) {
  const FieldPath root = FieldPath::root();
  EXPECT_EQ(root.str(), "");
  const FieldPath part = root.item("parts", 3);
  const FieldPath psv = part.field("PSV0");
  const FieldPath res = psv.item("resources", 2);
  const FieldPath field = res.field("space");
  EXPECT_EQ(field.str(), "parts[3].PSV0.resources[2].space");
  const FieldPath named = FieldPath::root("PSV0");
  const FieldPath stride = named.field("resource_stride");
  EXPECT_EQ(stride.str(), "PSV0.resource_stride");
}

TEST(FieldPath, CursorRendersTheItemItIsAt) {
  const FieldPath root = FieldPath::root();
  FieldPath::Cursor cursor;
  const FieldPath part = root.cursor("parts", cursor);
  const FieldPath size = part.field("size");
  cursor.index = 3;
  cursor.name = "DXIL";
  EXPECT_EQ(size.str(), "parts[3].DXIL.size");
  cursor.index = 4;
  cursor.name = {};
  EXPECT_EQ(part.str(), "parts[4]");
}

// A path as deep as its input (100,000 nested blocks once --max-depth is
// raised) prints its first and last 8 frames and how many it left out.
TEST(FieldPath, DeepPathsAreElidedInTheMiddle) {
  std::string deep;
  for (int i = 0; i < 50000; ++i) deep += "blocks[" + std::to_string(i) + "].B.";
  deep += "records[7]";
  const FieldPath root = FieldPath::root(deep);
  const FieldPath leaf = root.field("value");
  const std::string s = leaf.str();
  EXPECT_EQ(s,
            "blocks[0].B.blocks[1].B.blocks[2].B.blocks[3].B...(99,986 more)..."
            "blocks[49997].B.blocks[49998].B.blocks[49999].B.records[7].value");
  // At the threshold nothing is left out.
  std::string edge = "f0";
  for (size_t i = 1; i < FieldPath::kElideAbove; ++i) edge += ".f" + std::to_string(i);
  EXPECT_EQ(FieldPath::root(edge).str(), edge);
  const std::string over = edge + ".last";
  EXPECT_EQ(FieldPath::root(over).str(), "f0.f1.f2.f3.f4.f5.f6.f7...(17 more)...f25.f26.f27.f28.f29.f30.f31.last");
}

// One frame's name taken from the input (a long part name) is cut too.
TEST(FieldPath, LongNamesAreCapped) {
  const std::string name(100000, 'n');
  const std::string s = FieldPath::root(name).str();
  EXPECT_EQ(s, std::string(kMaxDiagnosticText, 'n') + "...(98,976 more characters)");
}

}  // namespace
}  // namespace sp
