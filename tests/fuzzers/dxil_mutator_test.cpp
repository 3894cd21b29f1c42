// fuzz_dxil's mutator (support/dxil_mutator.h): from a DXIL container whose
// parts agree with its module, its edits reach both the module's metadata
// checks inside the DXIL part and the checks of the parts against the
// module, and what it writes is still a container the reader takes apart.
#include "support/dxil_mutator.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "dxcontainer/container.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/byte_mutator.h"
#include "support/test_files.h"

namespace sp::fuzz {
namespace {

TEST(DxilMutator, EditsReachTheMetadataAndTheModuleChecks) {
  const std::vector<std::vector<uint8_t>> seeds = {
      test::read_file(std::filesystem::path(SP_CONFORMANCE_CASES_DIR) / "dxcontainer/y_dxil_parts_match_the_module")};
  std::set<std::string> codes;
  size_t containers = 0;
  const size_t structural = test::structural_mutations(seeds, 2000, 4, mutate_dxil_container, [&](const std::vector<uint8_t>& out, const auto&) {
    containers += dxc::parse_container(out).ok();
    const formats::FileRead r = formats::read(*formats::find("dxcontainer"), out);
    if (r.error && r.error->path.find("DXIL.bitcode") != std::string::npos) codes.insert(std::string(code_name(r.error->code)));
    for (const Diagnostic& w : r.warnings) codes.insert(std::string(code_name(w.code)));
  });
  // Half of the edits are the bitstream's inside the DXIL part, written
  // back as a whole container; the container mutator's may damage one.
  EXPECT_GT(containers, structural / 2) << structural;
  // The bitcode's own errors, the view's warning and the module checks'.
  for (const char* code : {"invalid_reference", "dxil_metadata_invalid", "signature_mismatch"})
    EXPECT_TRUE(codes.contains(code)) << code;
}

}  // namespace
}  // namespace sp::fuzz
