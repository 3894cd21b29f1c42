#include "dxcontainer/names.h"

#include <array>
#include <iterator>

#include "core/strings.h"

namespace sp::dxc {
namespace {

// A plain array: std::array's deduction guide folds over every element,
// past clang 14's nesting limit (AFL++ on Debian builds with clang 14).
constexpr EnumEntry kEntries[] = {
#define SP_ENUM(family, value, name) EnumEntry{EnumFamily::family, value, #name},
#include "dxcontainer/enums.def"
#undef SP_ENUM
};

struct PartKind {
  uint32_t fourcc;
  PartTreatment treatment;
};

constexpr std::array kParts = {
#define DECODED PartTreatment::decoded
#define KNOWN PartTreatment::known
#define SP_PART(cc, treatment, what) PartKind{make_fourcc(#cc[0], #cc[1], #cc[2], #cc[3]), treatment},
#include "dxcontainer/part_kinds.def"
#undef SP_PART
#undef KNOWN
#undef DECODED
};

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
  for (const PartKind& k : kParts) {
    if (k.fourcc == fourcc) return k.treatment;
  }
  return PartTreatment::unknown;
}

}  // namespace sp::dxc
