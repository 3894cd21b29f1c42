#include "core/strictness.h"

#include <algorithm>

namespace sp {

std::vector<std::string_view> Profiles::names() const {
  std::vector<std::string_view> out{kLenientProfile};
  for (const ProfileRule& r : rules_)
    if (std::find(out.begin(), out.end(), r.profile) == out.end()) out.push_back(r.profile);
  out.push_back(kStrictProfile);
  return out;
}

bool Profiles::known(std::string_view profile) const {
  const std::vector<std::string_view> all = names();
  return std::find(all.begin(), all.end(), profile) != all.end();
}

bool Profiles::rejects(std::string_view profile, Code warning) const {
  if (profile == kStrictProfile) return true;
  return std::any_of(rules_.begin(), rules_.end(), [&](const ProfileRule& r) {
    return r.profile == profile && std::find(r.rejects.begin(), r.rejects.end(), warning) != r.rejects.end();
  });
}

}  // namespace sp
