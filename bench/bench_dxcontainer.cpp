// bench_dxcontainer: shaderprobe's DXContainer parser against LLVM 22's
// llvm::object::DXContainer, on the same files, in the same run.
//
// Corpus: every regular file under $SP_BENCH_DIR (default
// <source>/../shared/external/vkd3d-proton), read into memory once before any
// timing. A file enters the measured set only when BOTH readers accept it, so
// both benchmarks parse exactly the same bytes; the others are counted and
// printed at startup.
//
// "Parse fully" means, on each side, one parse of the container followed by a
// walk over the same data: every part (fourcc, size), PSV0's resources, its
// string table and its input/output/patch-or-primitive signature elements
// (name, rows, semantic indices), and the ISG1/OSG1/PSG1 signature elements
// (register, name). LLVM decodes much of this lazily (signature names are
// looked up by getName(), PSV records are copied out by ViewArray's
// iterator), so the walk is where part of its parsing happens; shaderprobe
// decodes everything eagerly and the walk only reads its model. Both walks
// fold what they read into the same checksum, which startup compares per file:
// equal checksums show the two sides really touched the same values, and
// benchmark::DoNotOptimize on the checksum keeps the work from being dropped.
//
// Benchmarks (names must contain `shaderprobe` / `llvm`; see bench/README.md):
//   BM_shaderprobe              Parser::parse, verify_digest = false
//   BM_llvm                     DXContainer::create + the walk
//   BM_shaderprobe_with_digest  Parser::parse, verify_digest = true (for
//                               information: LLVM never checks the digest)
// shaderprobe's side uses one dx::Parser per run, the API for parsing many
// containers: it reuses its storage, where parse_container allocates the
// model afresh for every file. Both validate exactly the same.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "llvm/ADT/StringRef.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"

#include "bench_support.h"
#include "dxcontainer/container.h"
#include "dxcontainer/model.h"

