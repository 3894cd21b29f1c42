#include "support/containers.h"

#include <gtest/gtest.h>

namespace sp::test {

Diagnostic expect_error(const std::vector<uint8_t>& bytes, const dxc::ParseOptions& options) {
  const dxc::ParseResult r = dxc::parse_container(bytes, options);
  EXPECT_FALSE(r.ok()) << "expected a parse error";
  return r.error.value_or(Diagnostic{});
}

}  // namespace sp::test
