#include "core/text_buffer.h"

#include <algorithm>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace sp {

namespace {
// Chunks start small (most dumps are a few kilobytes) and double up to a
// size where the per-chunk cost no longer matters.
constexpr size_t kFirstChunk = size_t{1} << 12;
constexpr size_t kLargestChunk = size_t{1} << 23;
constexpr size_t kHugePage = size_t{1} << 21;
// A sink's chunk: large enough that handing it over costs nothing per
// line, small enough to stay in cache between fills and to reach the sink
// within a millisecond of the dump starting.
constexpr size_t kSinkChunk = size_t{1} << 16;
}  // namespace

void TextBuffer::Free::operator()(char* p) const { std::free(p); }

// Large chunks are aligned to 2 MiB, offered to the kernel as huge pages
// and faulted in with one call: a 100 MB dump otherwise takes 25,000 page
// faults, a quarter of its time. Both requests are hints; a kernel that
// declines them leaves ordinary memory.
TextBuffer::Chunk TextBuffer::allocate(size_t size) {
  const bool huge = size >= kHugePage;
  Chunk chunk(static_cast<char*>(huge ? std::aligned_alloc(kHugePage, size) : std::malloc(size)));
  if (!chunk) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
  if (huge) madvise(chunk.get(), size, MADV_HUGEPAGE);
#endif
#if defined(MADV_POPULATE_WRITE)
  if (huge) madvise(chunk.get(), size, MADV_POPULATE_WRITE);
#endif
  return chunk;
}

void TextBuffer::flush() {
  if (!sink_) return;
  if (cur_ != begin_) sink_(std::string_view(begin_, static_cast<size_t>(cur_ - begin_)));
  done_ += static_cast<size_t>(cur_ - begin_);
  cur_ = begin_;
}

void TextBuffer::grow(size_t n) {
  size_t size = 0;
  if (sink_) {
    flush();
    if (static_cast<size_t>(end_ - begin_) >= n) return;
    chunks_.clear();  // a line larger than the chunk: a larger one replaces it
    size = std::max(n, kSinkChunk);
  } else {
    if (!chunks_.empty()) {
      used_.push_back(static_cast<size_t>(cur_ - begin_));
      done_ += used_.back();
    }
    const size_t last = chunks_.empty() ? 0 : static_cast<size_t>(end_ - begin_);
    size = std::max(n, std::clamp(2 * last, kFirstChunk, kLargestChunk));
  }
  if (size >= kHugePage) size = (size + kHugePage - 1) / kHugePage * kHugePage;  // aligned_alloc wants a multiple
  chunks_.push_back(allocate(size));
  begin_ = cur_ = chunks_.back().get();
  end_ = begin_ + size;
}

std::string TextBuffer::str() const {
  std::string s;
  size_t kept = 0;
  for_each_piece([&](std::string_view piece) { kept += piece.size(); });
  s.reserve(kept);
  for_each_piece([&](std::string_view piece) { s += piece; });
  return s;
}

}  // namespace sp
