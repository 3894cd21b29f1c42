// What fuzz_fxc_vkd3d compares between shaderprobe's decode of a DXBC
// container and vkd3d-shader 1.2's scan of it (tools/vkd3d_peer): the
// descriptors the program declares (type, register space, register index,
// count, and a typed resource's dimension) and the input signature's
// elements. fuzz_fxc_vkd3d.deviations.md lists vkd3d's known differences
// by the ids the comparison uses (V1...).
#pragma once

#include <string>
#include <vector>

#include "core/diagnostic.h"
#include "dxcontainer/model.h"
#include "fxc/program.h"
#include "vkd3d_peer.h"

namespace sp::fuzz {

// The descriptors `program` declares, in vkd3d's terms and declaration
// order (dcl_constantbuffer: CBV, dcl_sampler: SAMPLER, dcl_resource*:
// SRV, dcl_uav_*: UAV). `count` is the declared range's size (SM5.1;
// UINT32_MAX for an unbounded one), 1 before SM5.1.
[[nodiscard]] std::vector<vkd3d_peer::Descriptor> declared_descriptors(const fxc::Program& program);

// Empty when vkd3d's scan agrees with shaderprobe's decode of the same
// container; else one line per difference. `container` is shaderprobe's
// model, `program` its decoded SHDR/SHEX.
[[nodiscard]] std::string compare_with_vkd3d(const dxc::Container& container, const fxc::Program& program,
                                             const vkd3d_peer::ScanResult& theirs);

// True for a program vkd3d 1.2 would crash on or misread. Its scan writes
// through the NULL its UAV descriptor lookup returns when an instruction
// reads or counts an undeclared UAV, or a UAV without an immediate index
// (none, or a relative one, whose immediate part alone it looks up):
// deviation C1, where any `undeclared_resource` warning of shaderprobe's
// decode counts (it costs the comparison little, and a UAV test would
// repeat the checks); or when imm_atomic_alloc/consume counts an operand
// that is no UAV at all (C2). It misreads an index in a 64-bit
// representation, of which it reads one DWORD (C3; a later DWORD it takes
// for a UAV of no declared range is C1's NULL access), and the length of
// an instruction of 32 DWORDs or more or with a length word (C4).
[[nodiscard]] bool vkd3d_would_crash(const fxc::Program& program, const std::vector<Diagnostic>& warnings);

}  // namespace sp::fuzz
