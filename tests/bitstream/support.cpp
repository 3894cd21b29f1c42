#include "bitstream/support.h"

#include <gtest/gtest.h>

#include "bitcode/bcanalyzer.h"

namespace sp::test {

WalkResult walk(const std::vector<uint8_t>& file, const Limits& limits) {
  Context ctx(limits, file.size());
  WalkResult r;
  r.stats = bitstream::walk_file(file, ctx);
  r.error = ctx.take_error();
  r.warnings = ctx.take_warnings();
  r.steps = ctx.steps();
  EXPECT_EQ(r.stats.has_value(), !r.error.has_value());
  return r;
}

Diagnostic walk_error(const std::vector<uint8_t>& file, const Limits& limits) {
  WalkResult r = walk(file, limits);
  EXPECT_TRUE(r.error.has_value()) << "the walk succeeded";
  return r.error.value_or(Diagnostic{});
}

std::optional<std::string> bcanalyzer(const std::vector<uint8_t>& file) {
  Limits limits;
  Context ctx(limits, file.size());
  std::string out;
  if (!bitcode::dump_bcanalyzer(file, ctx, out)) return std::nullopt;
  return out;
}

}  // namespace sp::test
