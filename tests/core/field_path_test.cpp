#include "core/field_path.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace sp
