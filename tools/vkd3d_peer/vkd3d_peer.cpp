#include "vkd3d_peer.h"

// vkd3d_shader.h 1.2 uses size_t without including <stddef.h> (later
// versions do).
#include <cstddef>
#include <cstring>

#include <vkd3d_shader.h>

namespace sp::vkd3d_peer {
namespace {

// An enumeration field as the number vkd3d stored. vkd3d copies some of
// them from the file unchecked (a signature element's component type), so
// reading one as its enum type could load a value the enum does not have
// (UBSan's -fsanitize=enum): copy its bytes instead.
template <typename E>
uint32_t raw(const E& field) {
  static_assert(sizeof(E) == sizeof(uint32_t));
  uint32_t v;
  std::memcpy(&v, &field, sizeof v);
  return v;
}

std::string descriptor_type_name(vkd3d_shader_descriptor_type type) {
  switch (type) {
    case VKD3D_SHADER_DESCRIPTOR_TYPE_SRV: return "SRV";
    case VKD3D_SHADER_DESCRIPTOR_TYPE_UAV: return "UAV";
    case VKD3D_SHADER_DESCRIPTOR_TYPE_CBV: return "CBV";
    case VKD3D_SHADER_DESCRIPTOR_TYPE_SAMPLER: return "SAMPLER";
    default: break;
  }
  return "?" + std::to_string(static_cast<uint32_t>(type));
}

// Appends vkd3d's messages to `out` and frees them.
void take_messages(char* messages, std::string& out) {
  if (messages == nullptr) return;
  out += messages;
  vkd3d_shader_free_messages(messages);
}

// One vkd3d_shader_scan of `data` with `descriptors` chained. The caller
// frees `descriptors` with vkd3d_shader_free_scan_descriptor_info only when
// the scan returned VKD3D_OK: when the scan fails on an instruction, vkd3d
// frees the array itself and leaves the dangling pointer in the structure
// (scan_dxbc in libs/vkd3d-shader/vkd3d_shader_main.c), so a second free
// would be a double free.
int run_scan(const uint8_t* data, size_t size, vkd3d_shader_scan_descriptor_info& descriptors, char** messages) {
  descriptors = {};
  descriptors.type = VKD3D_SHADER_STRUCTURE_TYPE_SCAN_DESCRIPTOR_INFO;
  vkd3d_shader_compile_info info{};
  info.type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO;
  info.next = &descriptors;
  info.source.code = data;
  info.source.size = size;
  info.source_type = VKD3D_SHADER_SOURCE_DXBC_TPF;
  // The scan produces nothing, but 1.2 validates the pair of types as
  // vkd3d_shader_compile does and returns VKD3D_ERROR_INVALID_ARGUMENT (with
  // no message) for VKD3D_SHADER_TARGET_NONE; DXBC_TPF -> SPIR-V is the one
  // pair it supports.
  info.target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY;
  info.log_level = messages != nullptr ? VKD3D_SHADER_LOG_INFO : VKD3D_SHADER_LOG_NONE;
  return vkd3d_shader_scan(&info, messages);
}

}  // namespace

ScanResult scan(const uint8_t* data, size_t size) {
  ScanResult r;

  vkd3d_shader_scan_descriptor_info descriptors{};
  char* messages = nullptr;
  r.scan_result = run_scan(data, size, descriptors, &messages);
  take_messages(messages, r.messages);
  if (r.scan_result == VKD3D_OK) {
    r.descriptors.reserve(descriptors.descriptor_count);
    for (unsigned i = 0; i < descriptors.descriptor_count; ++i) {
      const vkd3d_shader_descriptor_info& d = descriptors.descriptors[i];
      r.descriptors.push_back(Descriptor{descriptor_type_name(d.type), d.register_space, d.register_index, d.count,
                                         raw(d.resource_type), raw(d.resource_data_type), d.flags});
    }
    vkd3d_shader_free_scan_descriptor_info(&descriptors);
  }

  const vkd3d_shader_code code{data, size};
  vkd3d_shader_signature signature{};
  messages = nullptr;
  r.signature_result = vkd3d_shader_parse_input_signature(&code, &signature, &messages);
  take_messages(messages, r.messages);
  if (r.signature_result == VKD3D_OK) {
    r.input_signature.reserve(signature.element_count);
    for (unsigned i = 0; i < signature.element_count; ++i) {
      const vkd3d_shader_signature_element& e = signature.elements[i];
      r.input_signature.push_back(SignatureElement{
          e.semantic_name != nullptr ? e.semantic_name : "", e.semantic_index, e.stream_index,
          raw(e.sysval_semantic), raw(e.component_type), e.register_index, e.mask, e.used_mask,
          raw(e.min_precision)});
    }
    vkd3d_shader_free_shader_signature(&signature);
  }

  r.ok = r.scan_result == VKD3D_OK && r.signature_result == VKD3D_OK;
  return r;
}

int scan_descriptors_only(const uint8_t* data, size_t size, uint32_t& count) {
  vkd3d_shader_scan_descriptor_info descriptors{};
  const int result = run_scan(data, size, descriptors, nullptr);
  count = 0;
  if (result == VKD3D_OK) {
    count = descriptors.descriptor_count;
    vkd3d_shader_free_scan_descriptor_info(&descriptors);
  }
  return result;
}

int input_signature_only(const uint8_t* data, size_t size, uint32_t& count) {
  const vkd3d_shader_code code{data, size};
  vkd3d_shader_signature signature{};
  const int result = vkd3d_shader_parse_input_signature(&code, &signature, nullptr);
  count = 0;
  if (result == VKD3D_OK) {
    count = signature.element_count;
    vkd3d_shader_free_shader_signature(&signature);
  }
  return result;
}

std::string library_version() {
  unsigned major = 0;
  unsigned minor = 0;
  return vkd3d_shader_get_version(&major, &minor);
}

}  // namespace sp::vkd3d_peer
