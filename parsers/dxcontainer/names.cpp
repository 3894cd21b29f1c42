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

}  // namespace

std::span<const EnumEntry> enum_entries(EnumFamily family) {
  // Entries of one family are contiguous in enums.def.
  size_t begin = 0;
  constexpr size_t kCount = std::size(kEntries);
  while (begin < kCount && kEntries[begin].family != family) ++begin;
  size_t end = begin;
  while (end < kCount && kEntries[end].family == family) ++end;
  return std::span<const EnumEntry>(kEntries).subspan(begin, end - begin);
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
