// Byte spans and the two primitives every parser builds on: loading a
// little-endian integer by copying (never through a cast pointer, so any
// alignment is fine and UBSan's alignment check stays quiet), and checked
// arithmetic on offsets and sizes.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <stdexcept>
#include <type_traits>

namespace sp {

using Bytes = std::span<const uint8_t>;

// Reads a little-endian T from p. The caller has checked that sizeof(T) bytes
// are readable. memcpy is the only well-defined way to read an object at an
// arbitrary address; compilers turn it into a single load.
template <typename T>
  requires std::is_integral_v<T>
inline T load_le(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  static_assert(std::endian::native == std::endian::little,
                "shaderprobe reads little-endian formats on little-endian hosts");
  return v;
}

// A little-endian T at `offset` of a record that may be shorter than the
// newest version of its layout: bytes past the record's end read as zero,
// as if it were copied into a zeroed buffer of the full size first (which
// would make every load wait for the copy's stores to drain).
template <typename T>
  requires std::is_integral_v<T>
inline T load_le_padded(std::span<const uint8_t> record, size_t offset) {
  if (offset <= record.size() && sizeof(T) <= record.size() - offset) return load_le<T>(record.data() + offset);
  uint8_t part[sizeof(T)] = {};
  if (offset < record.size()) std::memcpy(part, record.data() + offset, record.size() - offset);
  return load_le<T>(part);
}

template <typename T>
  requires std::is_integral_v<T>
inline void store_le(uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

// Stores a little-endian T at `offset` of `bytes`: a field of a file that
// a builder, a test or a mutator wrote and now changes. A store past the
// end is a bug in that caller, not something input data can cause.
template <typename T>
  requires std::is_integral_v<T>
inline void store_le_at(std::span<uint8_t> bytes, uint64_t offset, T v) {
  if (offset > bytes.size() || sizeof(T) > bytes.size() - offset) throw std::out_of_range("store_le_at past the end");
  store_le(bytes.data() + offset, v);
}

// Overflow-checked arithmetic: false (and *out untouched) on wraparound.
template <typename T>
[[nodiscard]] inline bool checked_add(T a, T b, T* out) {
  T r;
  if (__builtin_add_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

template <typename T>
[[nodiscard]] inline bool checked_mul(T a, T b, T* out) {
  T r;
  if (__builtin_mul_overflow(a, b, &r)) return false;
  *out = r;
  return true;
}

// True when [offset, offset + length) lies inside a buffer of `size` bytes.
// Checked by subtraction (woff2's habit) so nothing can wrap.
[[nodiscard]] constexpr bool range_fits(uint64_t offset, uint64_t length,
                                        uint64_t size) {
  return offset <= size && length <= size - offset;
}

// The bytes [offset, offset + length) of b, or nothing when they are not all
// there. Never shortens silently.
[[nodiscard]] inline std::optional<Bytes> slice(Bytes b, uint64_t offset,
                                                uint64_t length) {
  if (!range_fits(offset, length, b.size())) return std::nullopt;
  return b.subspan(static_cast<size_t>(offset), static_cast<size_t>(length));
}

[[nodiscard]] constexpr uint64_t align_up4(uint64_t v) { return (v + 3) & ~uint64_t{3}; }

}  // namespace sp
