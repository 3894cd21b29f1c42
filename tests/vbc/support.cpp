#include "vbc/support.h"

#include <fstream>

#include "support/test_files.h"

namespace sp::vbc::test {

ParseResult parse(const std::vector<uint8_t>& file) { return parse_shader(file, Limits{}); }

std::vector<Code> codes_of(const std::vector<Diagnostic>& warnings) {
  std::vector<Code> out;
  for (const Diagnostic& w : warnings) out.push_back(w.code);
  return out;
}

std::optional<std::string> tool(const std::string& name) {
  const std::filesystem::path p = std::filesystem::path("/usr/bin") / name;
  if (!std::filesystem::exists(p)) return std::nullopt;
  return p.string();
}

std::filesystem::path scratch_file(const std::string& name, const std::vector<uint8_t>& bytes) {
  const std::filesystem::path dir = sp::test::scratch_path("vbc_test");
  std::filesystem::create_directories(dir);
  const std::filesystem::path path = dir / name;
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  return path;
}

}  // namespace sp::vbc::test
