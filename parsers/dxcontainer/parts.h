// One parser per part kind. Each takes the part's own bytes, so it can be
// fuzzed and tested alone; `base` is the absolute offset of data[0] so
// diagnostics name file offsets. A parser returns false after recording an
// error in ctx; on success `out` is complete and its spans point into data.
// Lists go into `arena` (the heap when it is null) through make_list() and
// records().
#pragma once

#include <memory>
#include <optional>
#include <utility>

#include "core/diagnostic.h"
#include "dxcontainer/model.h"

namespace sp::dxc {

struct PartScope {
  Bytes data;
  uint64_t base;
  const FieldPath& at;
  Context& ctx;
  Arena* arena;

  // `n` value-initialised records in the parse's storage, for a list of the
  // parser's own; a model's list is filled by make_list.
  template <typename T>
  [[nodiscard, gnu::always_inline]] Vec<T> records(size_t n = 0) const {
    return Vec<T>(n, ArenaAllocator<T>(arena));
  }

  // Makes `list` hold `n` value-initialised records in the parse's storage.
  // The list is rebuilt rather than move-assigned (which would adopt the
  // storage and the arena the same way, see ArenaAllocator): clang keeps
  // std::vector's move assignment out of line for several record types,
  // and the call then reads the new list's pointers back from memory, the
  // first two in one 16-byte load that waits for their separate stores to
  // drain (bench/README.md, bench_dxcontainer, "What was done" 7).
  template <typename T>
  [[gnu::always_inline]] void make_list(Vec<T>& list, size_t n) const {
    Vec<T> fresh = records<T>(n);
    std::destroy_at(&list);
    std::construct_at(&list, std::move(fresh));
  }
};

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
