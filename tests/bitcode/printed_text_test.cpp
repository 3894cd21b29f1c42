// Every text a bitcode file holds, made hostile (build::hostile_module): the
// module reads back, and every printer prints it or ends in one error, the
// bcanalyzer dump byte for byte as llvm-bcanalyzer-22 prints the same file
// (BLOCKINFO's names raw up to a NUL, metadata strings escaped).
#include <gtest/gtest.h>

#include "bitcode/module.h"
#include "conformance/bitcode/hostile_module.h"
#include "support/printed_text.h"

namespace sp::bitcode {
namespace {

using sp::test::hostile_text;

TEST(BitcodePrintedText, HostileTextInEveryFieldIsPrintable) {
  for (size_t k = 0; k < sp::test::hostile_texts().size(); ++k) {
    const std::vector<uint8_t> file = build::hostile_module(k);
    const std::string what = "hostile text " + std::to_string(k);
    const ParseResult r = parse_bitcode(file);
    ASSERT_TRUE(r.ok()) << what << ": " << r.error->to_string();
    const Module& m = r.file->modules.at(0);
    EXPECT_EQ(m.triple, hostile_text(k + 7)) << what;
    EXPECT_EQ(m.metadata.nodes.size(), 3u) << what;
    EXPECT_TRUE(m.metadata.nodes.at(2).is_string()) << what;
    EXPECT_EQ(m.globals.at(0).name.size(), hostile_text(k + 14).size()) << what;
    sp::test::expect_printers_hold(file, what);
  }
}

}  // namespace
}  // namespace sp::bitcode
