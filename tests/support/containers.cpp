#include "support/containers.h"

#include <gtest/gtest.h>

#include "core/strings.h"
#include "dxcontainer/writer.h"

namespace sp::test {

std::vector<uint8_t> container_of(const std::vector<RawPartSpec>& parts) {
  dxc::Container c;
  for (const RawPartSpec& spec : parts) {
    dxc::Part p;
    p.fourcc = make_fourcc(spec.fourcc[0], spec.fourcc[1], spec.fourcc[2], spec.fourcc[3]);
    p.data = spec.data;  // outlives the write below
    p.size = static_cast<uint32_t>(spec.data.size());
    c.parts.push_back(p);
  }
  return dxc::write_container(c);
}

Diagnostic expect_error(const std::vector<uint8_t>& bytes, const dxc::ParseOptions& options) {
  const dxc::ParseResult r = dxc::parse_container(bytes, options);
  EXPECT_FALSE(r.ok()) << "expected a parse error";
  return r.error.value_or(Diagnostic{});
}

void put_u32(std::vector<uint8_t>& b, size_t offset, uint32_t v) {
  ASSERT_LE(offset + 4, b.size());
  store_le(b.data() + offset, v);
}

}  // namespace sp::test
