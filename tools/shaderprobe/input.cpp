#include "input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace sp::cli {

std::optional<std::vector<uint8_t>> read_input(const std::string& path) {
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    std::cerr << "error: cannot open " << path << ": " << std::strerror(errno) << "\n";
    return std::nullopt;
  }
  std::vector<uint8_t> data;
  uint8_t buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) data.insert(data.end(), buf, buf + n);
  const bool failed = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (failed) {
    std::cerr << "error: cannot read " << path << "\n";
    return std::nullopt;
  }
  return data;
}

void print_error(const Diagnostic& d) { std::cerr << "error: " << d.to_string() << "\n"; }
void print_warning(const Diagnostic& d) { std::cerr << "warning: " << d.to_string() << "\n"; }

}  // namespace sp::cli
