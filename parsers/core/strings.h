// Small text helpers shared by parsers and printers.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace sp {

// printf into a std::string (GCC 12 has no std::format).
[[nodiscard]] std::string strprintf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));

// Bytes as lowercase hex digits, two per byte (digests, raw blobs in dumps).
[[nodiscard]] std::string hex_text(std::span<const uint8_t> bytes);

// A four-character code as text; bytes that are not printable ASCII are
// shown as \xNN so a hostile fourcc cannot inject control characters.
[[nodiscard]] std::string fourcc_text(uint32_t fourcc);

// s with every byte that is not well-formed UTF-8 or is a control character
// written as \xNN text: strings from a file may hold any bytes, JSON needs
// valid UTF-8 (nlohmann's dump() throws on surrogates and overlong forms).
// With keep_whitespace, \t \n \r stay as they are (a diagnostic's message
// may span lines); without, the text is one line (FileText::printable).
[[nodiscard]] std::string utf8_text(std::string_view s, bool keep_whitespace = true);
// utf8_text(s), without a copy when s needs no escape (the usual case: a
// diagnostic's path and message are cleaned each time one is made).
[[nodiscard]] std::string cleaned_text(std::string s, bool keep_whitespace = true);

// One UTF-8 sequence starting at s[i]: its code point and length, or
// length 0 when it is invalid (overlong, surrogate, above U+10FFFF, cut
// off, or i is not a lead byte).
[[nodiscard]] std::pair<uint32_t, size_t> decode_utf8(std::string_view s, size_t i);

// A value's name in one of a listing's tables, or the number when the
// table has none (a listing never fails on a value a compiler would not
// write).
[[nodiscard]] inline std::string name_of(std::span<const std::string_view> table, uint32_t value) {
  return value < table.size() ? std::string(table[value]) : std::to_string(value);
}

// The most characters of a diagnostic's message or path: a longer one
// (a name or string taken from the input) keeps its first kMaxDiagnosticText
// characters and says how many it left out, so no diagnostic line grows
// with its input.
inline constexpr size_t kMaxDiagnosticText = 1024;
[[nodiscard]] std::string capped_text(std::string s);

// n with a comma between groups of three digits ("99,984").
[[nodiscard]] std::string grouped(uint64_t n);

constexpr uint32_t make_fourcc(char a, char b, char c, char d) {
  return static_cast<uint32_t>(static_cast<uint8_t>(a)) |
         static_cast<uint32_t>(static_cast<uint8_t>(b)) << 8 |
         static_cast<uint32_t>(static_cast<uint8_t>(c)) << 16 |
         static_cast<uint32_t>(static_cast<uint8_t>(d)) << 24;
}

}  // namespace sp
