// shaderprobe's bitstream reader against LLVM 22's llvm::BitstreamCursor,
// walking every block and record of the same bitcode in the same run
// (bench/README.md, "bench_bitstream").
//
// Input: $SP_BENCH_BITCODE, by default build/release/bench/multi_module.bc
// as bench/make-bitcode-input writes it (clang outputs joined with
// llvm-cat-22 -b, at least 20 MB).
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "bitstream/reader.h"
#include "bitstream/walk.h"
#include "core/diagnostic.h"
#include "core/limits.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitstream/BitstreamReader.h"

namespace {

// What a walk saw: records, and a checksum of every record's code and
// operands, so both sides provably decode the same values.
struct Tally {
  uint64_t records = 0;
  uint64_t checksum = 0;
  bool ok = false;
  void add(uint64_t code, const uint64_t* ops, size_t n) {
    ++records;
    uint64_t h = checksum ^ code;
    for (size_t i = 0; i < n; ++i) h = (h ^ ops[i]) * 0x100000001B3ull;
    checksum = h + n;
  }
};

// bitstream::walk_file, with every record folded in as the walk reads it.
Tally shaderprobe_walk(sp::Bytes file) {
  Tally t;
  sp::Limits limits;
  sp::Context ctx(limits, file.size());
  using sp::bitstream::Reader;
  t.ok = sp::bitstream::walk_file_visiting(file, ctx, [&t](const Reader& r, Reader::Entry e) {
           // LLVM's cursor reads BLOCKINFO's records inside ReadBlockInfoBlock
           // and hands out none of them; they are read here too, not tallied.
           if (e != Reader::Entry::record || r.block().id == 0) return;
           const sp::bitstream::Record& rec = r.record();
           t.add(rec.code, rec.ops.data(), rec.ops.size());
         }).has_value();
  return t;
}

// LLVM's cursor as llvm-bcanalyzer drives it: BLOCKINFO read into the
// cursor's block info, abbreviations defined as met, every record read
// with readRecord (blobs by reference).
Tally llvm_walk(sp::Bytes file) {
  Tally t;
  const unsigned char* begin = file.data();
  const unsigned char* end = begin + file.size();
  if (llvm::isBitcodeWrapper(begin, end) && llvm::SkipBitcodeWrapperHeader(begin, end, /*VerifyBufferSize=*/true))
    return t;
  llvm::BitstreamCursor c(llvm::ArrayRef<uint8_t>(begin, end));
  llvm::BitstreamBlockInfo info;
  c.setBlockInfo(&info);
  if (llvm::Expected<llvm::SimpleBitstreamCursor::word_t> magic = c.Read(32); !magic) {
    llvm::consumeError(magic.takeError());
    return t;
  }
  llvm::SmallVector<uint64_t, 64> ops;
  llvm::StringRef blob;
  int depth = 0;
  while (!c.AtEndOfStream()) {
    llvm::Expected<llvm::BitstreamEntry> e = c.advance(llvm::BitstreamCursor::AF_DontAutoprocessAbbrevs);
    if (!e) {
      llvm::consumeError(e.takeError());
      return t;
    }
    switch (e->Kind) {
      case llvm::BitstreamEntry::Error:
        return t;
      case llvm::BitstreamEntry::EndBlock:
        if (--depth < 0) return t;
        break;
      case llvm::BitstreamEntry::SubBlock:
        if (e->ID == llvm::bitc::BLOCKINFO_BLOCK_ID) {
          auto read = c.ReadBlockInfoBlock();
          if (!read || !*read) {
            if (!read) llvm::consumeError(read.takeError());
            return t;
          }
          info = std::move(**read);
          break;
        }
        if (llvm::Error err = c.EnterSubBlock(e->ID)) {
          llvm::consumeError(std::move(err));
          return t;
        }
        ++depth;
        break;
      case llvm::BitstreamEntry::Record:
        if (e->ID == llvm::bitc::DEFINE_ABBREV) {
          if (llvm::Error err = c.ReadAbbrevRecord()) {
            llvm::consumeError(std::move(err));
            return t;
          }
          break;
        }
        ops.clear();
        llvm::Expected<unsigned> code = c.readRecord(e->ID, ops, &blob);
        if (!code) {
          llvm::consumeError(code.takeError());
          return t;
        }
        t.add(*code, ops.data(), ops.size());
        break;
    }
  }
  t.ok = depth == 0;
  return t;
}

std::vector<uint8_t>& input() {
  static std::vector<uint8_t> bytes = [] {
    const char* env = std::getenv("SP_BENCH_BITCODE");
    const std::string path = env ? env : SP_BENCH_DEFAULT_BITCODE;
    std::ifstream in(path, std::ios::binary);
    std::vector<uint8_t> b((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (b.empty()) {
      std::fprintf(stderr, "no bitcode at %s: run bench/make-bitcode-input (or set SP_BENCH_BITCODE)\n", path.c_str());
      std::exit(2);
    }
    return b;
  }();
  return bytes;
}

template <Tally (*Walk)(sp::Bytes)>
void run(benchmark::State& state) {
  const sp::Bytes file = input();
  for (auto _ : state) {
    Tally t = Walk(file);
    benchmark::DoNotOptimize(t);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(file.size()));
}

void BM_shaderprobe_walk(benchmark::State& state) { run<shaderprobe_walk>(state); }
void BM_llvm_walk(benchmark::State& state) { run<llvm_walk>(state); }

}  // namespace

int main(int argc, char** argv) {
  // Both walks must read the whole file and agree on every record before
  // either is timed.
  const sp::Bytes file = input();
  const Tally ours = shaderprobe_walk(file), theirs = llvm_walk(file);
  std::fprintf(stderr, "%zu bytes; shaderprobe: %s, %llu records; llvm: %s, %llu records; checksums %s\n", file.size(),
               ours.ok ? "ok" : "FAILED", static_cast<unsigned long long>(ours.records), theirs.ok ? "ok" : "FAILED",
               static_cast<unsigned long long>(theirs.records), ours.checksum == theirs.checksum ? "agree" : "DIFFER");
  if (!ours.ok || !theirs.ok || ours.records != theirs.records || ours.checksum != theirs.checksum) return 1;
  benchmark::AddCustomContext("bitcode_bytes", std::to_string(file.size()));
  benchmark::AddCustomContext("records", std::to_string(ours.records));
  // Registered here rather than with BENCHMARK(), whose __COUNTER__ is a
  // C2y extension to clang 22's -Wpedantic.
  benchmark::RegisterBenchmark("BM_shaderprobe_walk", BM_shaderprobe_walk)->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("BM_llvm_walk", BM_llvm_walk)->Unit(benchmark::kMillisecond);
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