namespace {

namespace fs = std::filesystem;
namespace dx = sp::dxc;

// ---- Checksum -----------------------------------------------------------------
// A cheap order-sensitive fold. It exists to make both walks observable and
// comparable, not to be a good hash. A rotate and an xor: each value adds
// one cycle to the fold's chain of dependent operations, where the
// multiply of an FNV-style fold added four, and that chain (some fifty
// values per container, the same on both sides) took 2 to 3 us of either
// side's time per pass.
struct Tally {
  uint64_t value = 0x9E3779B97F4A7C15ull;
  void add(uint64_t v) { value = std::rotl(value, 5) ^ v; }
  void add_name(std::string_view s) {
    add(s.size());
    add(s.empty() ? 0u : static_cast<unsigned char>(s.front()));
  }
};

constexpr uint32_t fourcc(char a, char b, char c, char d) {
  return static_cast<uint32_t>(static_cast<unsigned char>(a)) |
         static_cast<uint32_t>(static_cast<unsigned char>(b)) << 8 |
         static_cast<uint32_t>(static_cast<unsigned char>(c)) << 16 |
         static_cast<uint32_t>(static_cast<unsigned char>(d)) << 24;
}

// ---- shaderprobe side ---------------------------------------------------------------

void walk_psv_elements(std::span<const dx::PsvSignatureElement> list, Tally& t) {
  for (const dx::PsvSignatureElement& el : list) {
    t.add_name(el.name);
    t.add(el.rows);
    for (size_t r = 0; r < el.indices.size(); ++r) t.add(el.indices[r]);
  }
}

// Only the DXIL-style signatures: LLVM does not decode fxc's ISGN/OSGN/OSG5/
// PCSG, so touching them here would make the walks differ. (shaderprobe has
// already decoded those during parse_container; that work is in its time.)
void walk_signature(const dx::Part* p, Tally& t) {
  const auto* sig = p != nullptr ? dx::content_if<dx::Signature>(*p) : nullptr;
  if (sig == nullptr) return;
  for (const dx::SignatureElement& el : sig->elements) {
    t.add(el.reg);
    t.add_name(el.name);
  }
}

uint64_t walk(const dx::Container& c) {
  Tally t;
  // The parts LLVM keeps pointers to are taken in the same pass over the
  // list (the first of each kind, as Container::find would return it).
  const dx::Part *psv0 = nullptr, *isg1 = nullptr, *osg1 = nullptr, *psg1 = nullptr;
  auto keep_first = [](const dx::Part*& slot, const dx::Part& p) {
    if (slot == nullptr) slot = &p;
  };
  for (const dx::Part& p : c.parts) {
    t.add(p.fourcc);
    t.add(p.size);
    switch (p.fourcc) {
      case fourcc('P', 'S', 'V', '0'): keep_first(psv0, p); break;
      case fourcc('I', 'S', 'G', '1'): keep_first(isg1, p); break;
      case fourcc('O', 'S', 'G', '1'): keep_first(osg1, p); break;
      case fourcc('P', 'S', 'G', '1'): keep_first(psg1, p); break;
      default: break;
    }
  }
  if (const auto* psv = psv0 != nullptr ? dx::content_if<dx::Psv>(*psv0) : nullptr) {
    for (const dx::PsvResource& r : psv->resources) {
      t.add(r.type);
      t.add(r.space);
      t.add(r.lower_bound);
      t.add(r.upper_bound);
      t.add(r.kind);
      t.add(r.flags);
    }
    t.add(psv->string_table.size());
    walk_psv_elements(psv->inputs, t);
    walk_psv_elements(psv->outputs, t);
    walk_psv_elements(psv->patch_or_prim, t);
  }
  walk_signature(isg1, t);
  walk_signature(osg1, t);
  walk_signature(psg1, t);
  return t.value;
}

// Parses and walks one file; false when shaderprobe rejects it.
bool shaderprobe_parse(dx::Parser& parser, sp::Bytes file, uint64_t& checksum) {
  const dx::ParseResult& r = parser.parse(file);
  if (!r.ok()) return false;
  checksum = walk(*r.container);
  return true;
}

// ---- LLVM side ----------------------------------------------------------------------

using LlvmSigElements = llvm::object::ViewArray<llvm::dxbc::PSV::v0::SignatureElement>;

void walk_psv_elements(const LlvmSigElements& list, llvm::StringRef strings,
                       llvm::ArrayRef<uint32_t> indices, Tally& t) {
  for (const auto el : list) {
    // Same lookup as DirectX::Signature::getName: up to the NUL, or to the
    // end of the table when there is none (LLVM does not require one).
    t.add_name(std::string_view(strings.slice(el.NameOffset, strings.find('\0', el.NameOffset))));
    t.add(el.Rows);
    // LLVM never checks IndicesOffset + Rows against the table; bound it
    // here (shaderprobe rejected the file otherwise, so in the measured set
    // this never cuts anything short).
    for (uint64_t r = 0; r < el.Rows; ++r) {
      const uint64_t i = uint64_t{el.IndicesOffset} + r;
      if (i < indices.size()) t.add(indices[static_cast<size_t>(i)]);
    }
  }
}

void walk_signature(const llvm::object::DirectX::Signature& sig, Tally& t) {
  for (const auto el : sig) {
    t.add(el.Register);
    // Safe for every file create() accepted: Signature::initialize checked
    // each NameOffset against the string table (getName only asserts it).
    t.add_name(std::string_view(sig.getName(el.NameOffset)));
  }
}

uint64_t walk(const llvm::object::DXContainer& c) {
  Tally t;
  // PartIterator's constructor reads PartOffsets.back() for end(), which is
  // undefined on a container without parts; create() accepts such files.
  if (c.getHeader().PartCount != 0) {
    for (const auto& part : c) {
      uint32_t name = 0;
      std::memcpy(&name, part.Part.Name, sizeof name);
      t.add(name);
      t.add(part.Part.Size);
    }
  }
  // PSV0 was parsed by create() (it needs the DXIL part's shader kind).
  if (const auto& psv = c.getPSVInfo()) {
    for (const auto r : psv->getResources()) {
      t.add(static_cast<uint32_t>(r.Type));
      t.add(r.Space);
      t.add(r.LowerBound);
      t.add(r.UpperBound);
      t.add(static_cast<uint32_t>(r.Kind));
      t.add(r.Flags.Flags);
    }
    const llvm::StringRef strings = psv->getStringTable();
    t.add(strings.size());
    const llvm::ArrayRef<uint32_t> indices = psv->getSemanticIndexTable();
    walk_psv_elements(psv->getSigInputElements(), strings, indices, t);
    walk_psv_elements(psv->getSigOutputElements(), strings, indices, t);
    walk_psv_elements(psv->getSigPatchOrPrimElements(), strings, indices, t);
  }
  walk_signature(c.getInputSignature(), t);
  walk_signature(c.getOutputSignature(), t);
  walk_signature(c.getPatchConstantSignature(), t);
  return t.value;
}

llvm::MemoryBufferRef llvm_ref(sp::Bytes file) {
  return llvm::MemoryBufferRef(
      llvm::StringRef(reinterpret_cast<const char*>(file.data()), file.size()), "");
}

// Parses and walks one file; false when LLVM rejects it (then `why`, when
// given, receives LLVM's message).
bool llvm_parse(sp::Bytes file, uint64_t& checksum, std::string* why = nullptr) {
  llvm::Expected<llvm::object::DXContainer> c = llvm::object::DXContainer::create(llvm_ref(file));
  if (!c) {
    if (why != nullptr) {
      *why = llvm::toString(c.takeError());
    } else {
      llvm::consumeError(c.takeError());
    }
    return false;
  }
  checksum = walk(*c);
  return true;
}

// ---- Corpus -------------------------------------------------------------------------

struct Corpus {
  fs::path dir;
  sp::bench::Files files;  // accepted by both readers
  uint64_t total_bytes = 0;
  size_t found = 0;
  size_t rejected_by_shaderprobe = 0;
  size_t rejected_by_llvm = 0;
  size_t checksum_mismatches = 0;
};

Corpus g_corpus;  // built once in main(), before any benchmark runs

fs::path corpus_dir() {
  if (const char* env = std::getenv("SP_BENCH_DIR"); env != nullptr && *env != '\0') return env;
  return fs::path(SP_SOURCE_DIR) / ".." / "shared" / "external" / "vkd3d-proton";
}

// Loads and classifies every file; prints what was left out and why.
bool build_corpus(Corpus& c) {
  c.dir = corpus_dir();
  std::error_code ec;
  if (!fs::is_directory(c.dir, ec)) {
    std::fprintf(stderr, "bench_dxcontainer: %s is not a directory (set SP_BENCH_DIR)\n", c.dir.c_str());
    return false;
  }
  std::vector<fs::path> paths;
  for (const auto& entry : fs::recursive_directory_iterator(c.dir, ec))
    if (entry.is_regular_file()) paths.push_back(entry.path());
  if (ec) {
    std::fprintf(stderr, "bench_dxcontainer: cannot list %s: %s\n", c.dir.c_str(), ec.message().c_str());
    return false;
  }
  std::sort(paths.begin(), paths.end());  // same order every run

  dx::ParseOptions options;
  options.verify_digest = false;
  dx::Parser parser(options);
  for (const fs::path& path : paths) {
    std::vector<uint8_t> data;
    if (!sp::bench::read_file(path, data)) {
      std::fprintf(stderr, "bench_dxcontainer: cannot read %s\n", path.c_str());
      return false;
    }
    ++c.found;
    const fs::path rel = path.lexically_relative(c.dir);
    // Both readers see every file, so each count below is that reader's own.
    uint64_t sp_sum = 0;
    uint64_t llvm_sum = 0;
    std::string why;
    const bool sp_ok = shaderprobe_parse(parser, data, sp_sum);
    const bool llvm_ok = llvm_parse(data, llvm_sum, &why);
    if (!sp_ok) {
      ++c.rejected_by_shaderprobe;
      std::fprintf(stderr, "  left out (shaderprobe rejects): %s\n", rel.c_str());
    }
    if (!llvm_ok) {
      ++c.rejected_by_llvm;
      std::fprintf(stderr, "  left out (LLVM rejects): %s: %s\n", rel.c_str(), why.c_str());
    }
    if (!sp_ok || !llvm_ok) continue;
    if (sp_sum != llvm_sum) {
      // Kept in the set (both parse it), but the walks saw different values:
      // worth a look, as the comparison is then not like for like.
      ++c.checksum_mismatches;
      std::fprintf(stderr, "  walks differ: %s\n", rel.c_str());
    }
    c.total_bytes += data.size();
    c.files.push_back(std::move(data));
  }
  std::fprintf(stderr,
               "bench_dxcontainer: %s: %zu files, %zu measured (%llu bytes); rejected by shaderprobe: %zu, "
               "by LLVM: %zu; measured files whose walks differ: %zu\n",
               c.dir.c_str(), c.found, c.files.size(), static_cast<unsigned long long>(c.total_bytes),
               c.rejected_by_shaderprobe, c.rejected_by_llvm, c.checksum_mismatches);
  if (c.files.empty()) {
    std::fprintf(stderr, "bench_dxcontainer: nothing both readers accept\n");
    return false;
  }
  return true;
}

// ---- Benchmarks -----------------------------------------------------------------------

void run_shaderprobe(benchmark::State& state, bool verify_digest) {
  sp::bench::run_shaderprobe<uint64_t, shaderprobe_parse>(state, g_corpus.files, g_corpus.total_bytes, verify_digest);
}

void BM_shaderprobe(benchmark::State& state) { run_shaderprobe(state, false); }
void BM_shaderprobe_with_digest(benchmark::State& state) { run_shaderprobe(state, true); }

void BM_llvm(benchmark::State& state) {
  sp::bench::run_over_files<uint64_t>(
      state, g_corpus.files, g_corpus.total_bytes,
      [](const std::vector<uint8_t>& file, uint64_t& sum) { return llvm_parse(file, sum); },
      "LLVM rejected a file it accepted at startup");
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  if (!build_corpus(g_corpus)) return 1;
  // Shown in the console header and in --benchmark_format=json's "context".
  benchmark::AddCustomContext("corpus", g_corpus.dir.string());
  benchmark::AddCustomContext("corpus_files", std::to_string(g_corpus.found));
  benchmark::AddCustomContext("measured_files", std::to_string(g_corpus.files.size()));
  benchmark::AddCustomContext("measured_bytes", std::to_string(g_corpus.total_bytes));
  benchmark::AddCustomContext("rejected_by_shaderprobe", std::to_string(g_corpus.rejected_by_shaderprobe));
  benchmark::AddCustomContext("rejected_by_llvm", std::to_string(g_corpus.rejected_by_llvm));
  // Registered here rather than with BENCHMARK(): that macro uses
  // __COUNTER__, which clang 22's -Wpedantic reports as a C2y extension.
  benchmark::RegisterBenchmark("BM_shaderprobe", BM_shaderprobe)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_llvm", BM_llvm)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BM_shaderprobe_with_digest", BM_shaderprobe_with_digest)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
