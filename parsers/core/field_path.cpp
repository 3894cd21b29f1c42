#include "core/field_path.h"

#include <vector>

namespace sp {

std::string FieldPath::str() const {
  std::vector<const FieldPath*> frames;
  for (const FieldPath* f = this; f != nullptr; f = f->parent_) frames.push_back(f);
  std::string out;
  for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
    const FieldPath* f = *it;
    if (!f->name_.empty()) {
      if (!out.empty()) out.push_back('.');
      out.append(f->name_);
    }
    if (f->index_ != kNoIndex) {
      out.push_back('[');
      out += std::to_string(f->index_);
      out.push_back(']');
    }
  }
  return out;
}

}  // namespace sp
