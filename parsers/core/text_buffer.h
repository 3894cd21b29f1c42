// Append-only text, kept in large chunks that never move, or handed to a
// sink as it fills.
//
// The bcanalyzer dump is several times larger than its input. Kept whole
// (the conformance runner compares it), chunks that never move, unlike a
// growing std::string, mean a byte is written once and never copied. Given
// a sink (`dump` writing to stdout), the buffer is one chunk that is handed
// to the sink each time it fills and then reused, so the first line is out
// at once and memory stays at one chunk whatever the dump's size. Either
// way the writer reserves room for a whole line and fills it through a
// plain pointer, with no size check per character. The measurements are in
// bench/README.md (bench_bitstream, bench/run-bitcode).
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sp {

class TextBuffer {
 public:
  // Where the text goes as it fills: called with each piece, in order.
  using Sink = std::function<void(std::string_view)>;

  TextBuffer() = default;
  explicit TextBuffer(Sink sink) : sink_(std::move(sink)) {}
  TextBuffer(const TextBuffer&) = delete;
  TextBuffer& operator=(const TextBuffer&) = delete;

  // Room for at least `n` more characters: write them from the returned
  // pointer, then hand the end of what was written to commit().
  [[nodiscard]] char* reserve(size_t n) {
    if (static_cast<size_t>(end_ - cur_) < n) grow(n);
    return cur_;
  }
  void commit(char* end) { cur_ = end; }

  void append(std::string_view s) {
    char* p = reserve(s.size());
    commit(put(p, s));
  }

  // Every character written, including those already handed to the sink.
  [[nodiscard]] size_t size() const { return done_ + static_cast<size_t>(cur_ - begin_); }

  // Hands the sink the text it has not had yet; without a sink, the text
  // stays kept.
  void flush();

  // Calls f(std::string_view) on each piece of the text kept (with a
  // sink: what flush() would hand over), in order.
  template <class F>
  void for_each_piece(F&& f) const {
    for (size_t i = 0; i < chunks_.size(); ++i) {
      const size_t used = i + 1 < chunks_.size() ? used_[i] : static_cast<size_t>(cur_ - begin_);
      if (used != 0) f(std::string_view(chunks_[i].get(), used));
    }
  }

  // The text kept, as one string.
  [[nodiscard]] std::string str() const;

  // Pointer helpers for text written into reserve()'s room.
  static char* put(char* p, std::string_view s) {
    if (!s.empty()) std::memcpy(p, s.data(), s.size());
    return p + s.size();
  }
  static char* put(char* p, char c) {
    *p = c;
    return p + 1;
  }
  // At most 20 characters.
  static char* put_uint(char* p, uint64_t v) { return std::to_chars(p, p + 20, v).ptr; }
  // At most 20 characters.
  static char* put_int(char* p, int64_t v) { return std::to_chars(p, p + 20, v).ptr; }

 private:
  struct Free {
    void operator()(char* p) const;
  };
  using Chunk = std::unique_ptr<char, Free>;
  static Chunk allocate(size_t size);
  void grow(size_t n);

  Sink sink_;
  std::vector<Chunk> chunks_;  // with a sink, the one chunk reused
  std::vector<size_t> used_;  // characters in each chunk but the last
  size_t done_ = 0;           // characters in every chunk but the last, or handed to the sink
  char* begin_ = nullptr;     // the last chunk
  char* cur_ = nullptr;
  char* end_ = nullptr;
};

}  // namespace sp
