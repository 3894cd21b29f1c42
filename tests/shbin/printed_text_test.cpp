// Every text field the SHBIN writer sets (uniform and label names, the
// line information's file names) made hostile (build::with_hostile_texts),
// in every sample: each reads back, and every printer (the pica listing
// too) prints it or ends in one error.
#include <gtest/gtest.h>

#include "conformance/shbin/builders.h"
#include "conformance/shbin/samples.h"
#include "formats/read.h"
#include "formats/registry.h"
#include "support/printed_text.h"

namespace sp::shbin {
namespace {

TEST(ShbinPrintedText, HostileTextInEveryFieldOfEverySampleIsPrintable) {
  size_t k = 0, set = 0;
  for (const build::Sample& sample : build::samples()) {
    const std::vector<uint8_t> file = build::with_hostile_texts(sample.shbin, k, set);
    ASSERT_TRUE(formats::read(*formats::find("shbin"), file).ok()) << sample.name;
    test::expect_printers_hold(file, sample.name);
  }
  EXPECT_GE(set, 5 * test::hostile_texts().size());
}

}  // namespace
}  // namespace sp::shbin
