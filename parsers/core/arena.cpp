#include "core/arena.h"

#include <algorithm>

namespace sp {

void* Arena::allocate_in_new_block(size_t bytes) {
  // Doubling keeps the number of blocks per round logarithmic; a block's
  // data starts at kMaxAlign, so any allocation fits at its start.
  add_block(std::max({kFirstBlockSize, 2 * size_, bytes}));
  used_ = bytes;
  return data_;
}

void Arena::add_block(size_t size) {
  if (size > SIZE_MAX - kHeaderSize) throw std::bad_alloc();
  auto* block = static_cast<Block*>(::operator new(kHeaderSize + size));
  block->previous = blocks_;
  block->size = size;
  blocks_ = block;
  data_ = reinterpret_cast<std::byte*>(block) + kHeaderSize;
  size_ = size;
  used_ = 0;
  capacity_ += size;
}

// Several blocks: one that holds them all replaces them, so that the next
// round of the same size allocates nothing.
void Arena::merge_blocks() {
  const size_t capacity = capacity_;
  release();
  add_block(capacity);
}

void Arena::release() {
  while (blocks_ != nullptr) {
    Block* previous = blocks_->previous;
    ::operator delete(blocks_);
    blocks_ = previous;
  }
  data_ = nullptr;
  size_ = 0;
  used_ = 0;
  capacity_ = 0;
}

}  // namespace sp
