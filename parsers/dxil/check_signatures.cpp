// ISG1 / OSG1 / PSG1 against the entry point's signatures, as DXC's
// DxilProgramSignatureWriter writes them (docs/formats/dxil.md): one record
// per semantic index, register start row + index (0xFFFFFFFF when the packer left the
// element unallocated), the mask of its columns, system value, component
// type, minimum precision, stream and read/write mask from the metadata.
// DXC leaves some unallocated elements out by a per-stage table; this
// check does not keep that table, so an unallocated element may be
// missing from the part but not different in it.
#include <algorithm>

#include "core/strings.h"
#include "dxil/checks.h"
#include "dxil/mappings.h"

namespace sp::dxil {
namespace {

using bitcode::dxil::SignatureElement;

struct Record {
  std::string name;
  uint32_t semantic_index = 0, stream = 0, reg = 0, system_value = 0, component_type = 0, min_precision = 0;
  uint8_t mask = 0, read_write_mask = 0;
  bool allocated = false;
  bool used = false;
};

std::vector<Record> expected_records(const Checked& k, const std::vector<SignatureElement>& elements, bool output) {
  const bool v1_5 = k.validator_at_least(1, 5);
  const bool min_precision_used =
      (k.shader_flags() & kLowPrecisionPresent) != 0 && (k.shader_flags() & kUseNativeLowPrecision) == 0;
  std::vector<Record> out;
  for (const SignatureElement& e : elements) {
    const bool allocated = dxil::allocated(e);
    const uint32_t start_col = allocated ? e.start_col : 0;
    const std::vector<uint32_t> indices = semantic_indices(e);
    const uint32_t cols = std::min(e.cols, 4u);
    const auto mask = static_cast<uint8_t>((((1u << cols) - 1) << std::min(start_col, 4u)) & 0xF);
    const uint32_t usage = (e.usage_mask.value_or(0) << std::min(start_col, 4u)) & 0xFF;
    // One record per semantic index; DXC steps the register by rows /
    // indices, which is 1 but for an element with more indices than rows
    // (a mesh shader's arrayed output: every record on the start row).
    const uint32_t step = indices.empty() ? 0 : e.rows / static_cast<uint32_t>(indices.size());
    for (size_t row = 0; row < indices.size(); ++row) {
      Record r;
      r.name = std::string(e.semantic.bytes());
      r.semantic_index = indices[row];
      r.stream = e.output_stream.value_or(0);
      r.reg = allocated ? e.start_row + static_cast<uint32_t>(row) * step : UINT32_MAX;
      r.system_value = system_value(e.semantic_kind, static_cast<uint32_t>(row), k.entry.tessellator_domain().value_or(0));
      r.component_type = signature_component_type(e.component_type, v1_5);
      r.min_precision = min_precision_used ? min_precision(e.component_type) : 0;
      r.mask = mask;
      // Before validator 1.5 an output's never-writes mask is ~mask in a
      // byte and an input's always-reads mask 0; from 1.5 both come from
      // the usage mask.
      const uint32_t columns = mask;
      const uint32_t read_write = !v1_5 ? (output ? ~columns : 0u) : (output ? ~usage & 0xFu : usage);
      r.read_write_mask = static_cast<uint8_t>(read_write);
      r.allocated = allocated;
      out.push_back(std::move(r));
    }
  }
  return out;
}

void compare(const Checked& k, std::string_view fourcc, const std::vector<SignatureElement>& elements, bool output) {
  size_t index = 0;
  const dxc::Part* p = k.part(fourcc, &index);
  const auto* sig = p != nullptr ? dxc::content_if<dxc::Signature>(*p) : nullptr;
  if (sig == nullptr) return;  // required_parts reports a missing one
  const std::string path = part_path(k.c, index);
  const uint64_t first = p->offset + dxc::kPartHeaderSize + sig->first_param_offset;
  std::vector<Record> expected = expected_records(k, elements, output);
  for (size_t i = 0; i < sig->elements.size(); ++i) {
    const dxc::SignatureElement& ce = sig->elements[i];
    const std::string at = strprintf("%s.elements[%zu]", path.c_str(), i);
    const uint64_t offset = first + 32 * i;
    const std::string name = std::string(ce.name.bytes());
    auto same = [&](const Record& r) {
      return !r.used && r.name == name && r.semantic_index == ce.semantic_index && r.stream == ce.stream &&
             r.reg == ce.reg;
    };
    const auto it = std::find_if(expected.begin(), expected.end(), same);
    const std::string what = strprintf("%s%u", ce.name.printable().c_str(), ce.semantic_index);
    if (it == expected.end()) {
      k.warn(Code::signature_mismatch, offset, at,
             strprintf("%s (register %u, stream %u) is not in the module's %s signature", what.c_str(), ce.reg,
                       ce.stream, output ? "output" : "input"));
      return;
    }
    it->used = true;
    const struct {
      const char* field;
      uint32_t got, want;
    } fields[] = {{"system value", ce.system_value, it->system_value},
                  {"component type", ce.component_type, it->component_type},
                  {"min precision", ce.min_precision, it->min_precision},
                  {"mask", ce.mask, it->mask},
                  {output ? "never-writes mask" : "always-reads mask", ce.exclusive_mask, it->read_write_mask}};
    for (const auto& f : fields)
      if (f.got != f.want) {
        k.warn(Code::signature_mismatch, offset, at,
               strprintf("%s's %s is %u; the module's metadata gives %u", what.c_str(), f.field, f.got, f.want));
        return;
      }
  }
  for (const Record& r : expected)
    if (r.allocated && !r.used) {
      k.warn(Code::signature_mismatch, p->offset, path,
             strprintf("the module's %s%u (register %u) is not in %.*s", r.name.c_str(), r.semantic_index, r.reg,
                       static_cast<int>(fourcc.size()), fourcc.data()));
      return;
    }
}

}  // namespace

void check_signatures(const Checked& k) {
  constexpr uint32_t kDomain = 4;
  compare(k, "ISG1", k.entry.signatures.input, false);
  compare(k, "OSG1", k.entry.signatures.output, true);
  // The patch constants are the domain shader's input, the hull shader's
  // output; a mesh shader's primitives are output.
  compare(k, "PSG1", k.entry.signatures.patch_constant, k.kind != kDomain);
}

}  // namespace sp::dxil
