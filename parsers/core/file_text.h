// Text a file holds: names, semantics, creator strings, metadata strings,
// symbol tables. A file may put any bytes there (invalid UTF-8, NUL,
// control characters, overlong forms), and a printer that passes them on
// breaks: nlohmann's dump() throws on invalid UTF-8, a raw newline starts a
// line of its own in a listing. So no model holds such text as a
// std::string or std::string_view, which every printer takes as it is; it
// holds a FileText (a view into the input) or a FileString (bytes a reader
// assembled, such as bitcode's character arrays), which convert to
// nothing. Each use says what it wants:
//
//   printable()     the text for people, on one line: every byte that is
//                   not well-formed UTF-8, and every control character, as
//                   \xNN (utf8_text). Descriptions (json, yaml), diagnostic
//                   messages and the project's own text dumps hold this; a
//                   FileText put into a JSON tree goes through it (to_json
//                   below), so a description cannot hold anything else.
//   listing_text()  what a compiler's listing prints (fxc's /Fc, of DXBC
//                   and of Direct3D 9 alike): the bytes as they are, control
//                   characters as \xNN.
//   bytes()         the bytes as stored: for writers, comparisons, lengths,
//                   and the dumps that reproduce another peer byte for byte
//                   and so escape as that peer does (obj2yaml's YAML
//                   escapes, llvm-bcanalyzer's printable test).
#pragma once

#include <compare>
#include <concepts>
#include <string>
#include <string_view>
#include <utility>

#include "core/bytes.h"
#include "core/strings.h"

namespace sp {

template <typename Storage>
class BasicFileText {
 public:
  // Text enters from anything a reader or a writer's caller holds; only
  // the way out is chosen (above).
  BasicFileText() = default;
  BasicFileText(std::string_view bytes) : bytes_(bytes) {}  // NOLINT(google-explicit-constructor)
  BasicFileText(const char* bytes) : bytes_(bytes) {}       // NOLINT(google-explicit-constructor)
  // Only a FileString takes a std::string: a view of one would dangle once
  // a temporary string is gone.
  BasicFileText(std::string bytes)  // NOLINT(google-explicit-constructor)
    requires std::same_as<Storage, std::string>
      : bytes_(std::move(bytes)) {}
  // A FileString seen through a FileText, where a function takes a view
  // (never of a temporary, which would dangle). Templates, so that neither
  // is a FileString's own copy or move constructor.
  template <typename Owner>
    requires std::same_as<Storage, std::string_view> && std::same_as<Owner, std::string>
  BasicFileText(const BasicFileText<Owner>& owner) : bytes_(owner.bytes()) {}  // NOLINT(google-explicit-constructor)
  template <typename Owner>
    requires std::same_as<Storage, std::string_view> && std::same_as<Owner, std::string>
  BasicFileText(BasicFileText<Owner>&&) = delete;

  [[nodiscard]] std::string_view bytes() const { return bytes_; }
  [[nodiscard]] std::string printable() const { return utf8_text(bytes_, /*keep_whitespace=*/false); }
  [[nodiscard]] size_t size() const { return bytes_.size(); }
  [[nodiscard]] bool empty() const { return bytes_.empty(); }

  bool operator==(const BasicFileText& other) const { return bytes() == other.bytes(); }
  auto operator<=>(const BasicFileText& other) const { return bytes() <=> other.bytes(); }
  // Comparing with the spelling a format gives a name ("SV_Position"), or
  // with any other string (a template, so that it is an exact match and
  // no conversion to a FileText competes with it).
  template <typename Text>
    requires std::convertible_to<const Text&, std::string_view>
  bool operator==(const Text& other) const {
    return bytes() == std::string_view(other);
  }

 private:
  Storage bytes_{};
};

using FileText = BasicFileText<std::string_view>;
using FileString = BasicFileText<std::string>;

// fxc prints a name as it is (its names are identifiers); a control
// character is shown as \xNN, so a crafted name cannot start a line of its
// own in the listing.
[[nodiscard]] std::string listing_text(FileText name);

// Bytes of the input as text (a length-counted name).
[[nodiscard]] inline FileText as_text(Bytes b) {
  return FileText(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
}

// nlohmann-json's conversion, found by argument-dependent lookup: text from
// a file enters a JSON tree printable, whatever the call site.
template <typename Json, typename Storage>
void to_json(Json& j, const BasicFileText<Storage>& text) {
  j = text.printable();
}

}  // namespace sp
