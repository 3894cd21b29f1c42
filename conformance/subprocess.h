// Running another program (obj2yaml-22, vkd3d-compiler, a user's adapter,
// the shaderprobe CLI in tests) and recording how it ended: its output,
// exit status or signal, and whether it ran out of time. Never fatal to the
// caller: a crash, a hang or a missing program is a result, not an error.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <new>
#include <string>
#include <vector>

namespace sp::conform {

struct RunLimits {
  std::chrono::milliseconds timeout{0};  // 0: wait forever
  uint64_t memory_bytes = 0;             // RLIMIT_AS of the child; 0: none
};

struct RunResult {
  std::string out;      // standard output
  std::string err;      // standard error
  int exit_code = -1;   // when it exited normally
  int signal = 0;       // when a signal ended it (a crash, or the timeout's SIGKILL)
  bool timed_out = false;
  bool spawned = false;  // false: the program could not be started
  double seconds = 0;         // wall time from fork to exit
  uint64_t max_rss_bytes = 0;  // the child's peak resident set (wait4's rusage)
  [[nodiscard]] bool ok() const { return signal == 0 && exit_code == 0; }
};

// Runs argv[0] (searched in PATH) with the arguments, no shell, stdin from
// /dev/null. On timeout the child's process group is killed.
[[nodiscard]] RunResult run_command(const std::vector<std::string>& argv, const RunLimits& limits = {});

// Runs `work` in a forked child of this process, whose standard output and
// error are captured like a command's; the child exits 0 when `work`
// returns. A crash (signal, sanitizer report) or hang in `work` ends only
// the child; the child ends when the thread that forked it does (which
// waits for it), so it never outlives a killed caller. Callers may run
// several at once from threads: the child closes
// every descriptor but its own pipes, so it holds no other child's pipe
// open, and touches no lock another thread may hold (glibc's malloc and the
// sanitizers' allocators are made safe across fork by their fork handlers).
// Memory shared with the children run_forked starts (MAP_SHARED anonymous),
// so a parent sees what a child wrote before it crashed: a T constructed
// there (plain counters, or lock-free atomics).
[[nodiscard]] void* map_shared(size_t bytes);
void unmap_shared(void* p, size_t bytes);

template <typename T>
class Shared {
 public:
  Shared() : value_(new (map_shared(sizeof(T))) T()) {}
  ~Shared() {
    value_->~T();
    unmap_shared(value_, sizeof(T));
  }
  Shared(const Shared&) = delete;
  Shared& operator=(const Shared&) = delete;
  T* operator->() { return value_; }
  T& operator*() { return *value_; }

 private:
  T* value_;
};

// `n` values of T in memory shared with forked children, as Shared.
template <typename T>
class SharedArray {
 public:
  explicit SharedArray(size_t n) : n_(n), values_(static_cast<T*>(map_shared(std::max<size_t>(1, n) * sizeof(T)))) {
    for (size_t i = 0; i < n_; ++i) new (values_ + i) T();
  }
  ~SharedArray() {
    for (size_t i = 0; i < n_; ++i) values_[i].~T();
    unmap_shared(values_, std::max<size_t>(1, n_) * sizeof(T));
  }
  SharedArray(const SharedArray&) = delete;
  SharedArray& operator=(const SharedArray&) = delete;
  T& operator[](size_t i) { return values_[i]; }

 private:
  size_t n_;
  T* values_;
};

[[nodiscard]] RunResult run_forked(const std::function<void()>& work, const RunLimits& limits = {});

// Seconds on the steady clock, on which a parent and its forked children
// agree.
[[nodiscard]] double steady_seconds();

// How a worker of run_resumable ended: its result, the item it began
// with, the item it was in when it ended (n: it ran them all) and how
// long it had been in that one.
struct WorkerEnd {
  const RunResult& result;
  size_t first;
  size_t at;
  double seconds_in_item;
};

// Runs step(0) .. step(n - 1) in forked workers, one worker at a time
// taking items in turn (with the limits of run_forked for the whole
// worker): many small items cost one fork, and a crash or hang in one
// ends only its worker. After each worker, `ended` records what it needs
// (what the worker wrote, how an item ended) and returns the item the
// next worker begins with: past the one the worker died in, or earlier to
// run again what it ran but could not report; n when all is done.
void run_resumable(size_t n, const RunLimits& limits, const std::function<void(size_t)>& step,
                   const std::function<size_t(const WorkerEnd&)>& ended);

}  // namespace sp::conform
