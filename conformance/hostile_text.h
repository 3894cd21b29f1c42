// Text no printer may pass on as it is, for the cases and tests that put
// it into every text field a format's writer sets (the dxcontainer, fxc,
// bitcode, shbin and vbc suites' y_text_not_printable cases,
// tests/<format>/printed_text_test.cpp): a file may hold any bytes there,
// and each printer must print them as its contract says
// (parsers/core/file_text.h).
#pragma once

#include <iterator>
#include <span>
#include <string_view>

namespace sp::conform {

using namespace std::string_view_literals;

// A UTF-8 lead byte with nothing after it (the name of the nightly run's
// crash), an overlong '/', a surrogate, a code point past U+10FFFF, bytes
// UTF-8 never holds, control characters (a terminal escape, the whitespace
// controls, DEL), a NUL inside (a length-counted field keeps what follows),
// and well-formed UTF-8, which stays as it is.
inline constexpr std::string_view kHostileTexts[] = {
    "\xE8Red",          "slash\xC0\xAF",        "\xED\xA0\x80surrogate", "\xF4\x90\x80\x80past",
    "\xFF\xFEnever",    "esc\x1B[31mred",       "line\nbreak\ttab\rcr",  "del\x7F",
    "nul\0inside"sv,    "\xC3\xA9t\xC3\xA9",
};

[[nodiscard]] inline std::span<const std::string_view> hostile_texts() { return kHostileTexts; }

// The k-th hostile text, round the list: each field of a model gets the
// next one, so every text lands in every kind of field over a few files.
[[nodiscard]] inline std::string_view hostile_text(size_t k) { return kHostileTexts[k % std::size(kHostileTexts)]; }

}  // namespace sp::conform
