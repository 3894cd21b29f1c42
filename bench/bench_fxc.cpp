// bench_fxc: decoding speed of legacy fxc (DXBC SM4/SM5) containers,
// shaderprobe's against vkd3d-shader's (libvkd3d-shader 1.2,
// tools/vkd3d_peer), on the same files in the same run.
//
// Corpus: the DXBC files of ../shared/external/fxc-hlslcc (*.o whose first
// bytes are "DXBC"; the others there are Direct3D 9 bytecode) and
// ../shared/external/vkd3d-proton/*_code_dxbc.dxbc (fxc's; the *_code_dxil
// ones are dxc's), beside the source tree. $SP_BENCH_FXC_DIRS, a
// colon-separated list of folders, replaces both: then every regular file
// of each folder (not recursive) that starts with "DXBC". Files are read
// into memory once before any timing; each is decoded once by both sides
// at startup, and only those both decode without error are measured (the
// others are printed, with the counts in the benchmark context).
// docs/formats/vkd3d-peer.md lists the files vkd3d 1.2 rejects and why.
//
// Benchmarks (one iteration = every measured file once):
//   BM_shaderprobe_fxc_decode
//                  the container through sp::dxc::Parser (one for the run,
//                  verify_digest = false), then each SHDR, SHEX and RDEF
//                  part through sp::fxc::parse_chunk: every instruction and
//                  operand into fxc::Program and its semantic checks
//                  (fxc/checks.h), every RDEF record into fxc::Rdef.
//   BM_shaderprobe_fxc_decode_with_digest
//                  the same with verify_digest = true: vkd3d checks the
//                  MD5 checksum on every call and cannot skip it, so this
//                  is the like-for-like one.
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
//                  under BM_vkd3d_scan.
// At startup both sides' descriptor counts are compared for each file:
// vkd3d's scan and shaderprobe's count of the program's descriptor
// declarations (dcl_resource*, dcl_constantbuffer, dcl_sampler, dcl_uav_*);
// differences are printed and counted ("declarations differ").
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
#include <string>
#include <string_view>
#include <system_error>
#include <variant>
#include <vector>

#include "bench_support.h"
#include "core/diagnostic.h"
#include "core/field_path.h"
#include "dxcontainer/container.h"
#include "dxcontainer/model.h"
#include "fxc/chunks.h"
#include "fxc/program.h"
#include "vkd3d_peer.h"

