// Helpers for the bitstream tests: walking and dumping a stream in one call,
// and small streams built with the writer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bitstream/walk.h"
#include "bitstream/writer.h"
#include "core/diagnostic.h"

namespace sp::test {

struct WalkResult {
  std::optional<bitstream::WalkStats> stats;
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
  uint64_t steps = 0;  // the reader's Context::steps
};

WalkResult walk(const std::vector<uint8_t>& file, const Limits& limits = {});

// The error of a walk that must fail (an empty Diagnostic, and a test
// failure, when it succeeds).
Diagnostic walk_error(const std::vector<uint8_t>& file, const Limits& limits = {});

// dump_bcanalyzer's text, or nothing on an error.
std::optional<std::string> bcanalyzer(const std::vector<uint8_t>& file);

// A stream with one block `block_id` (abbrev width 3) whose body `body`
// writes.
template <typename Body>
std::vector<uint8_t> one_block(Body body, uint32_t block_id = 8, uint32_t magic = 0xDEC04342) {
  bitstream::Writer w(magic);
  w.enter_block(block_id, 3);
  body(w);
  w.end_block();
  return w.finish();
}

}  // namespace sp::test
