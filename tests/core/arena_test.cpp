#include "core/arena.h"

#include <gtest/gtest.h>

#include <cstdint>

#include "core/box.h"

namespace sp {
namespace {

TEST(Arena, AllocationsAreAlignedAndDoNotOverlap) {
  Arena arena;
  auto* a = static_cast<std::byte*>(arena.allocate(3, 1));
  auto* b = static_cast<std::byte*>(arena.allocate(8, 8));
  auto* c = static_cast<std::byte*>(arena.allocate(10000, 16));  // larger than the first block
  EXPECT_EQ(reinterpret_cast<uintptr_t>(b) % 8, 0u);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(c) % 16, 0u);
  EXPECT_GE(b, a + 3);
  EXPECT_TRUE(c + 10000 <= a || c >= b + 8);
}

// After a round that needed several blocks, reset() leaves one block that
// holds the same round again: its allocations are contiguous.
TEST(Arena, ResetKeepsOneBlockForTheNextRound) {
  Arena arena;
  constexpr int kPieces = 40;
  for (int i = 0; i < kPieces; ++i) (void)arena.allocate(1000, 8);  // 40 KB: several blocks
  arena.reset();
  auto* first = static_cast<std::byte*>(arena.allocate(1000, 8));
  for (int i = 1; i < kPieces; ++i) EXPECT_EQ(arena.allocate(1000, 8), first + 1000 * i) << i;
}

TEST(ArenaAllocator, CopiesOwnHeapStorageMovesKeepTheArena) {
  Arena arena;
  Vec<int> in_arena{ArenaAllocator<int>(&arena)};
  for (int i = 0; i < 100; ++i) in_arena.push_back(i);
  EXPECT_EQ(in_arena.get_allocator().arena(), &arena);

  const Vec<int> copy = in_arena;
  EXPECT_EQ(copy.get_allocator().arena(), nullptr);
  EXPECT_EQ(copy, in_arena);

  Vec<int> field;  // as a model field starts: on the heap
  field = std::move(in_arena);
  EXPECT_EQ(field.get_allocator().arena(), &arena);
  EXPECT_EQ(field, copy);
}

TEST(Box, BehavesAsItsValue) {
  Arena arena;
  Box<Vec<int>> boxed{ArenaAllocator<Vec<int>>(&arena)};
  boxed->push_back(7);
  Box<Vec<int>> copy = boxed;  // deep, on the heap
  copy->push_back(8);
  EXPECT_EQ(boxed->size(), 1u);
  EXPECT_EQ(copy->size(), 2u);
  Box<Vec<int>> moved = std::move(copy);
  EXPECT_EQ((*moved)[1], 8);
  copy = moved;  // a moved-from box can be assigned again
  EXPECT_EQ(copy->size(), 2u);
  EXPECT_EQ(unboxed(moved).size(), 2u);
}

}  // namespace
}  // namespace sp
