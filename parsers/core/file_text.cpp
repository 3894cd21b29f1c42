#include "core/file_text.h"

namespace sp {

std::string listing_text(FileText name) {
  std::string out;
  out.reserve(name.size());
  for (const char c : name.bytes()) {
    const auto b = static_cast<unsigned char>(c);
    if (b < 0x20 || b == 0x7F) {
      out += strprintf("\\x%02x", b);
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace sp
