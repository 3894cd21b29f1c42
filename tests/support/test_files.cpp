#include "support/test_files.h"

#include <algorithm>
#include <fstream>
#include <iterator>

#include <unistd.h>

namespace sp::test {

std::vector<uint8_t> read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::filesystem::path scratch_path(const std::string& name) {
  return std::filesystem::temp_directory_path() / ("sp_" + name + "_" + std::to_string(getpid()));
}

TempFile::TempFile(const std::string& name, std::span<const uint8_t> bytes)
    : TempFile(name, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size())) {}

TempFile::TempFile(const std::string& name, std::string_view bytes) : path_(scratch_path(name)) {
  std::ofstream(path_, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

TempFile::~TempFile() {
  std::error_code ignored;  // a test may have removed it already
  std::filesystem::remove(path_, ignored);
}

bool have_external() { return std::filesystem::is_directory(SP_EXTERNAL_DIR); }

namespace {

// The regular files of `dir` whose names `keep` accepts, sorted; empty
// when `dir` does not exist.
template <typename Keep>
std::vector<std::filesystem::path> files_in(const std::filesystem::path& dir, Keep keep) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(dir)) return out;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.is_regular_file() && keep(e.path().filename().string())) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<std::filesystem::path> external_files(const std::string& sub, const std::string& suffix) {
  return files_in(std::filesystem::path(SP_EXTERNAL_DIR) / sub,
                  [&](const std::string& name) { return name.ends_with(suffix); });
}

std::vector<std::filesystem::path> generated_containers() {
  return files_in(SP_GENERATED_DIR, [](const std::string& name) { return name.ends_with(".dxbc"); });
}

std::vector<std::filesystem::path> committed_containers(const std::string& prefix) {
  return files_in(std::filesystem::path(SP_CONFORMANCE_CASES_DIR) / "dxcontainer",
                  [&](const std::string& name) { return name.starts_with(prefix) && !name.ends_with(".expect"); });
}

namespace {

// fxc-hlslcc's binaries that are (or are not) DXBC containers.
std::vector<std::filesystem::path> fxc_binaries(bool containers) {
  std::vector<std::filesystem::path> out;
  for (const auto& p : external_files("fxc-hlslcc", ".o")) {
    const auto bytes = read_file(p);
    const bool dxbc = bytes.size() >= 4 && bytes[0] == 'D' && bytes[1] == 'X' && bytes[2] == 'B' && bytes[3] == 'C';
    if (dxbc == containers) out.push_back(p);
  }
  return out;
}

}  // namespace

std::vector<std::filesystem::path> external_containers() {
  std::vector<std::filesystem::path> out = external_files("vkd3d-proton", ".dxbc");
  for (const auto& p : fxc_binaries(true)) out.push_back(p);
  return out;
}

std::vector<std::filesystem::path> external_d3d9_shaders() { return fxc_binaries(false); }

std::vector<std::filesystem::path> all_containers() {
  std::vector<std::filesystem::path> files = external_containers();
  for (const auto& p : generated_containers()) files.push_back(p);
  return files;
}

}  // namespace sp::test
