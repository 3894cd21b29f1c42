#include "input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include <sys/stat.h>

#include "formats/registry.h"

namespace sp::cli {

std::optional<std::vector<uint8_t>> read_input(const std::string& path) {
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    std::cerr << "error: cannot open " << path << ": " << std::strerror(errno) << "\n";
    return std::nullopt;
  }
  // A regular file is read in one piece into a buffer of its size (a
  // 20 MB input otherwise grows its vector a dozen times, each time copying
  // and faulting in fresh pages); a pipe, or a file that grew, by doubling.
  std::vector<uint8_t> data;
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) data.resize(static_cast<size_t>(st.st_size) + 1);
  if (data.empty()) data.resize(size_t{1} << 16);
  size_t used = 0;
  for (;;) {
    used += std::fread(data.data() + used, 1, data.size() - used, f);
    if (used < data.size()) break;
    data.resize(2 * data.size());
  }
  data.resize(used);
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

const formats::Format* reader_or_unsupported(Bytes data) {
  const formats::Format& f = formats::reader_for(data);
  if (f.supported()) return &f;
  std::cerr << "error: unsupported format: " << f.name << " (" << f.title
            << ") is recognised, but shaderprobe has no parser for it yet\n";
  return nullptr;
}

}  // namespace sp::cli
