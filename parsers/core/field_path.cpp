#include "core/field_path.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "core/strings.h"

namespace sp {
namespace {

void append(std::string& out, std::string_view name, int64_t index) {
  if (!name.empty()) {
    if (!out.empty()) out.push_back('.');
    out.append(name);
  }
  if (index != FieldPath::kNoIndex) {
    char digits[24];
    const char* end = std::to_chars(digits, digits + sizeof digits, index).ptr;
    out.push_back('[');
    out.append(digits, static_cast<size_t>(end - digits));
    out.push_back(']');
  }
}

}  // namespace

// Outermost frame first. Recursion is as deep as the code that built the
// path nests its frames (a handful), never as deep as anything in the input.
void FieldPath::append_to(std::string& out) const {
  if (parent_ != nullptr) parent_->append_to(out);
  if (cursor_ == nullptr) {
    append(out, name_, index_);
  } else {
    append(out, name_, static_cast<int64_t>(cursor_->index));
    append(out, cursor_->name, kNoIndex);
  }
}

// A fuzz target formats thousands of warnings a second, so the common
// path (a few frames) allocates the string once and nothing else.
std::string FieldPath::str() const {
  std::string out;
  out.reserve(96);
  append_to(out);
  // Frames are what dots separate: the k-th dot ends frame k.
  if (static_cast<size_t>(std::count(out.begin(), out.end(), '.')) + 1 > kElideAbove) {
    std::vector<size_t> dots;
    for (size_t i = 0; i < out.size(); ++i)
      if (out[i] == '.') dots.push_back(i);
    const size_t head_end = dots[kKeptFrames - 1];
    const size_t tail_begin = dots[dots.size() - kKeptFrames] + 1;
    const size_t elided = dots.size() + 1 - 2 * kKeptFrames;
    out = out.substr(0, head_end) + "...(" + grouped(elided) + " more)..." + out.substr(tail_begin);
  }
  // A frame may name what the file calls it (a part's fourcc, a BLOCKINFO
  // block name): the path is made printable here, for every printer.
  return capped_text(cleaned_text(std::move(out), /*keep_whitespace=*/false));
}

}  // namespace sp
