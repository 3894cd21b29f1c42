#include "byte_mutator.h"

#include <algorithm>
#include <cstring>

#include "support/random.h"

namespace sp::fuzz::kit {
namespace {

thread_local Random state(0);

void put_le(uint8_t* at, uint32_t value, size_t width) {
  for (size_t i = 0; i < width; ++i) at[i] = static_cast<uint8_t>(value >> (8 * i));
}

size_t flip_bit(Random& pick, uint8_t* data, size_t size) {
  data[pick.below(size)] ^= static_cast<uint8_t>(1u << pick.below(8));
  return size;
}

size_t edit(Random& pick, uint8_t* data, size_t size, size_t max_size) {
  if (size == 0) {
    if (max_size == 0) return 0;
    data[0] = static_cast<uint8_t>(pick.below(256));
    return 1;
  }
  switch (pick.below(7)) {
    case 0:
      return flip_bit(pick, data, size);
    case 1:
      data[pick.below(size)] = static_cast<uint8_t>(pick.interesting());
      return size;
    case 2: {
      // A 16- or 32-bit field set to a boundary value: sizes, counts and
      // offsets are words.
      const size_t width = pick.below(2) == 0 ? 2 : 4;
      if (size < width) return flip_bit(pick, data, size);
      put_le(data + pick.below(size - width + 1), pick.interesting(), width);
      return size;
    }
    case 3: {
      if (size >= max_size) return flip_bit(pick, data, size);
      const size_t count = 1 + pick.below(std::min<size_t>(max_size - size, 16));
      const size_t at = pick.below(size + 1);
      std::memmove(data + at + count, data + at, size - at);
      for (size_t i = 0; i < count; ++i) data[at + i] = static_cast<uint8_t>(pick.below(256));
      return size + count;
    }
    case 4: {
      if (size == 1) return size;
      const size_t count = 1 + pick.below(std::min<size_t>(size - 1, 16));
      const size_t at = pick.below(size - count + 1);
      std::memmove(data + at, data + at + count, size - at - count);
      return size - count;
    }
    case 5: {
      const size_t count = 1 + pick.below(std::min<size_t>(size, 64));
      const size_t from = pick.below(size - count + 1);
      const size_t to = pick.below(size - count + 1);
      std::memmove(data + to, data + from, count);
      return size;
    }
    default:
      return 1 + pick.below(size);
  }
}

}  // namespace

void seed_bytes(unsigned seed) { state = Random(seed); }

size_t mutate_bytes(uint8_t* data, size_t size, size_t max_size) {
  size = std::min(size, max_size);
  const size_t edits = 1 + state.below(2);
  for (size_t i = 0; i < edits; ++i) size = edit(state, data, size, max_size);
  return size;
}

}  // namespace sp::fuzz::kit
