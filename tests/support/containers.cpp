#include "support/containers.h"

#include <gtest/gtest.h>
#include <zlib.h>

#include "core/span_writer.h"

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

std::vector<uint8_t> srci(const std::vector<uint8_t>& stored, uint32_t declared, uint16_t compress) {
  ByteWriter names;
  names.put_u32_le(0);
  names.put_u32_le(1);
  names.put_u16_le(20);
  names.put_u32_le(20);  // entry aligned size
  names.put_u32_le(0);
  names.put_u32_le(2);  // "a\0"
  names.put_u32_le(declared);
  names.put_chars("a");
  names.put_u8(0);
  names.put_zeros(2);
  ByteWriter contents;
  contents.put_u32_le(static_cast<uint32_t>(20 + stored.size()));
  contents.put_u16_le(0);
  contents.put_u16_le(compress);
  contents.put_u32_le(static_cast<uint32_t>(stored.size()));
  contents.put_u32_le(declared);
  contents.put_u32_le(1);
  contents.put_bytes(stored);
  ByteWriter w;
  w.put_u32_le(0);
  w.put_u16_le(0);
  w.put_u16_le(2);
  for (auto* section : {&names, &contents}) {
    section->pad_to_4();
    w.put_u32_le(static_cast<uint32_t>(8 + section->size()));
    w.put_u16_le(0);
    w.put_u16_le(section == &names ? 1 : 0);
    w.put_bytes(section->bytes());
  }
  auto out = w.take();
  store_le<uint32_t>(out.data(), static_cast<uint32_t>(out.size()));
  return out;
}

std::vector<uint8_t> deflate(const std::vector<uint8_t>& in) {
  uLongf size = compressBound(static_cast<uLong>(in.size()));
  std::vector<uint8_t> out(size);
  EXPECT_EQ(compress2(out.data(), &size, in.data(), static_cast<uLong>(in.size()), 9), Z_OK);
  out.resize(size);
  return out;
}

}  // namespace sp::test
