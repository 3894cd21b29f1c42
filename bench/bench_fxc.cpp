// bench_fxc: decoding speed of legacy fxc (DXBC SM4/SM5) containers, with
// vkd3d-shader (libvkd3d-shader 1.2, tools/vkd3d_peer) as the peer.
//
// Corpus: the DXBC files of ../shared/external/fxc-hlslcc (*.o whose first
// bytes are "DXBC"; the others there are Direct3D 9 bytecode) and
// ../shared/external/vkd3d-proton/*_code_dxbc.dxbc (fxc's; the *_code_dxil
// ones are dxc's), beside the source tree. $SP_BENCH_FXC_DIRS, a
// colon-separated list of folders, replaces both: then every regular file
// of each folder (not recursive) that starts with "DXBC". Files are read
// into memory once before any timing; each is scanned once at startup, and
// only those vkd3d scans without error are measured (the others are
// printed, with the count in the benchmark context). docs/formats/
// vkd3d-peer.md lists the files vkd3d 1.2 rejects and why.
//
// Benchmarks (one iteration = every measured file once):
//   BM_vkd3d_scan  vkd3d_shader_scan, source VKD3D_SHADER_SOURCE_DXBC_TPF,
//                  with vkd3d_shader_scan_descriptor_info chained, no
//                  messages; the descriptor array freed after each file.
//                  This is vkd3d's whole reading of the container: the
//                  DXBC header and its MD5 checksum, ISGN/OSGN/PCSG, and
//                  every instruction of SHDR/SHEX.
//   BM_vkd3d_input_signature
//                  for information: vkd3d_shader_parse_input_signature
//                  alone, the least any vkd3d call does with a container
//                  (header, MD5 checksum, part table, ISGN), so the floor
//                  under BM_vkd3d_scan. vkd3d-shader 1.2 cannot skip the
//                  checksum.
//
// shaderprobe's side (BM_shaderprobe_fxc_decode: the container, then each
// SHDR/SHEX/RDEF part through sp::fxc::parse_chunk) is not here yet: the
// fxc chunk parser (parsers/fxc/chunks.h) is not on main. bench/README.md.
//
// vkd3d-shader prints "fixme:" lines on stderr for what it skips (function
// tables, interfaces, unknown opcodes); that would be timed, so this program
// sets VKD3D_SHADER_DEBUG=none unless the environment already sets it.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "vkd3d_peer.h"

