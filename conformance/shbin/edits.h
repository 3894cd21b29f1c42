// Edits of a sample (samples.h) that make exactly one semantic check warn
// (docs/formats/shbin.md, "Checks"): the i_ cases of the conformance suite
// (generate_cases.cpp), and tests/shbin/hostile_test.cpp, which checks each
// warning's code, offset and path.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "shbin/model.h"

namespace sp::shbin::build {

struct SemanticEdit {
  std::string name;    // the case's name, without its i_ prefix
  std::string sample;  // the sample it edits (samples.h)
  std::function<void(Shbin&)> edit;
  sp::Code warning;
  uint64_t offset = 0;  // of the field at fault, in the edited file
  std::string path;
  std::string comment;
};

// Each code of the checks at least once: every kind of flow target, every
// register file's end, a uniform range's every way to be wrong.
[[nodiscard]] std::vector<SemanticEdit> semantic_edits();

// The edit applied to its sample, written: the file of the case.
[[nodiscard]] std::vector<uint8_t> edited_file(const SemanticEdit& e);

}  // namespace sp::shbin::build
