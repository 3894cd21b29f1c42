// Differential: shaderprobe's bitstream reader against LLVM 22's
// llvm::BitstreamCursor on the same stream (after shaderprobe's wrapper
// handling, which LLVM's cursor does not do). Both walk every block, record
// and abbreviation (LLVM: advance / EnterSubBlock / readRecord /
// ReadBlockInfoBlock, iteratively like llvm-bcanalyzer's loop but without
// its recursion); the entries each produces before its first error must be
// the same (block ids, record codes, operands, blobs, BLOCKINFO blocks),
// and when only one side rejects, a deviation of
// fuzz_bitstream_llvm.deviations.md must say why (ids in the messages).
// Inputs known to crash LLVM (deviations C1-C3) are not handed to it.
// Mutates structurally like fuzz_bitstream (support/bitstream_mutator.h).
#include <cstdlib>
#include <cstring>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "bitstream/reader.h"
#include "bitstream/wrapper.h"
#include "core/strings.h"
#include "llvm/Bitstream/BitstreamReader.h"
#include "llvm/Support/Error.h"
#include "support/fuzz_check.h"

namespace {

namespace bs = sp::bitstream;

// One entry of a walk, as both readers can describe it.
struct Event {
  enum class Kind : uint8_t { enter, end, record, blockinfo };
  Kind kind;
  uint32_t id = 0;  // block id or record code
  std::vector<uint64_t> ops;
  std::string blob;
  bool operator==(const Event&) const = default;
};

std::string describe(const Event& e) {
  static const char* const kKinds[] = {"enter", "end", "record", "blockinfo"};
  std::string s = sp::strprintf("%s %u [", kKinds[static_cast<int>(e.kind)], e.id);
  for (uint64_t v : e.ops) s += sp::strprintf("%llu ", static_cast<unsigned long long>(v));
  return s + sp::strprintf("] blob %zu", e.blob.size());
}

struct Walk {
  std::vector<Event> events;
  std::optional<sp::Diagnostic> error;  // ours
  std::string llvm_error;               // theirs ("" when accepted)
  bool parted = false;                  // V1: the readers hold other state from here on
};

Walk walk_ours(sp::Bytes stream) {
  Walk w;
  const sp::Limits limits;
  sp::Context ctx(limits, stream.size());
  bs::Reader r(stream, 0, ctx);
  uint32_t magic = 0;
  size_t in_blockinfo = 0;  // depth inside a BLOCKINFO block (LLVM reads it whole)
  if (r.start(magic)) {
    for (bool done = false; !done;) {
      switch (r.next()) {
        case bs::Reader::Entry::error:
        case bs::Reader::Entry::end_of_stream:
          done = true;
          break;
        case bs::Reader::Entry::enter_block:
          if (in_blockinfo > 0 && r.block().id == bs::kBlockInfoBlockId) w.parted = true;
          if (in_blockinfo > 0 || r.block().id == bs::kBlockInfoBlockId) {
            ++in_blockinfo;
          } else {
            w.events.push_back({Event::Kind::enter, r.block().id, {}, {}});
          }
          break;
        case bs::Reader::Entry::end_block:
          if (in_blockinfo > 0) {
            if (--in_blockinfo == 0) w.events.push_back({Event::Kind::blockinfo, 0, {}, {}});
          } else {
            w.events.push_back({Event::Kind::end, r.block().id, {}, {}});
          }
          break;
        case bs::Reader::Entry::record:
          if (in_blockinfo == 0) {
            const bs::Record& rec = r.record();
            w.events.push_back({Event::Kind::record, rec.code, {rec.ops.begin(), rec.ops.end()},
                                std::string(rec.blob.begin(), rec.blob.end())});
          }
          break;
        case bs::Reader::Entry::define_abbrev:
          break;
      }
    }
  }
  w.error = ctx.take_error();
  for (const sp::Diagnostic& d : ctx.warnings())
    if (d.code == sp::Code::block_length_mismatch && d.path.find("BLOCKINFO_BLOCK.blocks[") != std::string::npos)
      w.parted = true;
  return w;
}

Walk walk_llvm(sp::Bytes stream) {
  Walk w;
  llvm::BitstreamCursor c(llvm::ArrayRef<uint8_t>(stream.data(), stream.size()));
  // ReadBlockInfoBlock returns a new table each time; the cursor keeps a
  // pointer to the one in effect, so tables live as long as the walk.
  std::deque<llvm::BitstreamBlockInfo> infos;
  auto fail = [&](llvm::Error e) {
    w.llvm_error = llvm::toString(std::move(e));
    if (w.llvm_error.empty()) w.llvm_error = "error";
    return w;
  };
  if (auto magic = c.Read(32); !magic) return fail(magic.takeError());
  size_t depth = 0;
  llvm::SmallVector<uint64_t, 64> vals;
  for (;;) {
    unsigned block_id = 0;
    if (depth == 0) {
      if (c.AtEndOfStream()) return w;
      auto code = c.ReadCode();
      if (!code) return fail(code.takeError());
      if (*code != llvm::bitc::ENTER_SUBBLOCK) return fail(llvm::createStringError("Invalid record at top-level"));
      auto id = c.ReadSubBlockID();
      if (!id) return fail(id.takeError());
      block_id = *id;
    } else {
      auto entry = c.advance();
      if (!entry) return fail(entry.takeError());
      switch (entry->Kind) {
        case llvm::BitstreamEntry::Error:
          return fail(llvm::createStringError("malformed block (advance: Error entry)"));
        case llvm::BitstreamEntry::EndBlock:
          --depth;
          w.events.push_back({Event::Kind::end, 0, {}, {}});
          continue;
        case llvm::BitstreamEntry::Record: {
          vals.clear();
          llvm::StringRef blob;
          auto code = c.readRecord(entry->ID, vals, &blob);
          if (!code) return fail(code.takeError());
          // L1: LLVM 22 checks a blob's end with alignTo(NumElts, 4) in 32
          // bits, so a length of 2^32 - 3 or more wraps to a short skip and
          // readRecord hands back a StringRef of about 4 GiB past the
          // stream. Copying it would read (and allocate) that much.
          if (blob.size() > stream.size() ||
              reinterpret_cast<const uint8_t*>(blob.data()) + blob.size() > stream.data() + stream.size())
            return fail(llvm::createStringError("L1: readRecord returned a blob past the end of the stream"));
          w.events.push_back({Event::Kind::record, *code, {vals.begin(), vals.end()}, blob.str()});
          continue;
        }
        case llvm::BitstreamEntry::SubBlock:
          block_id = entry->ID;
          break;
      }
    }
    if (block_id == llvm::bitc::BLOCKINFO_BLOCK_ID) {
      auto info = c.ReadBlockInfoBlock();
      if (!info) return fail(info.takeError());
      if (!*info) return fail(llvm::createStringError("Malformed BlockInfoBlock (ReadBlockInfoBlock: nullopt)"));
      infos.push_back(std::move(**info));
      c.setBlockInfo(&infos.back());
      w.events.push_back({Event::Kind::blockinfo, 0, {}, {}});
      continue;
    }
    if (llvm::Error e = c.EnterSubBlock(block_id)) return fail(std::move(e));
    ++depth;
    w.events.push_back({Event::Kind::enter, block_id, {}, {}});
  }
}

// Deviations C1-C3: what LLVM 22 would abort on (report_fatal_error) is
// decided by shaderprobe's own reading, which stops at the same abbrev.
bool llvm_would_crash(const sp::Diagnostic& ours) {
  if (ours.code != sp::Code::invalid_abbrev) return false;
  return ours.message == "abbreviation with no operands" ||                // C1
         ours.message == "array element is a literal, not an encoding";   // C2
}

// The count in "array of N elements ..." / "blob of N bytes ...".
uint64_t length_of(const std::string& message) {
  const size_t at = message.find(" of ");
  return at == std::string::npos ? 0 : std::strtoull(message.c_str() + at + 4, nullptr, 10);
}

// S: why shaderprobe may reject what LLVM accepts, or nothing.
std::optional<std::string> explain_our_rejection(const sp::Diagnostic& ours) {
  using sp::Code;
  // LLVM skips a block inside BLOCKINFO by its NumWords without reading it.
  if (ours.path.find("BLOCKINFO_BLOCK.blocks[") != std::string::npos) return "S7";
  // LLVM's cursor enters BLOCKINFO with the abbreviations the table in
  // effect registered for block 0; llvm-bcanalyzer, as shaderprobe, not.
  if (ours.code == Code::invalid_abbrev_id && ours.path.find("BLOCKINFO_BLOCK.records[") != std::string::npos)
    return "S9";
  switch (ours.code) {
    case Code::block_length_out_of_bounds: return "S1";  // LLVM reads NumWords only to skip
    case Code::limit_exceeded: return "S2";
    case Code::invalid_abbrev: return "S3";  // checked at definition; LLVM only when used
    case Code::invalid_blockinfo: return "S4";
    case Code::invalid_value: return "S5";  // 32-bit fields holding more
    case Code::vbr_too_long: return "S6";   // value bits past 32 / 64 in the last chunk, which LLVM drops
    case Code::count_too_large:  // S8: an array or blob length LLVM reads as 32 bits
      if (length_of(ours.message) > UINT32_MAX) return "S8";
      return std::nullopt;
    default: return std::nullopt;
  }
}

// The events agree up to where the first of the two walks stopped (an
// error ends a walk; the other side may have read further).
void compare_prefix(const Walk& ours, const Walk& theirs) {
  // LLVM's END_BLOCK entry does not say which block ended; ours does.
  const size_t n = std::min(ours.events.size(), theirs.events.size());
  for (size_t i = 0; i < n; ++i) {
    Event a = ours.events[i];
    if (a.kind == Event::Kind::end) a.id = 0;
    sp::fuzz::check(a == theirs.events[i], "shaderprobe and LLVM read different entries",
                    sp::strprintf("entry %zu: ours %s, llvm %s", i, describe(a).c_str(), describe(theirs.events[i]).c_str()));
  }
  if (!ours.error && theirs.llvm_error.empty())
    sp::fuzz::check(ours.events.size() == theirs.events.size(), "shaderprobe and LLVM read different entry counts");
}

// The kind of a message without its numbers ("Invalid abbrev number",
// "can't read more than N at a time"): part of the invariant's name, so
// triage files each kind of disagreement as a bug of its own.
std::string kind_of(std::string_view message) {
  std::string out;
  for (char c : message.substr(0, message.find('\n')))
    if (c < '0' || c > '9') out += c;
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const sp::Limits limits;
  sp::Context ctx(limits, size);
  bs::Stream s;
  if (!bs::locate_stream(input, ctx, s)) return 0;  // the wrapper is shaderprobe's alone
  // LLVM's BitcodeReader rejects a stream that is not whole words before a
  // cursor is made ("Invalid bitcode signature"); the cursor itself reads
  // partial words. D1.
  if (s.bytes.size() % 4 != 0 || s.bytes.size() < 4) return 0;
  const Walk ours = walk_ours(s.bytes);
  if (ours.error && llvm_would_crash(*ours.error)) return 0;
  const Walk theirs = walk_llvm(s.bytes);
  // V1: past a block nested in BLOCKINFO that is itself a BLOCKINFO, or
  // whose NumWords disagrees with its END_BLOCK, the readers hold other
  // abbreviation tables or stand at other bits: nothing is comparable.
  if (ours.parted) return 0;
  compare_prefix(ours, theirs);
  if (ours.error && theirs.llvm_error.empty()) {
    if (!explain_our_rejection(*ours.error))
      sp::fuzz::invariant_broken("shaderprobe rejects what LLVM accepts: " + std::string(sp::code_name(ours.error->code)),
                                 ours.error->to_string());
  } else if (!ours.error && !theirs.llvm_error.empty()) {
    sp::fuzz::invariant_broken("LLVM rejects what shaderprobe accepts: " + kind_of(theirs.llvm_error),
                               "llvm: " + theirs.llvm_error);
  }
  return 0;
}
