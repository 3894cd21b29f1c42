// The table of formats (registry.def) and what every command does with it:
// recognise a file, read it whole (descending into the formats embedded in
// it), describe it, dump it, and the strictness profiles of all formats.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "formats/format.h"

namespace sp::formats {

// Every registered format, in registry order.
[[nodiscard]] std::span<const Format* const> all();
[[nodiscard]] const Format* find(std::string_view name);

// The format whose probe scores `input` highest, or null when none does.
[[nodiscard]] const Format* recognise(Bytes input);
// recognise(), or the table's first format for input nothing recognises
// (registry.def): the format that reads `input` for check, dump and conform.
[[nodiscard]] const Format& reader_for(Bytes input);

// The formats read inside `host`'s payloads (their embedded_in names it).
[[nodiscard]] std::vector<const Format*> embedded_formats(const Format& host);

// The profiles of every format's rules, with lenient and strict.
[[nodiscard]] const Profiles& profiles();

// A fuzz target, as the build declares it (fuzzers/<format>.cmake).
struct FuzzTarget {
  std::string_view name;    // fuzz_<name>
  std::string_view format;  // the format it exercises
  std::string_view corpus;  // corpus/<corpus>/ and corpus/regressions/<corpus>/
  bool baseline = false;    // an A/B baseline, not fuzzed by the nightly run
  // The peer library a differential links ("llvm": LLVM 22, "vkd3d":
  // vkd3d-shader), empty for the others; absent from builds without it.
  std::string_view needs;
};
[[nodiscard]] std::span<const FuzzTarget> fuzz_targets();

}  // namespace sp::formats
