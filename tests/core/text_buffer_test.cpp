#include "core/text_buffer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace sp {
namespace {

// Text written through reserve()/commit() and append() across many chunks
// (the first is 4 KiB, one reservation is larger than any chunk so far)
// reads back in order, and earlier chunks never move.
TEST(TextBuffer, KeepsOrderAcrossChunksAndNeverMovesWrittenText) {
  TextBuffer text;
  std::string expected;
  char* p = text.reserve(3);
  const char* first = p;
  text.commit(TextBuffer::put(TextBuffer::put(p, "ab"), 'c'));
  expected += "abc";
  for (uint64_t i = 0; i < 5000; ++i) {
    p = text.reserve(40);
    p = TextBuffer::put(p, " v");
    p = TextBuffer::put_uint(p, i * 1000003);
    p = TextBuffer::put(p, '=');
    text.commit(TextBuffer::put_int(p, -static_cast<int64_t>(i)));
    expected += " v" + std::to_string(i * 1000003) + "=" + std::to_string(-static_cast<int64_t>(i));
  }
  const std::string big(1 << 20, 'x');
  text.append(big);
  expected += big;
  text.append("");
  EXPECT_EQ(std::string(first, 3), "abc");
  EXPECT_EQ(text.size(), expected.size());
  EXPECT_EQ(text.str(), expected);

  std::vector<size_t> pieces;
  text.for_each_piece([&](std::string_view piece) { pieces.push_back(piece.size()); });
  EXPECT_GT(pieces.size(), 3u);
  for (size_t n : pieces) EXPECT_NE(n, 0u);
}

TEST(TextBuffer, IntegersPrintAsLlvmPrintsThem) {
  TextBuffer text;
  char* p = text.reserve(80);
  p = TextBuffer::put_uint(p, UINT64_MAX);
  p = TextBuffer::put(p, ' ');
  p = TextBuffer::put_int(p, INT64_MIN);
  p = TextBuffer::put(p, ' ');
  text.commit(TextBuffer::put_uint(p, 0));
  EXPECT_EQ(text.str(), "18446744073709551615 -9223372036854775808 0");
}

// With a sink the text leaves as it fills, in pieces no larger than a
// chunk (or one line larger than it), in order; flush() hands the rest.
TEST(TextBuffer, SinkReceivesTheTextAsItFills) {
  std::string received;
  size_t pieces = 0, largest = 0;
  TextBuffer text([&](std::string_view piece) {
    received += piece;
    ++pieces;
    largest = std::max(largest, piece.size());
  });
  std::string expected;
  for (int i = 0; i < 100000; ++i) {
    const std::string line = "<RECORD op0=" + std::to_string(i) + "/>\n";
    text.append(line);
    expected += line;
  }
  EXPECT_GT(pieces, 10u);  // out long before the end
  EXPECT_LE(largest, size_t{1} << 16);
  EXPECT_LT(received.size(), expected.size());
  const std::string huge(200000, 'x');  // one line larger than the chunk
  text.append(huge);
  expected += huge;
  text.append("end\n");
  expected += "end\n";
  text.flush();
  EXPECT_EQ(received, expected);
  EXPECT_EQ(text.size(), expected.size());
  text.flush();
  EXPECT_EQ(received, expected);
}

// The sink's chunk is made by the first write, whatever its size: a
// printer may start with a single character.
TEST(TextBuffer, SinkTakesAFirstWriteOfOneCharacter) {
  std::string received;
  TextBuffer text([&](std::string_view piece) { received += piece; });
  char* p = text.reserve(1);
  text.commit(TextBuffer::put(p, '{'));
  text.append("}");
  text.flush();
  EXPECT_EQ(received, "{}");
  EXPECT_EQ(text.size(), 2u);
}

// Printers flush when they end whether or not a sink was given: without
// one the text stays where it is.
TEST(TextBuffer, FlushWithoutASinkKeepsTheText) {
  TextBuffer text;
  text.append("kept");
  text.flush();
  EXPECT_EQ(text.str(), "kept");
  EXPECT_EQ(text.size(), 4u);
}

TEST(TextBuffer, EmptyHasNoPieces) {
  TextBuffer text;
  int pieces = 0;
  text.for_each_piece([&](std::string_view) { ++pieces; });
  EXPECT_EQ(pieces, 0);
  EXPECT_EQ(text.size(), 0u);
  EXPECT_EQ(text.str(), "");
}

}  // namespace
}  // namespace sp
