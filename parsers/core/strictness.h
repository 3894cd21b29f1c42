// Strictness profiles: which legal-but-suspicious findings a given reader
// rejects. Parsers always report those findings as warnings; a caller picks
// a profile to turn the ones its target reader rejects into errors (LLVM-like
// or DXC-like strictness from the same parse).
//
// Two profiles hold for every format: `lenient` (errors only) and `strict`
// (every warning). The others are named after a reader, and each format
// says which of its own warnings that reader rejects (a ProfileRule in its
// descriptor, parsers/<format>/<format>_format.cpp); a profile is the union of the
// rules of that name, so one profile applies to a file and to the formats
// embedded in it alike.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace sp {

// What one format knows of reader `profile`: the warnings it rejects.
struct ProfileRule {
  std::string_view profile;  // "llvm"
  std::string_view reader;   // "LLVM 22 Object/DXContainer"
  std::span<const Code> rejects;
};

inline constexpr std::string_view kLenientProfile = "lenient";
inline constexpr std::string_view kStrictProfile = "strict";

class Profiles {
 public:
  explicit Profiles(std::vector<ProfileRule> rules) : rules_(std::move(rules)) {}

  // lenient, the readers' profiles in the order their rules first appear, strict.
  [[nodiscard]] std::vector<std::string_view> names() const;
  [[nodiscard]] bool known(std::string_view profile) const;
  // Whether `profile` turns `warning` into an error (false for an unknown profile).
  [[nodiscard]] bool rejects(std::string_view profile, Code warning) const;
  [[nodiscard]] std::span<const ProfileRule> rules() const { return rules_; }

 private:
  std::vector<ProfileRule> rules_;
};

}  // namespace sp
