// Where fxc versions print the same program differently. One row per
// version family, matched by the creator string RDEF carries ("Microsoft
// (R) HLSL Shader Compiler 9.30.9200.20499"); a listing asks the row, never
// the version. docs/formats/fxc.md lists each quirk with the files that
// show it.
#pragma once

#include <string_view>

namespace sp::fxc {

struct ListingQuirks {
  // The creator's version prefix this row covers ("9.29."); the empty
  // prefix is the default row (the newest behaviour known).
  std::string_view version_prefix;
  // Immediate texel offsets as `sample_l_aoffimmi_indexable(1,0,0)(...)`
  // (9.30 on) or as `sample_l_indexable(1,0,0)(...)` / `sample_l(1,0,0)`
  // (9.29).
  bool aoffimmi_suffix;
  // `discard_nz l(-1)` (9.30 on) or `discard l(-1)` (9.29: no test
  // suffix when discard tests an immediate; on a register it is unknown,
  // and the listing keeps the suffix).
  bool discard_immediate_suffix;
  // The line after the header's creator block: "///" (9.30), "//" (9.29,
  // where it closes the command-line block fxc printed there), none (6.3).
  std::string_view after_creator;
  // The signature tables' Format column: 6 wide (9.29), 7 from 9.30 on
  // (min2_8f fits).
  int signature_format_width;
  // "Note: shader requires additional functionality" and SFI0's features
  // (9.29 prints none: cs5__BasicCompute11Double).
  bool feature_notes;
  // Without RDEF, `dcl_constantbuffer CB0[3]` (6.3 on) or `cb0[3]` (as
  // with RDEF: DirectXTK's listings of 2012).
  bool stripped_buffer_capitals;
};

// The row for a creator string (the default row when none matches).
[[nodiscard]] const ListingQuirks& listing_quirks(std::string_view creator);

}  // namespace sp::fxc
