#include "core/strings.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace sp {
namespace {

using Decoded = std::pair<uint32_t, size_t>;
constexpr Decoded kInvalid{0, 0};

// Each length's first code point decodes, and the same value one length up
// (an overlong form, which nlohmann's dump() refuses) does not: the bounds
// are where RFC 3629 puts them, to the code point.
TEST(Utf8, EachLengthStartsWhereTheShorterOneEnds) {
  EXPECT_EQ(decode_utf8("\xC2\x80", 0), Decoded(0x80, 2));
  EXPECT_EQ(decode_utf8("\xC1\xBF", 0), kInvalid);  // U+007F in two bytes
  EXPECT_EQ(decode_utf8("\xDF\xBF", 0), Decoded(0x7FF, 2));
  EXPECT_EQ(decode_utf8("\xE0\xA0\x80", 0), Decoded(0x800, 3));
  EXPECT_EQ(decode_utf8("\xE0\x9F\xBF", 0), kInvalid);  // U+07FF in three
  EXPECT_EQ(decode_utf8("\xEF\xBF\xBF", 0), Decoded(0xFFFF, 3));
  EXPECT_EQ(decode_utf8("\xF0\x90\x80\x80", 0), Decoded(0x10000, 4));
  EXPECT_EQ(decode_utf8("\xF0\x8F\xBF\xBF", 0), kInvalid);  // U+FFFF in four
  EXPECT_EQ(decode_utf8("\xF4\x8F\xBF\xBF", 0), Decoded(0x10FFFF, 4));
  EXPECT_EQ(decode_utf8("\xF4\x90\x80\x80", 0), kInvalid);  // above U+10FFFF
}

TEST(Utf8, SurrogatesCutSequencesAndStrayBytesAreInvalid) {
  EXPECT_EQ(decode_utf8("\xED\x9F\xBF", 0), Decoded(0xD7FF, 3));
  EXPECT_EQ(decode_utf8("\xED\xA0\x80", 0), kInvalid);  // U+D800
  EXPECT_EQ(decode_utf8("\xED\xBF\xBF", 0), kInvalid);  // U+DFFF
  EXPECT_EQ(decode_utf8("\xEE\x80\x80", 0), Decoded(0xE000, 3));
  EXPECT_EQ(decode_utf8(std::string_view("\xE0\xA0", 2), 0), kInvalid);  // cut off
  EXPECT_EQ(decode_utf8("\xC2\x41", 0), kInvalid);                        // no continuation byte
  EXPECT_EQ(decode_utf8("\x80", 0), kInvalid);                            // not a lead byte
  EXPECT_EQ(decode_utf8("a\xC2\x80", 1), Decoded(0x80, 2));               // at an index
}

// cleaned_text skips the copy only when utf8_text would change nothing:
// the same text for every kind of byte, whitespace kept or not, including
// strings made only of bytes the fast path must not pass (DEL, a stray
// continuation byte).
TEST(CleanedText, GivesWhatUtf8TextGives) {
  for (const char* s : {"plain", "a\tb\nc\rd", "\x7F", "\xFF", "\x80", "\x01", "caf\xC3\xA9", "\xC3\xA9", "\t\x7F", ""})
    for (const bool keep : {true, false}) EXPECT_EQ(cleaned_text(s, keep), utf8_text(s, keep)) << s << keep;
  EXPECT_EQ(cleaned_text("\x7F"), "\\x7F");
  EXPECT_EQ(cleaned_text("\xFF", false), "\\xFF");
}

}  // namespace
}  // namespace sp
