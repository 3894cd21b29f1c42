// A count of 0xFFFFFFFF in any table of a VSL shader ends in one clean
// `error:` line (exit status 1), and `shaderprobe check` peaks under
// 64 MiB resident (support/hostile_memory.h says how it is measured).
#include <gtest/gtest.h>

#include "conformance/vbc/builders.h"
#include "support/hostile_memory.h"

namespace sp::vbc {
namespace {

TEST(VbcMemory, CountsOf0xFFFFFFFFStayUnder64MiB) {
  if (const auto why = sp::test::peak_memory_unmeasurable()) GTEST_SKIP() << *why;
  Sections at;
  const std::vector<uint8_t> file = write_shader(build::sample("every_limit"), {}, &at);
  Shader old = build::sample("every_limit");
  old.uniform_layout = UniformLayout::old_u32;
  Sections old_at;
  const std::vector<uint8_t> old_file = write_shader(old, {}, &old_at);
  struct CountField {
    std::string name;
    const std::vector<uint8_t>* file;
    uint64_t count;
  };
  const std::vector<CountField> cases = {
      {"vertex_inputs", &file, at.vertex_inputs},    {"fragment_outputs", &file, at.fragment_outputs},
      {"bindings", &file, at.bindings},              {"uniform_members", &file, at.uniform + 4},
      {"subpass_inputs", &file, at.subpass_inputs},  {"old_uniform_size", &old_file, old_at.uniform},
      {"old_uniform_members", &old_file, old_at.uniform + 6},
  };
  std::vector<sp::test::HostileFile> files;
  for (const CountField& c : cases) {
    std::vector<uint8_t> bytes = *c.file;
    store_le_at<uint32_t>(bytes, c.count, 0xFFFFFFFF);
    files.push_back({c.name, std::move(bytes)});
  }
  sp::test::expect_hostile_files_stay_small(SP_CLI, "vbc_memory_test", files);
}

}  // namespace
}  // namespace sp::vbc
