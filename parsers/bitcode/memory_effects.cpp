#include "bitcode/memory_effects.h"

#include <array>
#include <string_view>

namespace sp::bitcode {
namespace {

// IRMemLocation, in bit order; "other" is printed first, as the default.
constexpr std::array<std::string_view, 6> kLocations = {"argmem",   "inaccessiblemem", "errnomem",
                                                        "",         "target_mem0",     "target_mem1"};
constexpr size_t kOther = 3;
constexpr std::array<std::string_view, 4> kAccess = {"none", "read", "write", "readwrite"};

// The access of every location, from either version's layout.
std::array<uint32_t, kLocations.size()> locations(uint64_t data, uint64_t version) {
  std::array<uint32_t, kLocations.size()> mr{};
  if (version == 0) {
    const auto at = [&](unsigned pos) { return static_cast<uint32_t>(data >> (2 * pos) & 3); };
    mr = {at(0), at(1), at(2), at(2), 0, 0};
  } else {
    for (size_t loc = 0; loc < mr.size(); ++loc) mr[loc] = static_cast<uint32_t>(data >> (2 * loc) & 3);
  }
  return mr;
}

}  // namespace

std::string memory_effects_text(uint64_t encoded) {
  const uint64_t version = encoded >> 56;
  const uint64_t data = encoded & ((uint64_t{1} << 56) - 1);
  // Data past the locations LLVM 22 knows, or a later version, would be
  // misread: show the number instead.
  if (version > 1 || data >> (2 * kLocations.size()) != 0) return "memory(" + std::to_string(encoded) + ")";
  const auto mr = locations(data, version);
  uint32_t any = 0;
  for (uint32_t m : mr) any |= m;
  std::string out = "memory(";
  bool first = true;
  // The default is printed when it is not "none", or when every location
  // has it (memory(none)).
  if (mr[kOther] != 0 || any == mr[kOther]) {
    out += kAccess[mr[kOther]];
    first = false;
  }
  for (size_t loc = 0; loc < mr.size(); ++loc) {
    if (loc == kOther || mr[loc] == mr[kOther]) continue;
    out += first ? "" : ", ";
    first = false;
    out += std::string(kLocations[loc]) + ": " + std::string(kAccess[mr[loc]]);
  }
  return out + ")";
}

}  // namespace sp::bitcode
