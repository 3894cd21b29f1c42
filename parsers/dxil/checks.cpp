// check_container (checks.h): the program header, the parts the stage
// requires or forbids, SFI0; the signatures and PSV0 in their own files.
#include "dxil/checks.h"

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/shader_kind.h"
#include "dxil/mappings.h"

namespace sp::dxil {

void Checked::warn(Code code, uint64_t offset, std::string path, std::string message) const {
  ctx.warn(code, offset, FieldPath::root(path), std::move(message));
}

bool Checked::validator_at_least(uint32_t major, uint32_t minor) const {
  const auto version = v.validator_version.value_or(std::make_pair(1u, 0u));
  return version >= std::make_pair(major, minor);
}

const dxc::Part* Checked::part(std::string_view fourcc, size_t* index) const {
  for (size_t i = 0; i < c.parts.size(); ++i)
    if (fourcc_text(c.parts[i].fourcc) == fourcc) {
      if (index != nullptr) *index = i;
      return &c.parts[i];
    }
  return nullptr;
}

std::string part_path(const dxc::Container& c, size_t index) {
  return strprintf("parts[%zu].%s", index, fourcc_text(c.parts[index].fourcc).c_str());
}

namespace {

using dxc::kDomain;
using dxc::kHull;
using dxc::kLibrary;
using dxc::kMesh;

// Sm.ProgramVersion: DXC compares the major and minor version; the kind is
// compared too, since a driver dispatches on it.
void program_version(const Checked& k, const dxc::Part& part, size_t index) {
  const auto* program = dxc::content_if<dxc::Program>(part);
  if (program == nullptr) return;
  const dxc::ProgramHeader& h = program->header;
  if (h.shader_kind != k.kind || h.major() != k.v.major || h.minor() != k.v.minor)
    k.warn(Code::program_version_mismatch, part.offset + dxc::kPartHeaderSize, part_path(k.c, index) + ".header",
           strprintf("the program header says kind %u, %u.%u; dx.shaderModel says %s (kind %u)", h.shader_kind,
                     h.major(), h.minor(), k.v.shader_model.c_str(), k.kind));
}

// Container.PartMissing / PartInvalid: a shader needs ISG1, OSG1, PSV0 and
// SFI0 (and PSG1 when it has patch constants or primitives); a library
// needs RDAT and has none of the stage parts.
void required_parts(const Checked& k) {
  if (k.kind == kLibrary) {
    if (k.part("RDAT") == nullptr)
      k.warn(Code::required_part_missing, 0, "parts", "a library needs RDAT (Runtime Data), and has none");
    for (const char* fourcc : {"ISG1", "OSG1", "PSG1", "PSV0", "RTS0"}) {
      size_t i = 0;
      if (const dxc::Part* p = k.part(fourcc, &i))
        k.warn(Code::part_not_for_stage, p->offset, part_path(k.c, i), std::string(fourcc) + " in a library");
    }
    return;
  }
  for (const char* fourcc : {"ISG1", "OSG1", "PSV0", "SFI0"})
    if (k.part(fourcc) == nullptr)
      k.warn(Code::required_part_missing, 0, "parts",
             std::string("a ") + k.v.stage + " shader needs " + fourcc + ", and has none");
  const bool patch = k.kind == kHull || k.kind == kDomain || k.kind == kMesh;
  size_t i = 0;
  const dxc::Part* psg1 = k.part("PSG1", &i);
  if (patch && psg1 == nullptr && !k.entry.signatures.patch_constant.empty())
    k.warn(Code::required_part_missing, 0, "parts",
           std::string("a ") + k.v.stage + " shader with patch constants needs PSG1, and has none");
  if (!patch && psg1 != nullptr)
    k.warn(Code::part_not_for_stage, psg1->offset, part_path(k.c, i),
           std::string("PSG1 in a ") + k.v.stage + " shader, which has no patch constants");
}

// SFI0 is the module's shader flags as feature bits (ShaderFlags::GetFeatureInfo).
void feature_info(const Checked& k) {
  size_t i = 0;
  const dxc::Part* p = k.part("SFI0", &i);
  const auto* info = p != nullptr ? dxc::content_if<dxc::FeatureInfo>(*p) : nullptr;
  if (info == nullptr) return;
  const uint64_t expected = dxil::feature_info(k.shader_flags());
  if (info->flags != expected)
    k.warn(Code::feature_info_mismatch, p->offset + dxc::kPartHeaderSize, part_path(k.c, i),
           strprintf("SFI0 holds 0x%llx; the module's shader flags 0x%llx give 0x%llx",
                     static_cast<unsigned long long>(info->flags), static_cast<unsigned long long>(k.shader_flags()),
                     static_cast<unsigned long long>(expected)));
}

}  // namespace

void check_container(const dxc::Container& c, size_t program, const bitcode::dxil::View& v, Context& ctx) {
  const std::optional<uint32_t> kind = shader_kind(v.stage);
  // A module without an entry point, or of a kind DXIL does not name, has
  // already been reported by the view (dxil_metadata_invalid).
  if (!kind || v.entry_points.empty()) return;
  const Checked k{c, v, v.entry_points[0], *kind, ctx};
  program_version(k, c.parts[program], program);
  required_parts(k);
  if (*kind == kLibrary) return;
  feature_info(k);
  check_signatures(k);
  check_psv(k);
  check_root_signature(k);
}

}  // namespace sp::dxil
