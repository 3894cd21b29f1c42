// Hostile SHBINs (100,000 DVLEs, shared or distinct; 0xFFFFFFFF in every
// count; aliasing names) end cleanly (accepted, or one `error:` line with
// exit status 1) and `shaderprobe check` peaks under 64 MiB resident
// (support/hostile_memory.h says how it is measured).
#include <gtest/gtest.h>

#include "conformance/shbin/builders.h"
#include "conformance/shbin/samples.h"
#include "support/hostile_memory.h"

namespace sp::shbin {
namespace {

using test::HostileFile;

std::vector<HostileFile> cases() {
  std::vector<HostileFile> out;
  // 100,000 offset table entries naming one DVLE (400 KB).
  Shbin shared = build::textured_quad(Layout::picasso);
  shared.dvle_of.assign(100000, 0);
  lay_out(shared, Layout::picasso);
  out.push_back({"100k_shared_dvles", write_shbin(shared), {}, 0});
  // 100,000 distinct DVLEs (13.2 MB).
  Shbin distinct = build::textured_quad(Layout::picasso);
  const Dvle one = distinct.dvles[0];
  distinct.dvles.assign(100000, one);
  lay_out(distinct, Layout::picasso);
  out.push_back({"100k_dvles", write_shbin(distinct), {}, 0});
  // Counts of 0xFFFFFFFF: the DVLE table, and every table of the DVLP and
  // of both DVLEs of the sample with line information.
  Shbin count = build::textured_quad(Layout::picasso);
  count.dvle_count = 0xFFFFFFFF;
  out.push_back({"dvle_count_max", write_shbin(count)});
  const Shbin all = build::sample("line_information_picasso");
  count = all;
  const size_t tables = build::tables(count).size();
  for (size_t k = 0; k < tables; ++k) {
    count = all;
    const build::Table t = build::tables(count)[k];
    t.ref->count = 0xFFFFFFFF;
    out.push_back({t.path + "_count_max", write_shbin(count)});
  }
  // 20,000 uniforms naming one 60,000-byte string: the decode budget.
  Shbin aliased = build::textured_quad(Layout::picasso);
  const Uniform projection = aliased.dvles[0].uniforms[0];
  aliased.dvles[0].uniforms.assign(20000, projection);
  aliased.dvles[0].uniforms[0].name = std::string(60000, 'n');
  lay_out(aliased, Layout::picasso);
  for (Uniform& u : aliased.dvles[0].uniforms) u.name_offset = 0;
  out.push_back({"aliased_names", write_shbin(aliased)});
  return out;
}

TEST(ShbinMemory, HostileInputsStayUnder64MiB) {
  if (const auto why = test::peak_memory_unmeasurable()) GTEST_SKIP() << *why;
  test::expect_hostile_files_stay_small(SP_CLI, "shbin_memory_test", cases());
}

}  // namespace
}  // namespace sp::shbin
