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

struct Table {
  uint64_t offset = 0;
  uint64_t bytes = 0;
};

Table table_at(const uint8_t* dvle, size_t t) {
  return {u32(dvle + 0x18 + 8 * t), uint64_t{u32(dvle + 0x1C + 8 * t)} * kRecordSizes[t]};
}

bool load_dvle(const uint8_t* data, size_t size, size_t at, Shader& shader) {
  if (at > size || size - at < kDvleHeader || std::memcmp(data + at, "DVLE", 4) != 0) return false;
  const uint8_t* dvle = data + at;
  // Every table after the header and inside the file, and the outputs
  // ending where the next table starts, as picasso lays them out.
  for (size_t t = 0; t < std::size(kRecordSizes); ++t) {
    const Table table = table_at(dvle, t);
    if (table.offset < kDvleHeader || table.offset + table.bytes > size - at) return false;
  }
  const Table outputs = table_at(dvle, kOutputTable);
  if (outputs.offset + outputs.bytes != table_at(dvle, kOutputTable + 1).offset) return false;
  const uint8_t* table = dvle + outputs.offset;
  const uint32_t count = u32(dvle + 0x1C + 8 * kOutputTable);
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
