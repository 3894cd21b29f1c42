// The fourccs of part_kinds.def by position, and a lookup fast enough for
// the layout check, which looks up every part of every container.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "core/strings.h"

namespace sp::dxc {

inline constexpr std::array kPartKinds = {
#define SP_PART(cc, treatment, what) make_fourcc(#cc[0], #cc[1], #cc[2], #cc[3]),
#include "dxcontainer/part_kinds.def"
#undef SP_PART
};
inline constexpr size_t kPartKindCount = kPartKinds.size();

namespace detail {

// A perfect hash: slot (fourcc * multiplier) >> kSlotShift holds the kind,
// if any, with that fourcc. The multiplier is searched at compile time for
// one that gives every kind a slot of its own.
inline constexpr uint32_t kSlotShift = 25;  // 128 slots
struct PartKindSlot {
  uint32_t fourcc = 0;
  uint8_t index = kPartKindCount;
};

constexpr uint32_t slot_of(uint32_t fourcc, uint32_t multiplier) { return (fourcc * multiplier) >> kSlotShift; }

constexpr uint32_t find_multiplier() {
  for (uint32_t m = 0x9E3779B1u;; m += 2) {
    std::array<bool, (1u << (32 - kSlotShift))> used{};
    bool collides = false;
    for (uint32_t fourcc : kPartKinds) collides = collides || std::exchange(used[slot_of(fourcc, m)], true);
    if (!collides) return m;
  }
}
inline constexpr uint32_t kMultiplier = find_multiplier();

constexpr auto make_slots() {
  std::array<PartKindSlot, (1u << (32 - kSlotShift))> slots{};
  for (size_t i = 0; i < kPartKindCount; ++i)
    slots[slot_of(kPartKinds[i], kMultiplier)] = {kPartKinds[i], static_cast<uint8_t>(i)};
  return slots;
}
inline constexpr auto kSlots = make_slots();

}  // namespace detail

// The position of `fourcc` in part_kinds.def, or kPartKindCount when it is
// not listed (an unknown part).
[[nodiscard]] inline size_t part_kind_index(uint32_t fourcc) {
  const detail::PartKindSlot& slot = detail::kSlots[detail::slot_of(fourcc, detail::kMultiplier)];
  return slot.fourcc == fourcc ? slot.index : kPartKindCount;
}

}  // namespace sp::dxc
