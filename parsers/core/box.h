// A value kept out of line (C++26's std::indirect, over an ArenaAllocator),
// so that a variant with one large alternative stays as small as the
// others. It behaves as a T: copies are deep and own their storage on the
// heap. A moved-from Box holds nothing and may only be assigned or
// destroyed.
#pragma once

#include <memory>
#include <utility>

#include "core/arena.h"

namespace sp {

template <typename T>
class Box {
 public:
  using allocator_type = ArenaAllocator<T>;

  // A value-initialised T in `alloc`'s storage.
  explicit Box(allocator_type alloc = {}) : alloc_(alloc), p_(make(alloc_)) {}
  // Implicit: a Box stands for its T (PartContent's alternatives convert).
  Box(T value) : p_(make(alloc_, std::move(value))) {}
  Box(const Box& other) : p_(make(alloc_, *other)) {}
  Box(Box&& other) noexcept : alloc_(other.alloc_), p_(std::exchange(other.p_, nullptr)) {}
  Box& operator=(const Box& other) {
    if (this != &other) *this = Box(other);
    return *this;
  }
  Box& operator=(Box&& other) noexcept {
    if (this != &other) {
      destroy();
      alloc_ = other.alloc_;
      p_ = std::exchange(other.p_, nullptr);
    }
    return *this;
  }
  ~Box() { destroy(); }

  T& operator*() { return *p_; }
  const T& operator*() const { return *p_; }
  T* operator->() { return p_; }
  const T* operator->() const { return p_; }

 private:
  template <typename... Args>
  static T* make(allocator_type& alloc, Args&&... args) {
    T* p = alloc.allocate(1);
    try {
      std::construct_at(p, std::forward<Args>(args)...);
    } catch (...) {
      alloc.deallocate(p, 1);
      throw;
    }
    return p;
  }
  void destroy() {
    if (p_ == nullptr) return;
    std::destroy_at(p_);
    alloc_.deallocate(p_, 1);
  }

  allocator_type alloc_;
  T* p_;
};

// A value as itself, whether it is held directly or boxed (for visitors).
template <typename T>
const T& unboxed(const T& value) {
  return value;
}
template <typename T>
const T& unboxed(const Box<T>& box) {
  return *box;
}
template <typename T>
T& unboxed(T& value) {
  return value;
}
template <typename T>
T& unboxed(Box<T>& box) {
  return *box;
}

}  // namespace sp
