// What fuzz_dxcontainer_llvm needs beyond the two parsers: which inputs not
// to hand LLVM, which disagreements are documented deviations, and the
// field-by-field comparison when both accept. Deviation ids (C*, L*, S*)
// are those of fuzz_dxcontainer_llvm.deviations.md.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "dxcontainer/container.h"

namespace llvm::object {
class DXContainer;
}

namespace sp::fuzz {

// True for inputs LLVM 22 is known to crash on or to exhaust memory with.
[[nodiscard]] bool llvm_would_crash(Bytes input);

// The deviation that explains LLVM rejecting (with `message`) an input
// shaderprobe accepted with `ours`, or nothing.
[[nodiscard]] std::optional<std::string_view> explain_llvm_rejection(std::string_view message,
                                                                     const dxc::ParseResult& ours, Bytes input);

// The deviation that explains shaderprobe rejecting (with `error`) an input
// LLVM accepted, or nothing.
[[nodiscard]] std::optional<std::string_view> explain_our_rejection(const Diagnostic& error, Bytes input);

// Empty when every value both sides decode agrees; else one line per
// difference.
[[nodiscard]] std::string compare_with_llvm(const dxc::Container& ours, const std::vector<Diagnostic>& warnings,
                                            const llvm::object::DXContainer& theirs, Bytes input);

}  // namespace sp::fuzz
