// The generic LLVM bitstream reader on raw bytes, any magic, bare or
// wrapped (bitstream/walk.h), and three properties:
//  - the same statistics, error and warnings at another alignment;
//  - an error has a known code, an offset inside the input and a path;
//  - read(write(read(x))) == read(x) for every stream the reader accepts
//    and the writer can express, and writing is a fixed point.
// Under libFuzzer it mutates structurally (support/bitstream_mutator.h).
#include "bitstream/walk.h"
#include "support/bitstream_checks.h"
#include "support/bitstream_model.h"
#include "support/fuzz_check.h"

namespace {

struct Walked {
  std::optional<sp::bitstream::WalkStats> stats;
  std::optional<sp::Diagnostic> error;
  std::vector<sp::Diagnostic> warnings;
};

Walked walk(sp::Bytes input) {
  const sp::Limits limits;
  sp::Context ctx(limits, input.size());
  Walked w;
  w.stats = sp::bitstream::walk_file(input, ctx);
  w.error = ctx.take_error();
  w.warnings = ctx.take_warnings();
  return w;
}

bool same_stats(const sp::bitstream::WalkStats& a, const sp::bitstream::WalkStats& b) {
  return a.magic == b.magic && a.wrapped == b.wrapped && a.top_level_blocks == b.top_level_blocks &&
         a.blocks == b.blocks && a.records == b.records && a.abbrevs == b.abbrevs && a.max_depth == b.max_depth;
}

void check_round_trip(sp::Bytes input) {
  const sp::Limits limits;
  sp::Context ctx(limits, input.size());
  const auto tree = sp::fuzz::read_stream(input, ctx);
  sp::fuzz::check(tree.has_value(), "walk_file accepts what the tree reader rejects",
                  ctx.error() ? ctx.error()->to_string() : "");
  const auto written = sp::fuzz::write_stream(*tree);
  if (!written) return;  // a SETBID the writer cannot express (bitstream_model.h)
  sp::Context ctx2(limits, written->size());
  const auto again = sp::fuzz::read_stream(*written, ctx2);
  sp::fuzz::check(again.has_value(), "the reader rejects what the writer wrote",
                  ctx2.error() ? ctx2.error()->to_string() : "");
  if (!ctx2.warnings().empty()) sp::fuzz::invariant_broken("the writer's stream has warnings", ctx2.warnings()[0].to_string());
  const std::string diff = sp::fuzz::tree_difference(*tree, *again);
  sp::fuzz::check(diff.empty(), "read(write(read(x))) differs from read(x)", diff);
  const auto twice = sp::fuzz::write_stream(*again);
  sp::fuzz::check(twice && *twice == *written, "writing is not a fixed point");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const sp::Bytes input(data, size);
  const Walked a = walk(input);
  const sp::fuzz::MisalignedCopy moved(input);
  const Walked b = walk(moved.bytes());
  sp::fuzz::check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  sp::fuzz::check(a.stats.has_value() == b.stats.has_value() && (!a.stats || same_stats(*a.stats, *b.stats)),
                  "another alignment gives other statistics");
  if (a.error) sp::fuzz::check_error_shape(*a.error, input);
  sp::fuzz::check(a.stats.has_value() != a.error.has_value(), "a walk must end in statistics or in one error");
  if (a.stats) check_round_trip(input);
  return 0;
}
