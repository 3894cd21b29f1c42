// vkd3d-shader (libvkd3d-shader 1.2, Debian libvkd3d-dev) as a peer for
// shaderprobe's legacy fxc (DXBC SM4/SM5) decoding: what vkd3d reads out of
// a whole DXBC container, in plain C++ types, with everything vkd3d
// allocated already freed.
//
// Two calls of its C API (/usr/include/vkd3d/vkd3d_shader.h):
//   vkd3d_shader_scan, source VKD3D_SHADER_SOURCE_DXBC_TPF, with a
//     vkd3d_shader_scan_descriptor_info chained: the descriptors the shader
//     declares (SRV, UAV, CBV, sampler), from its dcl_* instructions;
//   vkd3d_shader_parse_input_signature: the ISGN part.
// vkd3d-shader 1.2 has no call that returns the output or patch-constant
// signature (it parses OSGN/OSG5/PCSG only inside vkd3d_shader_compile), so
// there is none here. docs/formats/vkd3d-peer.md says what the scan does
// and does not report.
//
// The enumerations keep vkd3d's numbers (enum vkd3d_shader_resource_type,
// ..._resource_data_type, ..._descriptor_info_flag, ..._sysval_semantic,
// ..._component_type, ..._minimum_precision), so that this header does not
// need vkd3d's; the descriptor type, which the comparison reads most, is
// also given as its name.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace sp::vkd3d_peer {

struct Descriptor {
  std::string type;  // "SRV", "UAV", "CBV", "SAMPLER" (or "?<n>" for a value 1.2 does not define)
  uint32_t register_space = 0;
  uint32_t register_index = 0;
  uint32_t count = 0;               // 1, or the size of a descriptor array
  uint32_t resource_type = 0;       // enum vkd3d_shader_resource_type (0: none, e.g. samplers, CBVs)
  uint32_t resource_data_type = 0;  // enum vkd3d_shader_resource_data_type
  uint32_t flags = 0;               // enum vkd3d_shader_descriptor_info_flag bits
};

struct SignatureElement {
  std::string semantic_name;
  uint32_t semantic_index = 0;
  uint32_t stream = 0;
  uint32_t sysval = 0;          // enum vkd3d_shader_sysval_semantic
  uint32_t component_type = 0;  // enum vkd3d_shader_component_type
  uint32_t register_index = 0;
  uint32_t mask = 0;
  uint32_t used_mask = 0;       // as stored for input signatures (vkd3d inverts only outputs)
  uint32_t min_precision = 0;   // enum vkd3d_shader_minimum_precision
};

struct ScanResult {
  // Both calls returned VKD3D_OK.
  bool ok = false;
  int scan_result = 0;       // enum vkd3d_result of vkd3d_shader_scan
  int signature_result = 0;  // enum vkd3d_result of vkd3d_shader_parse_input_signature
  // vkd3d's messages (log level INFO) of both calls, scan's first; empty
  // when it had nothing to say.
  std::string messages;
  std::vector<Descriptor> descriptors;
  std::vector<SignatureElement> input_signature;
};

// Scans the whole DXBC container `data` (size bytes; vkd3d reads it in place
// and keeps no pointer into it).
ScanResult scan(const uint8_t* data, size_t size);

// vkd3d_shader_scan with descriptor info and nothing else: no messages, no
// copies; the descriptor info is freed before returning. For the benchmark,
// which times vkd3d's own work. Returns the enum vkd3d_result; `descriptors`
// receives the descriptor count (0 on failure).
int scan_descriptors_only(const uint8_t* data, size_t size, uint32_t& descriptors);

// vkd3d_shader_parse_input_signature and nothing else, for the benchmark:
// the least any call does with a container (the DXBC header, its MD5
// checksum, the part table, ISGN). Returns the enum vkd3d_result;
// `elements` receives the element count (0 on failure).
int input_signature_only(const uint8_t* data, size_t size, uint32_t& elements);

// vkd3d-shader's version string, as vkd3d_shader_get_version returns it.
std::string library_version();

}  // namespace sp::vkd3d_peer
