// Modules whose metadata is well formed in the ways LLVM allows (forward
// references, cycles, a long chain, unknown records) or broken in one way
// each (a reference past the last metadata, of the wrong kind, records out
// of order, a blob whose offsets leave it): the bitcode suite's
// *_metadata_* cases and tests/bitcode/metadata_test.cpp.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "conformance/bitcode/module_builder.h"
#include "core/diagnostic.h"

namespace sp::bitcode::build {

// !0 = !"main", !1 = i32 -5, !2 = !{!"main", i32 -5, null},
// !3 = distinct !{!3} (a cycle), !dx.entryPoints = !{!2}; kinds dbg and
// tbaa; a function of two instructions with its own !4 = !{!0}, the
// second instruction's !tbaa !4 and the function's !dbg !3.
[[nodiscard]] ModuleSpec with_metadata();

struct MetadataCase {
  std::string name;  // the suite's case name, without y_ / n_
  std::string what;  // for people
  ModuleSpec spec;
  std::optional<Code> error;  // none: the module is valid
  std::string path;           // of the error
};

[[nodiscard]] std::vector<MetadataCase> metadata_cases();

// A record (code, operands...) and one of characters.
[[nodiscard]] std::vector<uint64_t> record(uint32_t code, std::vector<uint64_t> ops);
[[nodiscard]] std::vector<uint64_t> text_record(uint32_t code, std::string_view text);

}  // namespace sp::bitcode::build
