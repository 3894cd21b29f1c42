// SPIRV-Tools' C API (libspirv.h) behind spirv_tools.h. Every object it
// hands out is freed here, on every path.
#include "vbc/spirv_tools.h"

#if SP_HAVE_SPIRV_TOOLS
#include <spirv-tools/libspirv.h>
#endif

#include <memory>

namespace sp::vbc::spirv_tools {

// SPIR-V 1.0 to 1.6 (read_spirv() accepts no other version).
std::string_view target_env_name(uint32_t version) {
  switch ((version >> 8) & 0xFF) {
    case 0: return "vulkan1.0";
    case 1:
    case 2:
    case 3: return "vulkan1.1";
    case 4: return "vulkan1.1spv1.4";
    case 5: return "vulkan1.2";
    default: return "vulkan1.3";
  }
}

#if SP_HAVE_SPIRV_TOOLS
namespace {

// The same choice as target_env_name().
spv_target_env env_for(uint32_t version) {
  switch ((version >> 8) & 0xFF) {
    case 0: return SPV_ENV_VULKAN_1_0;
    case 1:
    case 2:
    case 3: return SPV_ENV_VULKAN_1_1;
    case 4: return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
    case 5: return SPV_ENV_VULKAN_1_2;
    default: return SPV_ENV_VULKAN_1_3;
  }
}

struct ContextDeleter {
  void operator()(spv_context c) const { spvContextDestroy(c); }
};
struct OptionsDeleter {
  void operator()(spv_validator_options o) const { spvValidatorOptionsDestroy(o); }
};
struct DiagnosticDeleter {
  void operator()(spv_diagnostic d) const { spvDiagnosticDestroy(d); }
};
struct TextDeleter {
  void operator()(spv_text t) const { spvTextDestroy(t); }
};
using Context = std::unique_ptr<spv_context_t, ContextDeleter>;
using Diagnostic = std::unique_ptr<spv_diagnostic_t, DiagnosticDeleter>;

}  // namespace

bool available() { return true; }

std::optional<Failure> validate(std::span<const uint32_t> words, uint32_t version) {
  const Context context(spvContextCreate(env_for(version)));
  const std::unique_ptr<spv_validator_options_t, OptionsDeleter> options(spvValidatorOptionsCreate());
  spv_const_binary_t binary{words.data(), words.size()};
  spv_diagnostic raw = nullptr;
  const spv_result_t result = spvValidateWithOptions(context.get(), options.get(), &binary, &raw);
  const Diagnostic diagnostic(raw);
  if (result == SPV_SUCCESS) return std::nullopt;
  Failure f;
  if (diagnostic) {
    f.instruction = diagnostic->position.index;
    if (diagnostic->error != nullptr) f.message = diagnostic->error;
  }
  if (f.message.empty()) f.message = "rejected (spv_result_t " + std::to_string(static_cast<int>(result)) + ")";
  return f;
}

bool disassemble(std::span<const uint32_t> words, std::string& out, std::string& error) {
  // spirv-dis's defaults when its output is not a terminal.
  const Context context(spvContextCreate(SPV_ENV_UNIVERSAL_1_6));
  const uint32_t options = SPV_BINARY_TO_TEXT_OPTION_INDENT | SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES;
  spv_text raw_text = nullptr;
  spv_diagnostic raw = nullptr;
  const spv_result_t result = spvBinaryToText(context.get(), words.data(), words.size(), options, &raw_text, &raw);
  const std::unique_ptr<spv_text_t, TextDeleter> text(raw_text);
  const Diagnostic diagnostic(raw);
  if (result != SPV_SUCCESS || !text) {
    error = diagnostic && diagnostic->error != nullptr ? diagnostic->error : "the disassembler failed";
    return false;
  }
  out.append(text->str, text->length);
  return true;
}

#else

bool available() { return false; }
std::optional<Failure> validate(std::span<const uint32_t>, uint32_t) { return std::nullopt; }
bool disassemble(std::span<const uint32_t>, std::string&, std::string& error) {
  error = "this build has no SPIRV-Tools";
  return false;
}

#endif

}  // namespace sp::vbc::spirv_tools
