#include "core/yaml_writer.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

namespace sp::yaml {
namespace {

// The core-schema spellings a plain scalar would turn into another type
// are single-quoted, as llvm::yaml::needsQuotes decides (isNull, isBool,
// isNumeric): every spelling of each, not only the first of a list.
TEST(YamlQuoting, EverySpellingOfNullBoolAndNumberIsQuoted) {
  for (const char* s : {"null", "Null", "NULL", "~", "true", "True", "TRUE", "false", "False", "FALSE", ".nan",
                        ".NaN", ".NAN", ".inf", "-.Inf", "+.INF", "0o0", "0o17", "0x1f", "0xab", "0xAB", "0xFf", "12",
                        "-3.5", ".5", "1e9", "2E-3"})
    EXPECT_EQ(quoted_string(s), "'" + std::string(s) + "'") << s;
}

// Near misses stay plain: a digit outside the base, a letter past 'f', a
// dot with no digit, an exponent with no digits.
TEST(YamlQuoting, NearMissesOfNumbersArePlain) {
  for (const char* s : {"0o8", "0xag", "0xG", "0x", "nan", "1e", "1.2.3", "x1", "abc", "a_b.c-d"})
    EXPECT_EQ(quoted_string(s), s) << s;
}

// White space at either end is single-quoted; a line break or another
// control anywhere is double-quoted and escaped.
TEST(YamlQuoting, SpaceAtAnEndAndControls) {
  EXPECT_EQ(quoted_string("a\t"), "'a\t'");
  EXPECT_EQ(quoted_string("\ta"), "'\ta'");
  EXPECT_EQ(quoted_string(" a"), "' a'");
  EXPECT_EQ(quoted_string("a b"), "a b");
  EXPECT_EQ(quoted_string("a\n"), "\"a\\n\"");
  EXPECT_EQ(quoted_string("a:b"), "'a:b'");
  EXPECT_EQ(quoted_string(""), "''");
}

// Code points LLVM's writer escapes rather than prints: YAML's named
// escapes (NEL \N, no-break space \_, the line and paragraph separators
// \L \P), then the invisible ones in the shortest of \x, \u and \U that
// holds them (the C1 controls, the soft hyphen, the Arabic and Syriac
// format characters, the interlinear annotation marks, the last BMP
// noncharacter, the tags), at both ends of each range; their neighbours
// are shown as they are.
TEST(YamlQuoting, CodePointsAreEscapedAsLlvmEscapesThem) {
  const std::pair<const char*, const char*> shown[] = {  // UTF-8, what the scalar holds
      {"\xC2\x85", "\\N"},          {"\xC2\xA0", "\\_"},         {"\xE2\x80\xA8", "\\L"},
      {"\xE2\x80\xA9", "\\P"},      {"\xC2\x9F", "\\x9F"},       {"\xC2\xAD", "\\xAD"},
      {"\xD8\x80", "\\u0600"},      {"\xD8\x85", "\\u0605"},     {"\xD8\x86", "\xD8\x86"},
      {"\xD8\x9C", "\\u061C"},      {"\xDB\x9D", "\\u06DD"},     {"\xDC\x8F", "\\u070F"},
      {"\xEF\xBF\xB9", "\\uFFF9"},  {"\xEF\xBF\xBB", "\\uFFFB"}, {"\xEF\xBF\xBC", "\xEF\xBF\xBC"},
      {"\xEF\xBF\xBF", "\\uFFFF"},  {"\xF3\xA0\x80\x81", "\\U000E0001"},
  };
  for (const auto& [utf8, text] : shown)
    EXPECT_EQ(quoted_string(std::string("a") + utf8), std::string("\"a") + text + "\"") << text;
}

}  // namespace
}  // namespace sp::yaml
