#include "input.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>

#include <sys/stat.h>

#include "formats/registry.h"

namespace sp::cli {
namespace {

// Commands read their inputs one after another, on the main thread.
std::string& last_input() {
  static std::string path;
  return path;
}

}  // namespace

const std::string& current_input() { return last_input(); }

std::optional<std::vector<uint8_t>> read_input(const std::string& path, std::string& problem) {
  last_input() = path;
  FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    problem = std::string("cannot open: ") + std::strerror(errno);
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
  const int failed = std::ferror(f) != 0 ? errno : 0;
  if (f != stdin) std::fclose(f);
  if (failed != 0) {
    problem = std::string("cannot read: ") + std::strerror(failed);
    return std::nullopt;
  }
  return data;
}

std::optional<std::vector<uint8_t>> read_input(const std::string& path) {
  std::string problem;
  auto data = read_input(path, problem);
  if (!data) std::cerr << path << ": error: " << problem << "\n";
  return data;
}

namespace {

namespace fs = std::filesystem;

// A folder's regular files, recursively, sorted; false after printing why
// it could not be read.
bool folder_files(const std::string& folder, std::vector<std::string>& out) {
  std::error_code ec;
  std::vector<std::string> found;
  for (fs::recursive_directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file(ec)) found.push_back(it->path().string());
  if (ec) {
    std::cerr << folder << ": error: cannot read folder: " << ec.message() << "\n";
    return false;
  }
  if (found.empty()) {
    std::cerr << folder << ": error: the folder holds no file\n";
    return false;
  }
  std::sort(found.begin(), found.end());
  out.insert(out.end(), found.begin(), found.end());
  return true;
}

void print(std::string_view file, std::string_view severity, const Diagnostic& d) {
  std::cerr << file << ": " << severity << ": " << d.to_string() << "\n";
}

}  // namespace

std::optional<std::vector<std::string>> expand_inputs(const std::vector<std::string>& paths) {
  std::vector<std::string> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (p != "-" && fs::is_directory(p, ec)) {
      if (!folder_files(p, out)) return std::nullopt;
    } else {
      out.push_back(p);  // read_input reports one that cannot be opened
    }
  }
  return out;
}

void print_error(std::string_view file, const Diagnostic& d) { print(file, "error", d); }
void print_warning(std::string_view file, const Diagnostic& d) { print(file, "warning", d); }

std::string unsupported_message(const formats::Format& format) {
  return "unsupported format: " + std::string(format.name) + " (" + std::string(format.title) +
         ") is recognised, but shaderprobe has no parser for it yet";
}

const formats::Format* reader_or_unsupported(std::string_view file, Bytes data) {
  const formats::Format& f = formats::reader_for(data);
  if (f.supported()) return &f;
  std::cerr << file << ": error: " << unsupported_message(f) << "\n";
  return nullptr;
}

}  // namespace sp::cli