namespace {

namespace fs = std::filesystem;

namespace dx = sp::dxc;
namespace fxc = sp::fxc;

// ---- shaderprobe side ---------------------------------------------------------------

bool is_descriptor_declaration(fxc::Opcode op) {
  switch (op) {
    case fxc::Opcode::dcl_resource:
    case fxc::Opcode::dcl_resource_raw:
    case fxc::Opcode::dcl_resource_structured:
    case fxc::Opcode::dcl_constant_buffer:
    case fxc::Opcode::dcl_sampler:
    case fxc::Opcode::dcl_uav_typed:
    case fxc::Opcode::dcl_uav_raw:
    case fxc::Opcode::dcl_uav_structured: return true;
    default: return false;
  }
}

// The container through `parser`, then every SHDR/SHEX/RDEF part through
// fxc::parse_chunk. `declarations` receives the number of descriptor
// declarations in the programs. False when the container or a chunk does
// not decode.
bool shaderprobe_decode(dx::Parser& parser, const std::vector<uint8_t>& file, uint32_t& declarations) {
  const dx::ParseResult& r = parser.parse(file);
  if (!r.ok()) return false;
  static const sp::Limits limits;
  const sp::FieldPath root = sp::FieldPath::root();
  declarations = 0;
  for (const dx::Part& part : r.container->parts) {
    // The fourcc as the container spells it, at the part header.
    const std::string_view tag(reinterpret_cast<const char*>(file.data()) + part.offset, 4);
    if (tag != "SHDR" && tag != "SHEX" && tag != "RDEF") continue;
    sp::Context ctx(limits, part.data.size());
    const fxc::ChunkScope scope{part.data, uint64_t{part.offset} + 8, root, ctx};
    fxc::Chunk chunk;
    if (!fxc::parse_chunk(*fxc::chunk_kind(tag), scope, chunk) || ctx.failed()) return false;
    if (const auto* program = std::get_if<fxc::Program>(&chunk.model)) {
      for (const fxc::Instruction& in : program->instructions)
        if (is_descriptor_declaration(in.opcode())) ++declarations;
    }
  }
  return true;
}

// ---- Corpus -------------------------------------------------------------------------

struct Corpus {
  std::string dirs;                         // as listed, for the context
  sp::bench::Files files;  // decoded by both sides at startup
  uint64_t total_bytes = 0;
  size_t found = 0;  // DXBC files
  size_t rejected_by_vkd3d = 0;
  size_t rejected_by_shaderprobe = 0;
  size_t declarations_differ = 0;
};

Corpus g_corpus;  // built once in main(), before any benchmark runs

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

// Loads every DXBC file of the sources, decodes each once on both sides,
// and keeps those both accept; prints what was left out.
bool build_corpus(Corpus& c) {
  dx::Parser parser;
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
      if (!sp::bench::read_file(path, data)) {
        std::fprintf(stderr, "bench_fxc: cannot read %s\n", path.c_str());
        return false;
      }
      if (!dx::looks_like_container(data)) continue;
      ++c.found;
      // Both sides see every file, so each count below is that side's own.
      uint32_t descriptors = 0;
      uint32_t declarations = 0;
      const int result = sp::vkd3d_peer::scan_descriptors_only(data.data(), data.size(), descriptors);
      const bool sp_ok = shaderprobe_decode(parser, data, declarations);
      if (result != 0) {
        ++c.rejected_by_vkd3d;
        std::fprintf(stderr, "  left out (vkd3d rejects, vkd3d_result %d): %s\n", result, path.c_str());
      }
      if (!sp_ok) {
        ++c.rejected_by_shaderprobe;
        std::fprintf(stderr, "  left out (shaderprobe rejects): %s\n", path.c_str());
      }
      if (result != 0 || !sp_ok) continue;
      if (descriptors != declarations) {
        // Kept (both decode it), but worth a look.
        ++c.declarations_differ;
        std::fprintf(stderr, "  declarations differ: %s: vkd3d %u, shaderprobe %u\n", path.c_str(), descriptors,
                     declarations);
      }
      c.total_bytes += data.size();
      c.files.push_back(std::move(data));
    }
  }
  std::fprintf(stderr,
               "bench_fxc: %s: %zu DXBC files, %zu measured (%llu bytes); rejected by vkd3d: %zu, by shaderprobe: "
               "%zu; measured files whose declarations differ: %zu\n",
               c.dirs.c_str(), c.found, c.files.size(), static_cast<unsigned long long>(c.total_bytes),
               c.rejected_by_vkd3d, c.rejected_by_shaderprobe, c.declarations_differ);
  if (c.files.empty()) {
    std::fprintf(stderr, "bench_fxc: no file to measure\n");
    return false;
  }
  return true;
}

// ---- Benchmarks -----------------------------------------------------------------------

void run_shaderprobe(benchmark::State& state, bool verify_digest) {
  sp::bench::run_shaderprobe<uint32_t, shaderprobe_decode>(state, g_corpus.files, g_corpus.total_bytes, verify_digest);
}

void BM_shaderprobe_fxc_decode(benchmark::State& state) { run_shaderprobe(state, false); }
void BM_shaderprobe_fxc_decode_with_digest(benchmark::State& state) { run_shaderprobe(state, true); }

// `call` is a vkd3d_peer function: bytes, size, a count out; it returns
// the enum vkd3d_result.
void run_vkd3d(benchmark::State& state, int (*call)(const uint8_t*, size_t, uint32_t&)) {
  sp::bench::run_over_files<uint32_t>(
      state, g_corpus.files, g_corpus.total_bytes,
      [call](const std::vector<uint8_t>& file, uint32_t& count) { return call(file.data(), file.size(), count) == 0; },
      "vkd3d rejected a file it accepted at startup");
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
  benchmark::AddCustomContext("rejected_by_shaderprobe", std::to_string(g_corpus.rejected_by_shaderprobe));
  benchmark::AddCustomContext("declarations_differ", std::to_string(g_corpus.declarations_differ));
  // Registered here rather than with BENCHMARK(): that macro uses
  // __COUNTER__, which clang 22's -Wpedantic reports as a C2y extension.
  benchmark::RegisterBenchmark("BM_shaderprobe_fxc_decode", BM_shaderprobe_fxc_decode)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_vkd3d_scan", BM_vkd3d_scan)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_shaderprobe_fxc_decode_with_digest", BM_shaderprobe_fxc_decode_with_digest)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_vkd3d_input_signature", BM_vkd3d_input_signature)->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
