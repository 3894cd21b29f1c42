#include "core/field_path.h"

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
    out.push_back('[');
    out += std::to_string(index);
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

std::string FieldPath::str() const {
  std::string out;
  append_to(out);
  // Frames are what dots separate: the k-th dot ends frame k.
  std::vector<size_t> dots;
  for (size_t i = 0; i < out.size(); ++i)
    if (out[i] == '.') dots.push_back(i);
  if (dots.size() + 1 > kElideAbove) {
    const size_t head_end = dots[kKeptFrames - 1];
    const size_t tail_begin = dots[dots.size() - kKeptFrames] + 1;
    const size_t elided = dots.size() + 1 - 2 * kKeptFrames;
    out = out.substr(0, head_end) + "...(" + grouped(elided) + " more)..." + out.substr(tail_begin);
  }
  return capped_text(std::move(out));
}

}  // namespace sp
