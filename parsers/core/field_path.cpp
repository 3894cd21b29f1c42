#include "core/field_path.h"

#include <vector>

namespace sp {

std::string FieldPath::str() const {
  std::vector<const FieldPath*> frames;
  for (const FieldPath* f = this; f != nullptr; f = f->parent_) frames.push_back(f);
  std::string out;
  auto append = [&out](std::string_view name, int64_t index) {
    if (!name.empty()) {
      if (!out.empty()) out.push_back('.');
      out.append(name);
    }
    if (index != kNoIndex) {
      out.push_back('[');
      out += std::to_string(index);
      out.push_back(']');
    }
  };
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    const FieldPath* f = *it;
    if (f->cursor_ == nullptr) {
      append(f->name_, f->index_);
    } else {
      append(f->name_, static_cast<int64_t>(f->cursor_->index));
      append(f->cursor_->name, kNoIndex);
    }
  }
  return out;
}

}  // namespace sp
