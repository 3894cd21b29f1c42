#include "dxcontainer/strictness.h"

#include <algorithm>
#include <array>
#include <initializer_list>

namespace sp::dxc {
namespace {

constexpr std::array<std::string_view, 5> kNames = {"lenient", "llvm", "dxc", "vkd3d", "strict"};

// From ../shared/facts/FORMATS.md §1: what each reader checks.
bool in(Code c, std::initializer_list<Code> set) { return std::find(set.begin(), set.end(), c) != set.end(); }

}  // namespace

std::optional<Profile> profile_from_name(std::string_view name) {
  for (size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return static_cast<Profile>(i);
  return std::nullopt;
}

std::span<const std::string_view> profile_names() { return kNames; }

bool profile_rejects(Profile profile, Code warning) {
  switch (profile) {
    case Profile::lenient:
      return false;
    case Profile::strict:
      return true;
    case Profile::llvm:
      // Offsets must increase and leave room for the previous part;
      // duplicates of decoded parts and PSV0 without DXIL are rejected; an
      // unaligned part makes its 4-byte reads fail.
      return in(warning, {Code::parts_out_of_order, Code::parts_overlap, Code::part_overlaps_header,
                          Code::duplicate_part, Code::missing_dxil_part, Code::part_misaligned});
    case Profile::dxc:
      // Major 1, FileSize within the buffer, parts contiguous from the
      // offset table to FileSize.
      return in(warning, {Code::container_version, Code::file_size_mismatch, Code::gap_between_parts,
                          Code::parts_overlap, Code::parts_out_of_order, Code::part_overlaps_header});
    case Profile::vkd3d:
      // Version 1 and a matching digest.
      return in(warning, {Code::container_version, Code::digest_mismatch, Code::digest_not_signed});
  }
  return false;
}

}  // namespace sp::dxc
