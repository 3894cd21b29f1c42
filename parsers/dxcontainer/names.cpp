#include "dxcontainer/names.h"

#include <array>
#include <iterator>

#include "core/strings.h"
#include "dxcontainer/part_kinds.h"

namespace sp::dxc {
namespace {

// A plain array: std::array's deduction guide folds over every element,
// past clang 14's nesting limit (AFL++ on Debian builds with clang 14).
constexpr EnumEntry kEntries[] = {
#define SP_ENUM(family, value, name) EnumEntry{EnumFamily::family, value, #name},
#include "dxcontainer/enums.def"
#undef SP_ENUM
};

constexpr std::array kTreatments = {
#define DECODED PartTreatment::decoded
#define KNOWN PartTreatment::known
#define SP_PART(cc, treatment, what) treatment,
#include "dxcontainer/part_kinds.def"
#undef SP_PART
#undef KNOWN
#undef DECODED
};
static_assert(kTreatments.size() == kPartKindCount);

// Where each family's entries are in kEntries, by EnumFamily's value: a
// load instead of a scan from the start of the table (RTS0 checks every
// range type and visibility, past some 250 entries of other families).
struct FamilyRange {
  uint16_t begin = 0;
  uint16_t end = 0;
};
constexpr auto kFamilyRanges = [] {
  std::array<FamilyRange, 256> out{};  // every value of EnumFamily's uint8_t
  for (size_t i = 0; i < std::size(kEntries); ++i) {
    FamilyRange& r = out[static_cast<uint8_t>(kEntries[i].family)];
    if (r.end == 0) r.begin = static_cast<uint16_t>(i);
    // Entries of one family are contiguous in enums.def: a second run of
    // a family makes this constant expression fail to compile.
    if (r.end != 0 && r.end != i) throw "enums.def: a family's entries are not contiguous";
    r.end = static_cast<uint16_t>(i + 1);
  }
  return out;
}();

}  // namespace

std::span<const EnumEntry> enum_entries(EnumFamily family) {
  const FamilyRange r = kFamilyRanges[static_cast<uint8_t>(family)];
  return std::span<const EnumEntry>(kEntries).subspan(r.begin, r.end - r.begin);
}

std::optional<std::string_view> enum_name(EnumFamily family, uint64_t value) {
  for (const EnumEntry& e : enum_entries(family)) {
    if (e.value == value) return e.name;
  }
  return std::nullopt;
}

PartTreatment part_treatment(uint32_t fourcc) {
  const size_t index = part_kind_index(fourcc);
  return index < kPartKindCount ? kTreatments[index] : PartTreatment::unknown;
}

}  // namespace sp::dxc
