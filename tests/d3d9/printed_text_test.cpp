// Every text field of the constant table (constant and member names, the
// target, the creator) made hostile (support/printed_text.h): the shader
// reads back, and every printer (fxc's listing too) prints it or ends in
// one error.
#include <gtest/gtest.h>

#include "conformance/d3d9/builders.h"
#include "d3d9/program.h"
#include "support/printed_text.h"

namespace sp::d3d9::build {
namespace {

using test::hostile_text;

TEST(D3d9PrintedText, HostileTextInEveryFieldOfTheConstantTableIsPrintable) {
  const size_t n = test::hostile_texts().size();
  for (size_t k = 0; k < n; ++k) {
    auto text = [&](size_t i) { return std::string(hostile_text(k + i)); };
    const Type light{kStruct, 0, 1, 1, 2, {{text(1), {kVector, 3, 1, 3}}, {text(2), {kScalar, 1}}}};
    const std::vector<uint8_t> table = constant_table(
        {{text(0), kFloat4, 0, 1, {kVector, 3, 1, 4}}, {text(3), kFloat4, 1, 4, light}, {"plain", kFloat4, 5, 1, {kVector, 3, 1, 4}}},
        hostile_text(k + 4), version_token(true, 3, 0), hostile_text(k + 5));
    const std::vector<uint8_t> file =
        write_program(program(version_token(true, 3, 0), table,
                              {instruction(Opcode::dcl, {destination(kInput, 0, 0x3)}, {0x80000005}),
                               instruction(Opcode::mov, {destination(kColorOut, 0), source(kInput, 0)})}));
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
