// SHDR / SHEX, the tokenized program of a legacy fxc container, on its own
// bytes.
//
// Input: one selector byte, then the chunk's data. Bit 0 picks the tag the
// container would have given the bytes (0 SHEX, 1 SHDR; both rows of
// fxc/chunks.h, and the program's version token, not the tag, says which
// shader model it holds), bit 1 the fxc the listing imitates (0 the
// default row of listing_quirks.cpp, 1 fxc 9.29's). The other bits are
// ignored.
//
// Properties, besides those of every chunk target (support/fxc_checks.h:
// the same result at another alignment, errors shaped, write(read(x)) == x):
//  - the instructions tile the program: each starts where the one before
//    it ends by its declared length (the token's 7 bits, or its length
//    DWORD), and the last ends at the program's length; the round trip
//    alone would not see a length the reader failed to check, since the
//    model keeps every token whatever the lengths say;
//  - relative operands nest less deep than the limit (read here with
//    max_depth 4: the default 64 takes a 65-DWORD chain in one
//    instruction, which mutations rarely build; real programs nest 2 deep);
//  - the listing (the program part of dump --format=fxc) ends.
// Under libFuzzer it mutates the decoded program (support/fxc_mutator.h).
#include <string>

#include "core/strings.h"
#include "fxc/listing.h"
#include "support/fxc_checks.h"
#include "support/fuzz_check.h"

namespace {

using sp::fxc::Instruction;
using sp::fxc::Operand;
using sp::fxc::Program;

constexpr uint32_t kMaxDepth = 4;

uint64_t declared_words(const Instruction& in) {
  return in.custom_length != 0 ? in.custom_length : in.length_field();
}

void check_tiling(const Program& p) {
  uint64_t at = 8;
  for (size_t i = 0; i < p.instructions.size(); ++i) {
    const Instruction& in = p.instructions[i];
    sp::fuzz::check(in.offset == at, "an instruction does not start where the one before it ends",
                    sp::strprintf("instruction %zu at byte %u, expected %llu", i, in.offset,
                                  static_cast<unsigned long long>(at)));
    at += 4 * declared_words(in);
  }
  sp::fuzz::check(at == 4 * uint64_t{p.length}, "the instructions do not end at the program's length",
                  sp::strprintf("they end at byte %llu, the program at %llu", static_cast<unsigned long long>(at),
                                4 * static_cast<unsigned long long>(p.length)));
}

// How deep relative operands nest below `o` (0: none).
uint32_t nesting(const Program& p, const Instruction& in, const Operand& o) {
  uint32_t deepest = 0;
  for (uint32_t d = 0; d < o.index_dimension(); ++d) {
    if (!o.index[d].has_relative()) continue;
    const Operand* nested = p.relative(in, o.index[d]);
    sp::fuzz::check(nested != nullptr, "a relative index names no nested operand");
    deepest = std::max(deepest, 1 + nesting(p, in, *nested));
  }
  return deepest;
}

void check_nesting(const Program& p) {
  for (const Instruction& in : p.instructions)
    for (const Operand& o : p.operands(in))
      sp::fuzz::check(nesting(p, in, o) < kMaxDepth, "relative operands nest as deep as the limit");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return -1;
  const uint8_t selector = data[0];
  const sp::fxc::ChunkKind& kind = *sp::fxc::chunk_kind((selector & 1) != 0 ? "SHDR" : "SHEX");
  sp::Limits limits;
  limits.max_depth = kMaxDepth;
  const auto chunk = sp::fuzz::decode_chunk_checked(kind, sp::Bytes(data + 1, size - 1), limits);
  if (!chunk) return 0;
  const Program& program = std::get<Program>(chunk->model);
  check_tiling(program);
  check_nesting(program);
  sp::TextBuffer listing;
  const auto& quirks = sp::fxc::listing_quirks((selector & 2) != 0 ? "9.29.952.3111" : "");
  sp::fxc::list_program(program, quirks, (selector & 4) != 0, listing);
  sp::fuzz::check(listing.size() > 0, "the listing printed nothing");
  return 0;
}
