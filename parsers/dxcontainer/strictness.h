// Strictness profiles: which legal-but-suspicious findings a given reader
// would reject. The parser always reports them as warnings; a caller picks
// a profile to turn the ones its target rejects into errors.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "core/diagnostic.h"

namespace sp::dxc {

enum class Profile : uint8_t {
  lenient,  // errors only
  llvm,     // LLVM 22 Object/DXContainer
  dxc,      // DXC IsValidDxilContainer
  vkd3d,    // vkd3d-shader's DXBC reader
  strict,   // every warning is an error
};

[[nodiscard]] std::optional<Profile> profile_from_name(std::string_view name);
[[nodiscard]] std::span<const std::string_view> profile_names();
[[nodiscard]] bool profile_rejects(Profile profile, Code warning);

}  // namespace sp::dxc
