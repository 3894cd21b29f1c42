// A libFuzzer target with one deliberate bug per kind of report that
// scripts/triage parses. tests/data/triage/record builds it with clang-22
// (ASan + UBSan + libFuzzer, as the `fuzz` preset does) and saves what each
// bug prints, so the parser's unit tests read real sanitizer output. The
// first input byte picks the bug; the bugs sit two calls deep so the reports
// carry a stack like the project's.
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace demo {

// No fixed underlying type: only 0 and 1 are values of Kind, so UBSan's
// enum check rejects a load of anything else.
enum Kind { kind_a, kind_b };

// Volatile sinks keep the optimiser from deleting the faulty accesses.
volatile uint8_t sink8;
volatile int sink_int;
void* volatile sink_ptr;  // a pointer stored here escapes, so malloc/free pairs stay

[[gnu::noinline]] void heap_overflow_read(const uint8_t* data, size_t size) {
  std::vector<uint8_t> copy(data, data + size);
  sink8 = copy.data()[size + 3];
}

[[gnu::noinline]] void heap_overflow_write(size_t size) {
  auto* p = static_cast<uint32_t*>(std::malloc(size * sizeof(uint32_t)));
  p[size] = 7;
  sink8 = static_cast<uint8_t>(p[0]);
  std::free(p);
}

[[gnu::noinline]] void stack_overflow_read(size_t size) {
  uint8_t local[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  const uint8_t* p = local;  // through a pointer: UBSan's index check would fire first
  sink8 = p[size + 8];
}

[[gnu::noinline]] void use_after_free(size_t size) {
  auto* p = static_cast<uint8_t*>(std::malloc(size + 16));
  std::memset(p, 1, size + 16);
  std::free(p);
  sink8 = p[size];
}

[[gnu::noinline]] void double_free(size_t size) {
  void* p = std::malloc(size + 16);
  sink_ptr = p;
  std::free(p);
  std::free(sink_ptr);
}

[[gnu::noinline]] void wild_read(size_t size) {
  const auto* p = reinterpret_cast<const volatile uint8_t*>(uintptr_t{0x10000000000} + size);
  sink8 = *p;
}

[[gnu::noinline]] void null_read(size_t size) {
  const auto* p = reinterpret_cast<const volatile uint32_t*>(uintptr_t{0} + 8 * size);
  sink_int = static_cast<int>(*p);
}

[[gnu::noinline]] void signed_overflow(const uint8_t* data) {
  int v = 0x7ffffff0;
  v += data[0];
  sink_int = v;
}

[[gnu::noinline]] void misaligned(const uint8_t* data, size_t size) {
  std::vector<uint8_t> copy(data, data + size);
  copy.resize(16);
  sink_int = static_cast<int>(*reinterpret_cast<const uint32_t*>(copy.data() + 1));
}

[[gnu::noinline]] void bad_shift(const uint8_t* data) {
  sink_int = 1 << (data[0] - 40);
}

[[gnu::noinline]] void invalid_enum(const uint8_t* data) {
  Kind k;
  std::memcpy(&k, data, 1);
  sink8 = k == kind_b ? 1 : 2;
}

[[gnu::noinline]] void leak(size_t size) {
  sink_ptr = new uint8_t[size + 100];
  sink_ptr = nullptr;  // the last pointer to the block is gone
}

[[gnu::noinline]] void spin() {
  for (;;) sink8 = sink8 + 1;
}

[[gnu::noinline]] void huge_malloc(size_t size) {
  sink_ptr = std::malloc((size_t{1} << 31) + size);
  std::free(sink_ptr);
}

// Many blocks below the malloc limit, each touched, so the resident set
// grows until libFuzzer's rss check fires.
[[gnu::noinline]] void grow_rss() {
  std::vector<uint8_t*> blocks;
  for (;;) {
    auto* p = static_cast<uint8_t*>(std::malloc(1 << 20));
    std::memset(p, 1, 1 << 20);
    blocks.push_back(p);
    sink_ptr = p;
  }
}

[[gnu::noinline]] void fail_check() { std::abort(); }

[[gnu::noinline]] void dispatch(const uint8_t* data, size_t size) {
  switch (data[0]) {
    case 'h': heap_overflow_read(data, size); break;
    case 'H': heap_overflow_write(size); break;
    case 's': stack_overflow_read(size); break;
    case 'u': use_after_free(size); break;
    case 'd': double_free(size); break;
    case 'w': wild_read(size); break;
    case 'n': null_read(size); break;
    case 'i': signed_overflow(data); break;
    case 'a': misaligned(data, size); break;
    case 'l': bad_shift(data); break;
    case 'e': invalid_enum(data + 1); break;
    case 'k': leak(size); break;
    case 't': spin(); break;
    case 'm': huge_malloc(size); break;
    case 'r': grow_rss(); break;
    case 'A': fail_check(); break;
    default: break;
  }
}

}  // namespace demo

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size >= 2) demo::dispatch(data, size);
  return 0;
}
