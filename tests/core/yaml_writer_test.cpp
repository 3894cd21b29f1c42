#include "core/yaml_writer.h"

#include <gtest/gtest.h>

#include <string>

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

// Code points LLVM's writer escapes rather than prints, each in the
// shortest of \x, \u and \U that holds it: the last BMP noncharacter and
// the interlinear annotation marks, which a reader would not see.
TEST(YamlQuoting, InvisibleCodePointsAreEscapedInTheShortestForm) {
  EXPECT_EQ(quoted_string("a\xC2\x9F"), "\"a\\x9F\"");
  EXPECT_EQ(quoted_string("a\xEF\xBF\xB9"), "\"a\\uFFF9\"");
  EXPECT_EQ(quoted_string("a\xEF\xBF\xBB"), "\"a\\uFFFB\"");
  EXPECT_EQ(quoted_string("a\xEF\xBF\xBC"), "\"a\xEF\xBF\xBC\"");  // U+FFFC is shown
  EXPECT_EQ(quoted_string("a\xEF\xBF\xBF"), "\"a\\uFFFF\"");
  EXPECT_EQ(quoted_string("a\xF3\xA0\x80\x81"), "\"a\\U000E0001\"");
}

// The escapes YAML names (NEL \\N, no-break space \\_, line and
// paragraph separators \\L \\P), and the Arabic and Syriac format
// characters LLVM will not print, at both ends of each range.
TEST(YamlQuoting, NamedEscapesAndFormatCharacters) {
  EXPECT_EQ(quoted_string("a\xC2\x85"), "\"a\\N\"");
  EXPECT_EQ(quoted_string("a\xC2\xA0"), "\"a\\_\"");
  EXPECT_EQ(quoted_string("a\xE2\x80\xA8"), "\"a\\L\"");
  EXPECT_EQ(quoted_string("a\xE2\x80\xA9"), "\"a\\P\"");
  EXPECT_EQ(quoted_string("a\xC2\xAD"), "\"a\\xAD\"");
  EXPECT_EQ(quoted_string("a\xD8\x80"), "\"a\\u0600\"");
  EXPECT_EQ(quoted_string("a\xD8\x85"), "\"a\\u0605\"");
  EXPECT_EQ(quoted_string("a\xD8\x86"), "\"a\xD8\x86\"");  // U+0606 is shown
  EXPECT_EQ(quoted_string("a\xD8\x9C"), "\"a\\u061C\"");
  EXPECT_EQ(quoted_string("a\xDB\x9D"), "\"a\\u06DD\"");
  EXPECT_EQ(quoted_string("a\xDC\x8F"), "\"a\\u070F\"");
}

}  // namespace
}  // namespace sp::yaml
