#include "loader.h"

#include <cstring>
#include <iterator>

namespace loader {
namespace {

uint32_t u32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}

uint16_t u16(const uint8_t* p) {
  uint16_t v;
  std::memcpy(&v, p, 2);
  return v;
}

constexpr size_t kDvleHeader = 0x40;

// The DVLE's tables as the header lists them (offset and count at 0x18 +
// 8 * i, offsets from the DVLE), with their record sizes; the symbol
// table's "count" is its size in bytes.
constexpr size_t kRecordSizes[] = {20, 16, 8, 8, 1};
constexpr size_t kOutputTable = 2;

// The games the loader was written for write position, color and two
// texture coordinates at most: the vertex layout has four slots.
constexpr size_t kMaxOutputs = 4;

bool load_dvle(const uint8_t* data, size_t size, size_t at, Shader& shader) {
  if (at > size || size - at < kDvleHeader || std::memcmp(data + at, "DVLE", 4) != 0) return false;
  // The tables must lie in the file as picasso lays them out: after the
  // header, each where the one before ends.
  size_t end_of_previous = kDvleHeader;
  for (size_t t = 0; t < std::size(kRecordSizes); ++t) {
    const uint64_t offset = u32(data + at + 0x18 + 8 * t);
    const uint64_t bytes = uint64_t{u32(data + at + 0x1C + 8 * t)} * kRecordSizes[t];
    if (offset != end_of_previous || offset + bytes > size - at) return false;
    end_of_previous = static_cast<size_t>(offset + bytes);
  }
  const uint8_t* table = data + at + u32(data + at + 0x18 + 8 * kOutputTable);
  const uint32_t count = u32(data + at + 0x1C + 8 * kOutputTable);
  // The planted bug: the count is checked against the file's layout above,
  // and then trusted to fit the vertex layout.
  Output slots[kMaxOutputs];
  for (uint32_t i = 0; i < count; ++i) {
    slots[i].semantic = u16(table + 8 * i);
    slots[i].register_index = u16(table + 8 * i + 2);
    slots[i].mask = u16(table + 8 * i + 4);
  }
  shader.outputs.assign(slots, slots + count);
  return true;
}

}  // namespace

bool load_shaders(const uint8_t* data, size_t size, std::vector<Shader>& out) {
  if (size < 8 || std::memcmp(data, "DVLB", 4) != 0) return false;
  const uint32_t count = u32(data + 4);
  if (count > (size - 8) / 4) return false;
  for (uint32_t i = 0; i < count; ++i) {
    Shader shader;
    if (!load_dvle(data, size, u32(data + 8 + 4 * i), shader)) return false;
    out.push_back(shader);
  }
  return true;
}

}  // namespace loader