namespace {

namespace fs = std::filesystem;

struct Corpus {
  std::string dirs;                         // as listed, for the context
  std::vector<std::vector<uint8_t>> files;  // scanned without error at startup
  uint64_t total_bytes = 0;
  size_t found = 0;  // DXBC files
  size_t rejected_by_vkd3d = 0;
};

Corpus g_corpus;  // built once in main(), before any benchmark runs

bool is_dxbc(const std::vector<uint8_t>& bytes) {
  return bytes.size() >= 4 && std::string_view(reinterpret_cast<const char*>(bytes.data()), 4) == "DXBC";
}

bool read_file(const fs::path& path, std::vector<uint8_t>& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// A folder and the ending a file's name needs to be read from it.
struct Source {
  fs::path dir;
  std::string suffix;
};

std::vector<Source> sources() {
  std::vector<Source> out;
  if (const char* env = std::getenv("SP_BENCH_FXC_DIRS"); env != nullptr && *env != '\0') {
    std::string_view rest = env;
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      const std::string_view dir = rest.substr(0, colon);
      if (!dir.empty()) out.push_back({fs::path(dir), ""});
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
    return out;
  }
  const fs::path external = fs::path(SP_SOURCE_DIR) / ".." / "shared" / "external";
  out.push_back({external / "fxc-hlslcc", ".o"});
  out.push_back({external / "vkd3d-proton", "_code_dxbc.dxbc"});
  return out;
}

// Loads every DXBC file of the sources, scans each once, and keeps those
// vkd3d accepts; prints what was left out.
bool build_corpus(Corpus& c) {
  for (const Source& source : sources()) {
    if (!c.dirs.empty()) c.dirs += ':';
    c.dirs += source.dir.string();
    std::error_code ec;
    std::vector<fs::path> paths;
    for (const auto& entry : fs::directory_iterator(source.dir, ec))
      if (entry.is_regular_file() && entry.path().filename().string().ends_with(source.suffix))
        paths.push_back(entry.path());
    if (ec) {
      std::fprintf(stderr, "bench_fxc: cannot list %s: %s (set SP_BENCH_FXC_DIRS)\n", source.dir.c_str(),
                   ec.message().c_str());
      return false;
    }
    std::sort(paths.begin(), paths.end());  // same order every run
    for (const fs::path& path : paths) {
      std::vector<uint8_t> data;
      if (!read_file(path, data)) {
        std::fprintf(stderr, "bench_fxc: cannot read %s\n", path.c_str());
        return false;
      }
      if (!is_dxbc(data)) continue;
      ++c.found;
      uint32_t descriptors = 0;
      if (const int result = sp::vkd3d_peer::scan_descriptors_only(data.data(), data.size(), descriptors);
          result != 0) {
        ++c.rejected_by_vkd3d;
        std::fprintf(stderr, "  left out (vkd3d rejects, vkd3d_result %d): %s\n", result, path.c_str());
        continue;
      }
      c.total_bytes += data.size();
      c.files.push_back(std::move(data));
    }
  }
  std::fprintf(stderr, "bench_fxc: %s: %zu DXBC files, %zu measured (%llu bytes); rejected by vkd3d: %zu\n",
               c.dirs.c_str(), c.found, c.files.size(), static_cast<unsigned long long>(c.total_bytes),
               c.rejected_by_vkd3d);
  if (c.files.empty()) {
    std::fprintf(stderr, "bench_fxc: no file to measure\n");
    return false;
  }
  return true;
}

// Runs `call` (a vkd3d_peer function: bytes, size, count out; returns the
// enum vkd3d_result) on every measured file per iteration.
template <typename Call>
void run_vkd3d(benchmark::State& state, Call call) {
  for (auto _ : state) {
    for (const std::vector<uint8_t>& file : g_corpus.files) {
      uint32_t count = 0;
      if (call(file.data(), file.size(), count) != 0) {
        state.SkipWithError("vkd3d rejected a file it accepted at startup");
        return;
      }
      benchmark::DoNotOptimize(count);
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(g_corpus.total_bytes) * state.iterations());
  state.SetItemsProcessed(static_cast<int64_t>(g_corpus.files.size()) * state.iterations());
}

void BM_vkd3d_scan(benchmark::State& state) { run_vkd3d(state, sp::vkd3d_peer::scan_descriptors_only); }
void BM_vkd3d_input_signature(benchmark::State& state) { run_vkd3d(state, sp::vkd3d_peer::input_signature_only); }

}  // namespace

int main(int argc, char** argv) {
  // Before the first call into vkd3d-shader, which reads it once.
  setenv("VKD3D_SHADER_DEBUG", "none", 0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (!build_corpus(g_corpus)) return 1;
  benchmark::AddCustomContext("vkd3d_shader", sp::vkd3d_peer::library_version());
  benchmark::AddCustomContext("corpus", g_corpus.dirs);
  benchmark::AddCustomContext("dxbc_files", std::to_string(g_corpus.found));
  benchmark::AddCustomContext("measured_files", std::to_string(g_corpus.files.size()));
  benchmark::AddCustomContext("measured_bytes", std::to_string(g_corpus.total_bytes));
  benchmark::AddCustomContext("rejected_by_vkd3d", std::to_string(g_corpus.rejected_by_vkd3d));
  // Registered here rather than with BENCHMARK(): that macro uses
  // __COUNTER__, which clang 22's -Wpedantic reports as a C2y extension.
  benchmark::RegisterBenchmark("BM_vkd3d_scan", BM_vkd3d_scan)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_vkd3d_input_signature", BM_vkd3d_input_signature)->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
