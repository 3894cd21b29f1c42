// Differential: shaderprobe against LLVM 22's llvm::object::DXContainer on
// the same bytes. It stops (aborts with both answers) when they disagree
// about something both claim to understand:
//   - one accepts and the other rejects, and no documented deviation says
//     why (fuzz_dxcontainer_llvm.deviations.md lists each one, with its
//     id, LLVM's behaviour and the evidence);
//   - both accept and the header, a part's name/offset/size, the DXIL
//     program header, SFI0, HASH, the RTS0 header, ISG1/OSG1/PSG1 elements
//     or PSV0 (runtime info, resources, string and index tables, elements,
//     masks and maps) differ.
// Inputs known to crash or exhaust LLVM are not handed to it (deviations
// C1-C3). shaderprobe parses with LLVM's mesh-shader PSV0 layout (the
// obj2yaml quirk), as that is what LLVM reads.
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/obj2yaml.h"
#include "llvm/Object/DXContainer.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBufferRef.h"
#include "support/dxcontainer_llvm_compare.h"
#include "support/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  namespace dx = sp::dxc;
  const sp::Bytes input(data, size);
  // Every warning is kept: the deviations are explained by the warnings
  // shaderprobe gives (an overlap, a misaligned part), and past the default
  // cap of 256 the one that explains LLVM's rejection may be cut off (a
  // 93-part input did this). A parse gives a few warnings per part at most,
  // so the list stays proportional to the input.
  dx::ParseOptions options = dx::with_llvm_quirks({});
  options.limits.max_warnings = UINT32_MAX;
  const dx::ParseResult ours = dx::parse_container(input, options);
  if (sp::fuzz::llvm_would_crash(input)) return 0;

  const llvm::StringRef buffer(reinterpret_cast<const char*>(data), size);
  llvm::Expected<llvm::object::DXContainer> theirs = llvm::object::DXContainer::create(llvm::MemoryBufferRef(buffer, ""));
  if (!theirs) {
    const std::string message = llvm::toString(theirs.takeError());
    if (!ours.ok()) return 0;
    const auto why = sp::fuzz::explain_llvm_rejection(message, ours, input);
    sp::fuzz::check(why.has_value(), "LLVM rejects what shaderprobe accepts", "llvm: " + message);
    return 0;
  }
  if (!ours.ok()) {
    const auto why = sp::fuzz::explain_our_rejection(*ours.error, input);
    sp::fuzz::check(why.has_value(), "shaderprobe rejects what LLVM accepts", ours.error->to_string());
    return 0;
  }
  const std::string diff = sp::fuzz::compare_with_llvm(*ours.container, ours.warnings, *theirs, input);
  sp::fuzz::check(diff.empty(), "shaderprobe and LLVM read different values", diff);
  return 0;
}
