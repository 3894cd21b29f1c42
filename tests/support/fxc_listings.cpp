#include "support/fxc_listings.h"

#include <fstream>
#include <sstream>

namespace sp::test {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string without_command_line(const std::string& listing) {
  std::istringstream in(listing);
  std::string line, out;
  bool in_block = false;
  while (std::getline(in, line)) {
    if (line.starts_with("//   fxc ")) {
      in_block = true;
      continue;
    }
    if (in_block) {
      if (line.starts_with("//    ")) continue;
      in_block = false;
      if (line == "//") continue;
    }
    out += line + "\n";
  }
  return out;
}

std::string reference_listing(const std::filesystem::path& binary) {
  auto asm_path = binary;
  asm_path.replace_extension(".asm");
  return without_command_line(read_text(asm_path));
}

}  // namespace sp::test
