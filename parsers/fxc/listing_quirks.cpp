// The table of fxc versions' listing differences (listing_quirks.h).
#include "fxc/listing_quirks.h"

namespace sp::fxc {
namespace {

constexpr ListingQuirks kQuirks[] = {
    // fxc of the June 2010 DirectX SDK.
    {"9.29.", false, false, "//\n", 6, false, false},
    // fxc of the Windows 8 SDK's first release: no line after the creator
    // block (two published listings) and no SFI0 notes (SlimShader's).
    {"9.30.9200.16384", true, true, "", 7, false, false},
    // fxc of the Windows 8 SDK.
    {"9.30.", true, true, "///\n", 7, true, false},
    // fxc of the Windows 8.1 SDK (6.3.9600) and later; also the default.
    {"", true, true, "", 7, true, true},
};

}  // namespace

const ListingQuirks& listing_quirks(std::string_view creator) {
  // The version is the creator's last word.
  const size_t space = creator.rfind(' ');
  const std::string_view version = space == std::string_view::npos ? creator : creator.substr(space + 1);
  for (const ListingQuirks& q : kQuirks)
    if (version.starts_with(q.version_prefix)) return q;
  return kQuirks[std::size(kQuirks) - 1];
}

}  // namespace sp::fxc
