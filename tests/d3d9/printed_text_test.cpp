// Every text field of the constant table (constant and member names, the
// target, the creator) made hostile (build::with_hostile_texts): the shader
// reads back, and every printer (fxc's listing too) prints it or ends in
// one error.
#include <gtest/gtest.h>

#include "conformance/d3d9/samples.h"
#include "d3d9/program.h"
#include "support/printed_text.h"

namespace sp::d3d9::build {
namespace {

TEST(D3d9PrintedText, HostileTextInEveryFieldOfTheConstantTableIsPrintable) {
  for (size_t k = 0; k < test::hostile_texts().size(); ++k) {
    const std::vector<uint8_t> file = with_hostile_texts(k);
    const std::string what = "hostile text " + std::to_string(k);
    const Limits limits;
    Context ctx(limits, file.size());
    Program back;
    ASSERT_TRUE(parse_program(file, 0, ctx, back)) << what;
    ASSERT_TRUE(back.constants.has_value()) << what;
    test::expect_printers_hold(file, what);
  }
}

}  // namespace
}  // namespace sp::d3d9::build
