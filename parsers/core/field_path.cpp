#include "core/field_path.h"

#include <string>

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
  return out;
}

}  // namespace sp
