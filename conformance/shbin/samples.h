// The SHBIN files the fuzz seeds (fuzzers/seeds_shbin.cpp), the mutator's
// tests and the valid conformance cases (generate_cases.cpp) start from,
// built with builders.h and laid out by the project's writer: both
// layouts, every instruction format on its own and together, vertex and
// geometry shaders of every mode, several DVLEs sharing offset table
// entries and tables, line information, tables out of order and
// unaligned, bytes no structure claims. Each reads back to its model
// without a warning and writes back to its bytes (tests/shbin/
// writer_test.cpp).
#pragma once

#include <string>
#include <vector>

#include "shbin/model.h"

namespace sp::shbin::build {

struct Sample {
  std::string name;  // "textured_quad_picasso": what it is, then its layout
  Shbin shbin;
};

[[nodiscard]] std::vector<Sample> samples();

// The sample named `name` (std::out_of_range when there is none).
[[nodiscard]] Shbin sample(const std::string& name);

// A table of a model, as the headers hold it and as diagnostics name it:
// the tests, the cases and the mutator damage each through this.
struct Table {
  std::string path;         // "dvlp.code_table", "dvles[1].symbol_table"
  std::string count_field;  // "count", or "size" for a string table
  uint32_t record = 0;      // bytes per entry (1 for a string table)
  uint64_t origin = 0;      // the header its offset counts from, in the file
  uint64_t field = 0;       // where its offset lies in the file (the count follows)
  TableRef* ref = nullptr;
};
// Every table of `s`: the DVLP's (line information and file names only in
// picasso's 0x28-byte header), then each DVLE's in header order.
[[nodiscard]] std::vector<Table> tables(Shbin& s);

}  // namespace sp::shbin::build
