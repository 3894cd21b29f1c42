// Every text field of a VSL shader made hostile (build::with_hostile_texts:
// the uniform's member names, each stage's entry point names): each valid
// sample reads back, and every printer (the spirv dump too) prints it or
// ends in one error.
#include <gtest/gtest.h>

#include "conformance/vbc/builders.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/printed_text.h"

namespace sp::vbc {
namespace {

TEST(VbcPrintedText, HostileTextInEveryFieldOfEverySampleIsPrintable) {
  size_t k = 0, names = 0, entries = 0;
  for (const build::Sample& sample : build::valid_samples()) {
    const std::vector<uint8_t> file = build::with_hostile_texts(sample.shader, k, names, entries);
    const formats::FileRead r = formats::read(*formats::find("vbc"), file);
    ASSERT_TRUE(r.ok()) << sample.name << ": " << r.error->to_string();
    sp::test::expect_printers_hold(file, sample.name);
  }
  EXPECT_GE(names, sp::test::hostile_texts().size());
  EXPECT_GE(entries, 2 * sp::test::hostile_texts().size());
}

}  // namespace
}  // namespace sp::vbc
