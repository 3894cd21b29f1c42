// Storage for models that are rebuilt again and again (a parser that is fed
// one input after another): allocating bumps a pointer, freeing does
// nothing, and reset() makes all of it reusable at once. After a reset the
// arena keeps a single block as large as everything the last round used,
// so a stream of similar inputs stops calling malloc after the first.
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include "core/bytes.h"

namespace sp {

class Arena {
 public:
  // Every block starts at operator new's alignment; nothing asks for more.
  static constexpr size_t kMaxAlign = __STDCPP_DEFAULT_NEW_ALIGNMENT__;

  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() { release(); }

  // `align` is a power of two no larger than kMaxAlign.
  [[nodiscard]] void* allocate(size_t bytes, size_t align) {
    // used_ <= size_, so neither the rounding nor the subtraction can wrap.
    const size_t start = (used_ + align - 1) & ~(align - 1);
    if (start <= size_ && bytes <= size_ - start) {
      used_ = start + bytes;
      return data_ + start;
    }
    return allocate_in_new_block(bytes);
  }

  // Forgets every allocation. Objects still living in the arena must have
  // been destroyed, or abandoned when nothing depends on their destructors.
  void reset() {
    if (blocks_ != nullptr && blocks_->previous != nullptr) merge_blocks();
    used_ = 0;
  }

 private:
  struct Block {
    Block* previous;
    size_t size;  // usable bytes after the header
  };
  static constexpr size_t kHeaderSize = (sizeof(Block) + kMaxAlign - 1) & ~(kMaxAlign - 1);
  static constexpr size_t kFirstBlockSize = 4096;

  void* allocate_in_new_block(size_t bytes);
  void merge_blocks();
  void add_block(size_t size);
  void release();

  Block* blocks_ = nullptr;  // newest first
  std::byte* data_ = nullptr;
  size_t size_ = 0;
  size_t used_ = 0;
  size_t capacity_ = 0;  // of every block together
};

// A std allocator over an Arena, or over the heap when it has none (the
// default), so one model type serves both a reusable parser and a one-shot
// parse. It moves with its container (propagate_on_container_move_assignment):
// assigning a freshly built arena vector to a model field adopts the arena's
// storage instead of copying into the field's own. A copy of a container
// always owns its storage on the heap, so copying a result out of a parser
// keeps it past the next parse.
template <typename T>
class ArenaAllocator {
 public:
  static_assert(alignof(T) <= Arena::kMaxAlign);
  using value_type = T;
  using propagate_on_container_move_assignment = std::true_type;
  using propagate_on_container_swap = std::true_type;

  ArenaAllocator() = default;
  explicit ArenaAllocator(Arena* arena) : arena_(arena) {}
  // Implicit, as containers rebind their allocator to their node types.
  template <typename U>
  ArenaAllocator(const ArenaAllocator<U>& other) : arena_(other.arena()) {}

  [[nodiscard]] T* allocate(size_t n) {
    size_t bytes = 0;
    if (arena_ == nullptr || !checked_mul(n, sizeof(T), &bytes)) return heap_allocate(n);
    return static_cast<T*>(arena_->allocate(bytes, alignof(T)));
  }
  void deallocate(T* p, size_t n) {
    if (arena_ == nullptr) std::allocator<T>().deallocate(p, n);
  }

  [[nodiscard]] ArenaAllocator select_on_container_copy_construction() const { return {}; }
  [[nodiscard]] Arena* arena() const { return arena_; }

  template <typename U>
  bool operator==(const ArenaAllocator<U>& other) const {
    return arena_ == other.arena();
  }

 private:
  // Out of line, so that the arena path above inlines. A count whose size
  // in bytes overflows comes here too, and std::allocator throws for it.
  [[gnu::noinline]] static T* heap_allocate(size_t n) { return std::allocator<T>().allocate(n); }

  Arena* arena_ = nullptr;
};

// The vector type of models that a parser may keep in an arena.
template <typename T>
using Vec = std::vector<T, ArenaAllocator<T>>;

}  // namespace sp
