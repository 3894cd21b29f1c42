// fxc_vkd3d_compare.h: the comparison, with vkd3d's known differences
// (fuzz_fxc_vkd3d.deviations.md) left out by id.
#include "support/fxc_vkd3d_compare.h"

#include <algorithm>
#include <cstdint>

#include "core/strings.h"

namespace sp::fuzz {
namespace {

// D3D10_SB_RESOURCE_DIMENSION to enum vkd3d_shader_resource_type: the same
// numbers up to cube arrays; raw and structured buffers are buffers.
constexpr uint32_t kVkd3dDimension[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 1};
// The D3D10_SB_RESOURCE_DIMENSION of raw and structured buffers, which
// vkd3d reports as buffers (in kVkd3dDimension).
constexpr uint32_t kStructured = 12;

// V6: a typed declaration (dcl_resource, dcl_uav_typed) whose dimension is
// a raw or structured buffer (11, 12) is no buffer to vkd3d 1.2: its table
// of typed dimensions stops at cube arrays, and it reports what lies past
// as "unhandled", resource type none (dimension 0's).
constexpr uint32_t typed_dimension(uint32_t dimension) { return dimension >= 11 ? 0 : dimension; }

vkd3d_peer::Descriptor descriptor_of(const fxc::Program& p, const fxc::Instruction& in, const char* type,
                                     uint32_t dimension) {
  vkd3d_peer::Descriptor d;
  d.type = type;
  const fxc::Operand& o = p.operands(in).front();
  if (p.version.sm51() && o.index_dimension() == 3) {
    // SM5.1: [range id][lower bound][upper bound], the space the last word.
    d.register_index = static_cast<uint32_t>(o.index[1].imm);
    const uint64_t upper = o.index[2].imm;
    d.count = upper == UINT32_MAX ? UINT32_MAX : static_cast<uint32_t>(upper - o.index[1].imm + 1);
    const std::span<const uint32_t> words = p.words(in);
    d.register_space = words.empty() ? 0 : words.back();
  } else {
    d.register_index = static_cast<uint32_t>(o.index[0].imm);
    d.count = 1;
  }
  d.resource_type = dimension < std::size(kVkd3dDimension) ? kVkd3dDimension[dimension] : UINT32_MAX;
  return d;
}

}  // namespace

std::vector<vkd3d_peer::Descriptor> declared_descriptors(const fxc::Program& p) {
  using fxc::Opcode;
  std::vector<vkd3d_peer::Descriptor> out;
  for (const fxc::Instruction& in : p.instructions) {
    if (p.operands(in).empty()) continue;
    const uint32_t dimension = (in.token >> 11) & 0x1F;
    switch (in.opcode()) {
      case Opcode::dcl_constant_buffer:
        out.push_back(descriptor_of(p, in, "CBV", 1));
        break;
      case Opcode::dcl_sampler:
        out.push_back(descriptor_of(p, in, "SAMPLER", 0));
        break;
      case Opcode::dcl_resource:
        out.push_back(descriptor_of(p, in, "SRV", typed_dimension(dimension)));
        break;
      case Opcode::dcl_resource_raw:
      case Opcode::dcl_resource_structured:
        out.push_back(descriptor_of(p, in, "SRV", kStructured));
        break;
      case Opcode::dcl_uav_typed:
        out.push_back(descriptor_of(p, in, "UAV", typed_dimension(dimension)));
        break;
      case Opcode::dcl_uav_raw:
      case Opcode::dcl_uav_structured:
        out.push_back(descriptor_of(p, in, "UAV", kStructured));
        break;
      default:
        break;
    }
  }
  return out;
}

std::string compare_with_vkd3d(const dxc::Container& container, const fxc::Program& program,
                               const vkd3d_peer::ScanResult& theirs) {
  std::string diff;
  const auto differs = [&](const std::string& what, uint64_t ours, uint64_t vkd3d) {
    if (ours != vkd3d) diff += strprintf("%s: shaderprobe %llu, vkd3d %llu\n", what.c_str(),
                                         static_cast<unsigned long long>(ours), static_cast<unsigned long long>(vkd3d));
  };

  const std::vector<vkd3d_peer::Descriptor> ours = declared_descriptors(program);
  differs("descriptor count", ours.size(), theirs.descriptors.size());
  for (size_t i = 0; i < ours.size() && i < theirs.descriptors.size(); ++i) {
    const vkd3d_peer::Descriptor& a = ours[i];
    const vkd3d_peer::Descriptor& b = theirs.descriptors[i];
    const std::string at = strprintf("descriptors[%zu]", i);
    if (a.type != b.type) diff += at + ".type: shaderprobe " + a.type + ", vkd3d " + b.type + "\n";
    differs(at + ".register_space", a.register_space, b.register_space);
    differs(at + ".register_index", a.register_index, b.register_index);
    // V1: vkd3d 1.2 reports every descriptor with count 1.
    if (a.count == 1) differs(at + ".count", a.count, b.count);
    // V2: vkd3d reports constant buffers and samplers with its own
    // resource types (buffer, none); only SRVs' and UAVs' are the program's.
    if (a.type == "SRV" || a.type == "UAV") differs(at + ".resource_type", a.resource_type, b.resource_type);
  }

  // The input signature: vkd3d reads the ISGN part.
  const dxc::Signature* isgn = nullptr;
  for (const dxc::Part& part : container.parts)
    if (fourcc_text(part.fourcc) == "ISGN") isgn = dxc::content_if<dxc::Signature>(part);
  // V5: vkd3d 1.2 reads the elements right after the 8-byte header, where
  // fxc puts them, whatever the header's offset to them says.
  if (isgn != nullptr && isgn->first_param_offset != 8) return diff;
  const size_t elements = isgn != nullptr ? isgn->elements.size() : 0;
  differs("input signature elements", elements, theirs.input_signature.size());
  for (size_t i = 0; i < elements && i < theirs.input_signature.size(); ++i) {
    const dxc::SignatureElement& a = isgn->elements[i];
    const vkd3d_peer::SignatureElement& b = theirs.input_signature[i];
    const std::string at = strprintf("input_signature[%zu]", i);
    // V4: name offset 0 is "no name" to shaderprobe; vkd3d reads a string
    // there, at the part's first bytes.
    if (a.name_offset != 0 && a.name != b.semantic_name)
      diff += at + ".semantic_name: shaderprobe " + a.name.printable() + ", vkd3d " + utf8_text(b.semantic_name) + "\n";
    differs(at + ".semantic_index", a.semantic_index, b.semantic_index);
    differs(at + ".sysval", a.system_value, b.sysval);
    differs(at + ".component_type", a.component_type, b.component_type);
    differs(at + ".register", a.reg, b.register_index);
    differs(at + ".mask", a.mask, b.mask);
    differs(at + ".used_mask", a.exclusive_mask, b.used_mask);
  }
  return diff;
}

bool vkd3d_would_crash(const fxc::Program& program, const std::vector<Diagnostic>& warnings) {
  const auto counts_no_uav = [&](const fxc::Instruction& in) {
    const std::span<const fxc::Operand> operands = program.operands(in);
    return (in.opcode() == fxc::Opcode::imm_atomic_alloc || in.opcode() == fxc::Opcode::imm_atomic_consume) &&
           operands.size() == 2 && operands[1].type() != fxc::kUav;
  };
  const auto misread = [](const fxc::Operand& o) {
    // C1: a UAV without an immediate register (SM5.0) or range id (SM5.1),
    // which shaderprobe cannot call undeclared: with no index at all, vkd3d
    // looks up an id no declaration has; with a relative one, its
    // immediate part alone.
    if (o.type() == fxc::kUav && (o.index_dimension() == 0 || o.index_rep(0) >= fxc::IndexRep::relative)) return true;
    // C3: an index in 64 bits.
    for (uint32_t d = 0; d < o.index_dimension(); ++d)
      if (o.index_rep(d) == fxc::IndexRep::imm64 || o.index_rep(d) == fxc::IndexRep::imm64_relative) return true;
    return false;
  };
  // C4: a length vkd3d reads otherwise. It takes bits 24..28 of the token
  // where the DDK has 24..30, and a length word only for custom data, so
  // it steps into or over the next instructions (a dcl_function_table of
  // a length word hid the dcl_constantbuffer after it).
  const auto length_misread = [](const fxc::Instruction& in) {
    return !in.is_custom_data() && (in.custom_length != 0 || in.length_field() >= 32);
  };
  if (std::any_of(program.instructions.begin(), program.instructions.end(), length_misread)) return true;
  // C1: a resource used undeclared, or declared only after a use
  // (declaration_after_instruction: vkd3d's scan walks in order, so the
  // earlier use finds no descriptor).
  return std::any_of(warnings.begin(), warnings.end(),
                     [](const Diagnostic& d) {
                       return d.code == Code::undeclared_resource || d.code == Code::declaration_after_instruction;
                     }) ||
         std::any_of(program.instructions.begin(), program.instructions.end(), counts_no_uav) ||
         std::any_of(program.operand_pool.begin(), program.operand_pool.end(), misread) ||
         std::any_of(program.nested_pool.begin(), program.nested_pool.end(), misread);
}

}  // namespace sp::fuzz
