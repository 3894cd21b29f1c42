// One parser per part kind, each taking the part in a DecodeScope
// (core/decode_scope.h), which says what a parser may rely on and returns.
#pragma once

#include <optional>

#include "core/decode_scope.h"
#include "core/diagnostic.h"
#include "dxcontainer/model.h"

namespace sp::dxc {

using PartScope = DecodeScope;

bool parse_program(const PartScope& s, Program& out);           // DXIL, ILDB
bool parse_shader_hash(const PartScope& s, ShaderHash& out);    // HASH
bool parse_feature_info(const PartScope& s, FeatureInfo& out);  // SFI0
bool parse_signature(const PartScope& s, SignatureLayout layout, Signature& out);
// Malformed-but-real PSV0 layouts accepted on request (Wuffs-style quirks).
struct PsvQuirks {
  // LLVM 22 omits the primitive ViewID mask of mesh shaders (DXC and
  // hlsl-specs 0012 write it for hull and mesh shaders).
  bool llvm_mesh_layout = false;
};

// `dxil_shader_kind` comes from the container's DXIL part, when there is one:
// PSV0 v0 has no stage of its own.
bool parse_psv(const PartScope& s, std::optional<uint16_t> dxil_shader_kind, const PsvQuirks& quirks, Psv& out);
bool parse_root_signature(const PartScope& s, RootSignature& out);  // RTS0
bool parse_debug_name(const PartScope& s, DebugName& out);          // ILDN
bool parse_compiler_version(const PartScope& s, CompilerVersion& out);  // VERS
bool parse_source_info(const PartScope& s, SourceInfo& out);        // SRCI
bool parse_runtime_data(const PartScope& s, RuntimeData& out);      // RDAT

// Warns about bytes after the last structure the parser consumed. The
// compare is inline and the warning out of line: nearly every part ends
// with its last structure, and a call would cost more than the compare.
void warn_trailing_bytes(const PartScope& s, uint64_t consumed);
inline void warn_trailing(const PartScope& s, uint64_t consumed) {
  if (consumed < s.data.size()) warn_trailing_bytes(s, consumed);
}

}  // namespace sp::dxc
