// The switch of scripts/mutants --random's mutant schemata
// (tools/mutants/spmutants/schema.py). Only the scratch tree's build
// force-includes it (-include); the normal build never sees it.
//
// Each mutated expression in the scratch tree reads
//     (sp_mutant_on(ID) ? (mutated) : (original))
// SP_MUTANT=ID in the environment turns mutant ID on. SP_MUTANT_TRACE=FILE
// maps FILE (shared, so forked workers and child processes write the same
// bytes, and a crash loses nothing) and sets byte ID whenever site ID runs:
// which oracle reaches which site.
#pragma once

#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

namespace sp_mutant {

// Mutant ids: blocks of 2048 per parser file (spmutants/sites.py).
inline constexpr unsigned kMaxSites = 1u << 20;

struct State {
  unsigned long active = 0;
  unsigned char* hits = nullptr;
};

inline State load() {
  State s;
  if (const char* id = getenv("SP_MUTANT")) s.active = strtoul(id, nullptr, 10);
  if (const char* path = getenv("SP_MUTANT_TRACE")) {
    const int fd = open(path, O_RDWR | O_CREAT, 0644);
    if (fd >= 0 && ftruncate(fd, kMaxSites) == 0) {
      void* p = mmap(nullptr, kMaxSites, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
      if (p != MAP_FAILED) s.hits = static_cast<unsigned char*>(p);
    }
    if (fd >= 0) close(fd);
  }
  return s;
}

// The switch runs at every site, in the parsers' hottest loops: left to
// the build's instrumentation, each call went through ASan's checks and
// libFuzzer's compare hooks (-fsanitize=fuzzer-no-link traces every ==),
// which made the schema build's replays four to six times slower than the
// fuzz preset's (perf: 80 % of a replay in __sanitizer_cov_trace_cmp*).
// It checks nothing the oracles judge, so it is compiled plain.
#define SP_MUTANT_PLAIN __attribute__((no_sanitize("address", "undefined", "coverage")))

SP_MUTANT_PLAIN inline const State& state() {
  static const State s = load();
  return s;
}

// The sites hit since the last call, as a line "label id id ...\n" appended
// to SP_MUTANT_UNITS (nothing when none was hit), and cleared: the trace of
// one unit (a fuzz input, a test) when the harness calls it after each.
inline void end_unit(const char* label) {
  const State& s = state();
  const char* path = getenv("SP_MUTANT_UNITS");
  if (!s.hits || !path) return;
  char line[1 << 14];
  unsigned n = 0;
  const int fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);
  auto put = [&](const char* text, unsigned len) {
    if (n + len > sizeof(line)) {
      (void)!write(fd, line, n);
      n = 0;
    }
    for (unsigned k = 0; k < len; ++k) line[n++] = text[k];
  };
  bool any = false;
  for (unsigned id = 1; id < kMaxSites; ++id) {
    if (id % 8 == 0) {  // a word at a time past the (mostly) empty stretches
      uint64_t word;
      __builtin_memcpy(&word, s.hits + id, sizeof(word));
      if (word == 0) {
        id += 7;
        continue;
      }
    }
    if (!s.hits[id]) continue;
    s.hits[id] = 0;
    if (!any) {
      unsigned len = 0;
      while (label[len]) ++len;
      put(label, len);
      any = true;
    }
    char digits[12];
    unsigned len = 0;
    for (unsigned v = id; v; v /= 10) digits[sizeof(digits) - 1 - len++] = static_cast<char>('0' + v % 10);
    put(" ", 1);
    put(digits + sizeof(digits) - len, len);
  }
  if (any) put("\n", 1);
  if (fd >= 0) {
    (void)!write(fd, line, n);
    close(fd);
  }
}

}  // namespace sp_mutant

// Off while the compiler evaluates a constant expression (a constexpr
// function the program also calls at run time), so a schema compiles there.
SP_MUTANT_PLAIN constexpr bool sp_mutant_on(unsigned long id) {
  if (__builtin_is_constant_evaluated()) return false;
  const sp_mutant::State& s = sp_mutant::state();
  if (s.hits && id < sp_mutant::kMaxSites) s.hits[id] = 1;
  return id == s.active;
}

// A bound or offset one more or less, in its own type (a uint8_t stays one).
// Constrained, so a type without + fails at the call, inside the switch;
// by SFINAE, not `requires`, since the header is force-included in every
// unit of the build, CMake's compiler checks (compiled as C++17) too.
template <typename T, typename = decltype(static_cast<T>(*static_cast<const T*>(nullptr) + 1))>
constexpr T sp_mutant_plus(const T& v, int d) {
  return static_cast<T>(v + d);
}
