// What the benchmark programs that measure a corpus of files share: reading
// a file whole, the timed loop that hands every measured file to one side
// per iteration and sets the counters (bench/README.md: bytes and items per
// second are over the measured files), and shaderprobe's side of it.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

#include "dxcontainer/container.h"

namespace sp::bench {

using Files = std::vector<std::vector<uint8_t>>;

// The whole file into `out`; false when it cannot be read.
inline bool read_file(const std::filesystem::path& path, std::vector<uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// Per iteration, `decode(file, result)` on every file of `files` (each
// accepted by every side at startup); `result` goes through DoNotOptimize
// so that the work is kept. A file that `decode` now rejects ends the
// benchmark with `rejected` (a string literal) as its error.
template <typename Result, typename Decode>
void run_over_files(benchmark::State& state, const Files& files, uint64_t total_bytes, Decode decode,
                    const char* rejected) {
  for (auto _ : state) {
    for (const std::vector<uint8_t>& file : files) {
      Result result{};
      if (!decode(file, result)) {
        state.SkipWithError(rejected);
        return;
      }
      benchmark::DoNotOptimize(result);
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(total_bytes) * state.iterations());
  state.SetItemsProcessed(static_cast<int64_t>(files.size()) * state.iterations());
}

// run_over_files for shaderprobe's side: one dxc::Parser for the whole run
// (the API for parsing many containers, which reuses its storage), with or
// without the digest check; `Decode(parser, file, result)` per file, a
// function known at compile time so that the call is direct.
template <typename Result, auto Decode>
void run_shaderprobe(benchmark::State& state, const Files& files, uint64_t total_bytes, bool verify_digest) {
  dxc::ParseOptions options;
  options.verify_digest = verify_digest;
  dxc::Parser parser(options);
  run_over_files<Result>(
      state, files, total_bytes,
      [&](const std::vector<uint8_t>& file, Result& result) { return Decode(parser, file, result); },
      "shaderprobe rejected a file it accepted at startup");
}

}  // namespace sp::bench
