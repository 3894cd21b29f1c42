// Helpers to find and read test inputs. Real third-party files live in
// ../shared/external (never committed); tests that need them skip cleanly
// when the folder is absent.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sp::test {

std::vector<uint8_t> read_file(const std::filesystem::path& path);

// A path in the temporary folder for this process's scratch files:
// sp_<name>_<pid>, so concurrent runs (the dev and asan suites, another
// worktree's) never share one.
std::filesystem::path scratch_path(const std::string& name);

// `bytes` written to scratch_path(name), removed again when the TempFile
// goes out of scope: the tests that hand the command-line tool a file of
// their own leave nothing behind in the temporary folder.
class TempFile {
 public:
  TempFile(const std::string& name, std::span<const uint8_t> bytes);
  TempFile(const std::string& name, std::string_view bytes);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  [[nodiscard]] std::string string() const { return path_.string(); }
  operator const std::filesystem::path&() const { return path_; }  // NOLINT: used as the path it is

 private:
  std::filesystem::path path_;
};

// Files under ../shared/external/<sub> whose names end in `suffix`, sorted;
// empty when the folder does not exist.
std::vector<std::filesystem::path> external_files(const std::string& sub, const std::string& suffix);

// DXBC containers among the external files (skips D3D9 bytecode).
std::vector<std::filesystem::path> external_containers();

// The Direct3D 9 shaders among fxc-hlslcc's binaries (the .o files that
// are not DXBC containers).
std::vector<std::filesystem::path> external_d3d9_shaders();

bool have_external();

// Containers the build generated from tests/data/dxcontainer/yaml/*.yaml
// with yaml2obj-22 (empty when it is not installed).
std::vector<std::filesystem::path> generated_containers();

// The containers of the committed conformance suite whose names start with
// `prefix` (conformance/cases/dxcontainer/y_*: the valid ones, from the
// project's writer and yaml2obj-22; n_*, i_*), present in every checkout.
std::vector<std::filesystem::path> committed_containers(const std::string& prefix);

// Every container the tests know: external, then generated.
std::vector<std::filesystem::path> all_containers();

}  // namespace sp::test
