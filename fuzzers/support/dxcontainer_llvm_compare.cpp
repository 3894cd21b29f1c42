#include "support/dxcontainer_llvm_compare.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <span>
#include <type_traits>
#include <variant>

#include "core/strings.h"
#include "dxcontainer/shader_kind.h"
#include "llvm/Object/DXContainer.h"

namespace sp::fuzz {
namespace {

namespace dx = sp::dxc;

bool has_warning(const std::vector<Diagnostic>& warnings, Code code) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const Diagnostic& w) { return w.code == code; });
}

// The fourcc in a path "parts[N].XXXX...", or "" for container-level paths.
std::string_view part_kind(std::string_view path) {
  const size_t close = path.find("].");
  if (path.rfind("parts[", 0) != 0 || close == std::string_view::npos || path.size() < close + 6) return {};
  return path.substr(close + 2, 4);
}

// Parts LLVM 22's DXContainer::create decodes; it keeps every other part raw.
bool llvm_decodes(std::string_view kind) {
  constexpr std::array<std::string_view, 8> kDecoded = {"DXIL", "SFI0", "HASH", "PSV0", "ISG1", "OSG1", "PSG1", "RTS0"};
  return std::find(kDecoded.begin(), kDecoded.end(), kind) != kDecoded.end();
}

uint32_t u32_or_zero(Bytes b, uint64_t at);

// The declared size of part N of a path "parts[N]...", or ~0 when the input
// has no such part.
uint64_t part_data_size(Bytes input, std::string_view path) {
  const uint64_t index = std::strtoull(std::string(path.substr(6)).c_str(), nullptr, 10);
  const uint64_t entry = 32 + 4 * index;
  if (entry + 4 > input.size()) return ~uint64_t{0};
  const uint64_t off = load_le<uint32_t>(input.data() + entry);
  return off + 8 <= input.size() ? load_le<uint32_t>(input.data() + off + 4) : ~uint64_t{0};
}

uint32_t u32_or_zero(Bytes b, uint64_t at) { return at + 4 <= b.size() ? load_le<uint32_t>(b.data() + at) : 0; }

// The first PSV0 part as LLVM 22 windows it: its data, cut at the end of the
// input, and where that data starts in the file.
struct PsvWindow {
  uint64_t at = 0;
  Bytes data;
};

std::optional<PsvWindow> first_psv(Bytes input) {
  if (input.size() < 32) return std::nullopt;
  const uint32_t count = load_le<uint32_t>(input.data() + 28);
  for (uint64_t i = 0; i < count && 32 + 4 * i + 4 <= input.size(); ++i) {
    const uint32_t off = load_le<uint32_t>(input.data() + 32 + 4 * i);
    if (uint64_t{off} + 8 > input.size() || load_le<uint32_t>(input.data() + off) != make_fourcc('P', 'S', 'V', '0'))
      continue;
    const uint64_t at = uint64_t{off} + 8;
    const uint64_t size = std::min<uint64_t>(load_le<uint32_t>(input.data() + off + 4), input.size() - at);
    return PsvWindow{at, input.subspan(at, size)};
  }
  return std::nullopt;
}

// Where PSV0's resources end, by LLVM's reading (RuntimeInfo, count, stride
// and a 32-bit product), or nothing for v0 and for data LLVM rejects first.
std::optional<uint64_t> llvm_resources_end(Bytes d) {
  const uint32_t info_size = u32_or_zero(d, 0);
  if (d.size() < 4 || d.size() - 4 < info_size || info_size < 36) return std::nullopt;
  uint64_t cur = 4 + uint64_t{info_size};
  const uint32_t resources = u32_or_zero(d, cur);
  cur += 4;
  if (resources == 0) return cur;
  const uint32_t bytes = resources * u32_or_zero(d, cur);  // LLVM's product wraps in 32 bits
  cur += 4;
  if (cur > d.size() || d.size() - cur < bytes) return std::nullopt;
  return cur + bytes;
}

// L3/S12: LLVM aligns its cursor to 4 by absolute address before PSV0's
// string table; shaderprobe (like DXC, which only writes aligned tables)
// reads on from where the resources end. They part ways when that place is
// not 4-aligned in the file: a part at an odd offset, a RuntimeInfoSize or a
// resource stride that is not a multiple of 4.
bool psv_tables_realigned_by_llvm(Bytes input) {
  const std::optional<PsvWindow> psv = first_psv(input);
  if (!psv) return false;
  const std::optional<uint64_t> end = llvm_resources_end(psv->data);
  return end && (psv->at + *end) % 4 != 0;
}

}  // namespace

bool llvm_would_crash(Bytes input) {
  // C1: PSV0's semantic index table is reserve()d (4 x count bytes) before
  // its bounds are checked: a huge count exhausts memory.
  const std::optional<PsvWindow> psv = first_psv(input);
  if (!psv) return false;
  const std::optional<uint64_t> end = llvm_resources_end(psv->data);
  if (!end) return false;
  uint64_t cur = align_up4(psv->at + *end) - psv->at;
  cur += 4 + uint64_t{u32_or_zero(psv->data, cur)};
  return uint64_t{u32_or_zero(psv->data, cur)} * 4 > input.size();
}

std::optional<std::string_view> explain_llvm_rejection(std::string_view message, const dx::ParseResult& ours,
                                                       Bytes input) {
  const dx::Container& c = *ours.container;
  const auto& w = ours.warnings;
  if (message.find("More than one") != std::string_view::npos && has_warning(w, Code::duplicate_part)) return "L1";
  if (message.find("begins before the previous part ends") != std::string_view::npos &&
      (has_warning(w, Code::parts_out_of_order) || has_warning(w, Code::parts_overlap) ||
       has_warning(w, Code::part_overlaps_header)))
    return "L2";
  if (psv_tables_realigned_by_llvm(input)) return "L3";
  if (message.find("without DXIL part") != std::string_view::npos && c.find(make_fourcc('D', 'X', 'I', 'L')) == nullptr)
    return "L4";
  if (message.find("name starts before the first name offset") != std::string_view::npos) return "L5";
  return std::nullopt;
}

std::optional<std::string_view> explain_our_rejection(const Diagnostic& error, Bytes input) {
  const std::string_view path = error.path;
  const std::string_view kind = part_kind(path);
  auto in_path = [&](std::string_view s) { return path.find(s) != std::string_view::npos; };
  if (kind.empty()) {
    if (error.code == Code::not_a_container) return "S0";
    if (error.code == Code::part_out_of_bounds) return "S1";
    if (error.code == Code::too_many_parts) return "S2";
    return std::nullopt;
  }
  if (error.code == Code::decode_budget_exceeded || error.code == Code::limit_exceeded) return "S2";
  if (!llvm_decodes(kind)) return "S3";
  if (kind == "RTS0" && !(error.code == Code::truncated && in_path(".RTS0.version"))) return "S4";
  if (kind == "DXIL" && error.code != Code::truncated) return "S5";
  if (kind == "ISG1" || kind == "OSG1" || kind == "PSG1") {
    if (error.code == Code::unterminated_string) return "S7";
    // S7 too: a name offset equal to the part size is LLVM's empty name.
    const size_t at = error.message.find("part offset ");
    if (error.code == Code::offset_out_of_bounds && at != std::string::npos &&
        std::strtoull(error.message.c_str() + at + 12, nullptr, 10) == part_data_size(input, path))
      return "S7";
  }
  if (kind == "PSV0") {
    if (psv_tables_realigned_by_llvm(input)) return "L3";
    if (error.code == Code::invalid_stride) return "S8";
    // Element names, semantic indices and the entry name: LLVM reads them
    // only on request and bounds none of them.
    if (error.code == Code::offset_out_of_bounds || error.code == Code::unterminated_string) return "S8";
    if (error.code == Code::invalid_value && in_path("shader_stage")) return "S8";
    if (in_path("_mask") || in_path("_map")) return "S8";
    // S11: a string table past the part; LLVM 22 does not bound it.
    if (error.code == Code::truncated && in_path(".PSV0.string_table")) return "S11";
    // S10: LLVM multiplies count and stride in 32 bits; a product that
    // wraps leaves a window that fits. The message says "... need <bytes>".
    const size_t need = error.message.find(" need ");
    if (error.code == Code::count_too_large && need != std::string::npos &&
        std::strtoull(error.message.c_str() + need + 6, nullptr, 10) > 0xFFFFFFFFull)
      return "S10";
  }
  return std::nullopt;
}

// ---- Both accept ----------------------------------------------------------------

namespace {

class Diffs {
 public:
  template <typename A, typename B>
  void eq(const std::string& what, A a, B b) {
    if (static_cast<uint64_t>(a) != static_cast<uint64_t>(b))
      out_ += strprintf("%s: shaderprobe %llu, llvm %llu\n", what.c_str(), static_cast<unsigned long long>(a),
                        static_cast<unsigned long long>(b));
  }
  void bytes(const std::string& what, Bytes a, llvm::StringRef b) {
    if (a.size() != b.size() || (!a.empty() && std::memcmp(a.data(), b.data(), a.size()) != 0))
      out_ += strprintf("%s: %zu bytes vs %zu bytes with other content\n", what.c_str(), a.size(), b.size());
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

Bytes as_bytes(const U32Array& a) { return a.bytes(); }

void compare_signature(Diffs& d, const std::string& at, const dx::Signature& ours,
                       const llvm::object::DirectX::Signature& theirs) {
  size_t i = 0;
  for (const auto el : theirs) {
    const std::string e = at + strprintf(".elements[%zu]", i);
    if (i >= ours.elements.size()) {
      d.eq(at + ".elements.size", ours.elements.size(), i + 1);
      return;
    }
    const dx::SignatureElement& o = ours.elements[i++];
    d.eq(e + ".stream", o.stream, el.Stream);
    d.eq(e + ".name_offset", o.name_offset, el.NameOffset);
    d.eq(e + ".semantic_index", o.semantic_index, el.Index);
    d.eq(e + ".system_value", o.system_value, static_cast<uint32_t>(el.SystemValue));
    d.eq(e + ".component_type", o.component_type, static_cast<uint32_t>(el.CompType));
    d.eq(e + ".reg", o.reg, el.Register);
    d.eq(e + ".mask", o.mask, el.Mask);
    d.eq(e + ".exclusive_mask", o.exclusive_mask, el.ExclusiveMask);
    d.eq(e + ".min_precision", o.min_precision, static_cast<uint32_t>(el.MinPrecision));
    const llvm::StringRef name = theirs.getName(el.NameOffset);
    d.bytes(e + ".name", Bytes(reinterpret_cast<const uint8_t*>(o.name.bytes().data()), o.name.size()), name);
  }
  d.eq(at + ".elements.size", ours.elements.size(), i);
}

using LlvmElements = llvm::object::ViewArray<llvm::dxbc::PSV::v0::SignatureElement>;

void compare_psv_elements(Diffs& d, const std::string& at, std::span<const dx::PsvSignatureElement> ours,
                          const LlvmElements& theirs) {
  size_t i = 0;
  for (const auto el : theirs) {
    if (i >= ours.size()) break;
    const dx::PsvSignatureElement& o = ours[i];
    const std::string e = at + strprintf("[%zu]", i++);
    d.eq(e + ".name_offset", o.name_offset, el.NameOffset);
    d.eq(e + ".indices_offset", o.indices_offset, el.IndicesOffset);
    d.eq(e + ".rows", o.rows, el.Rows);
    d.eq(e + ".start_row", o.start_row, el.StartRow);
    d.eq(e + ".cols", o.cols(), el.Cols);
    d.eq(e + ".start_col", o.start_col(), el.StartCol);
    d.eq(e + ".allocated", o.allocated(), el.Allocated);
    d.eq(e + ".kind", o.kind, static_cast<uint8_t>(el.Kind));
    d.eq(e + ".component_type", o.component_type, static_cast<uint8_t>(el.Type));
    d.eq(e + ".interpolation", o.interpolation, static_cast<uint8_t>(el.Mode));
    d.eq(e + ".dynamic_mask", o.dynamic_mask(), el.DynamicMask);
    d.eq(e + ".stream", o.stream(), el.Stream);
  }
  d.eq(at + ".size", ours.size(), theirs.Stride == 0 ? 0 : theirs.Data.size() / theirs.Stride);
}

void compare_psv(Diffs& d, const std::string& at, const dx::Psv& ours, const llvm::object::DirectX::PSVRuntimeInfo& theirs) {
  d.eq(at + ".version", std::min<uint32_t>(ours.version, 3), theirs.getVersion());
  d.eq(at + ".runtime_info_size", ours.runtime_info_size, theirs.getSize());
  const auto& info = theirs.getInfo();
  // Every RuntimeInfo version starts with v0's fields; v1+ adds the stage
  // and signature counts LLVM's accessors return.
  const auto* v0 = std::visit(
      [](const auto& i) -> const llvm::dxbc::PSV::v0::RuntimeInfo* {
        if constexpr (std::is_base_of_v<llvm::dxbc::PSV::v0::RuntimeInfo, std::decay_t<decltype(i)>>) return &i;
        return nullptr;
      },
      info);
  if (v0 == nullptr) return d.eq(at + ".runtime_info", 1, 0);
  d.eq(at + ".min_wave_lane_count", ours.info.min_wave_lane_count, v0->MinimumWaveLaneCount);
  d.eq(at + ".max_wave_lane_count", ours.info.max_wave_lane_count, v0->MaximumWaveLaneCount);
  if (ours.version >= 1) {
    d.eq(at + ".sig_input_elements", ours.inputs.size(), theirs.getSigInputCount());
    d.eq(at + ".sig_output_elements", ours.outputs.size(), theirs.getSigOutputCount());
    d.eq(at + ".sig_patch_or_prim_elements", ours.patch_or_prim.size(), theirs.getSigPatchOrPrimCount());
  }
  size_t i = 0;
  for (const auto r : theirs.getResources()) {
    if (i >= ours.resources.size()) break;
    const dx::PsvResource& o = ours.resources[i];
    const std::string e = at + strprintf(".resources[%zu]", i++);
    d.eq(e + ".type", o.type, static_cast<uint32_t>(r.Type));
    d.eq(e + ".space", o.space, r.Space);
    d.eq(e + ".lower_bound", o.lower_bound, r.LowerBound);
    d.eq(e + ".upper_bound", o.upper_bound, r.UpperBound);
    d.eq(e + ".kind", o.kind, static_cast<uint32_t>(r.Kind));
    d.eq(e + ".flags", o.flags, r.Flags.Flags);
  }
  const auto& res = theirs.getResources();
  d.eq(at + ".resources.size", ours.resources.size(), res.Stride == 0 ? 0 : res.Data.size() / res.Stride);
  if (ours.version == 0) return;
  d.bytes(at + ".string_table", ours.string_table, theirs.getStringTable());
  const llvm::ArrayRef<uint32_t> indices = theirs.getSemanticIndexTable();
  d.bytes(at + ".semantic_index_table", as_bytes(ours.semantic_index_table),
          llvm::StringRef(reinterpret_cast<const char*>(indices.data()), indices.size() * 4));
  compare_psv_elements(d, at + ".inputs", ours.inputs, theirs.getSigInputElements());
  compare_psv_elements(d, at + ".outputs", ours.outputs, theirs.getSigOutputElements());
  compare_psv_elements(d, at + ".patch_or_prim", ours.patch_or_prim, theirs.getSigPatchOrPrimElements());
  for (size_t s = 0; s < 4; ++s)
    d.bytes(at + strprintf(".output_vector_masks[%zu]", s), as_bytes(ours.output_vector_masks[s]),
            theirs.getOutputVectorMasks(s).Data);
  // S9: a mesh shader's primitive ViewID mask, which LLVM 22 never reads;
  // every table after it is then read from another place.
  if (ours.layout_stage == dx::kMesh && ours.patch_or_prim_vector_mask.size() > 0) return;
  for (size_t s = 0; s < 4; ++s)
    d.bytes(at + strprintf(".input_output_map[%zu]", s), as_bytes(ours.input_output_map[s]),
            theirs.getInputOutputMap(s).Data);
  d.bytes(at + ".patch_or_prim_vector_mask", as_bytes(ours.patch_or_prim_vector_mask), theirs.getPatchOrPrimMasks().Data);
  d.bytes(at + ".input_patch_map", as_bytes(ours.input_patch_map), theirs.getInputPatchMap().Data);
  d.bytes(at + ".patch_output_map", as_bytes(ours.patch_output_map), theirs.getPatchOutputMap().Data);
}

// LLVM keeps the last ISG1/OSG1/PSG1 of each name (no duplicate check).
const dx::Part* last_of(const dx::Container& c, uint32_t fourcc) {
  const dx::Part* found = nullptr;
  for (const dx::Part& p : c.parts)
    if (p.fourcc == fourcc) found = &p;
  return found;
}

}  // namespace

std::string compare_with_llvm(const dx::Container& ours, const std::vector<Diagnostic>& warnings,
                              const llvm::object::DXContainer& theirs, Bytes input) {
  Diffs d;
  const llvm::dxbc::Header& h = theirs.getHeader();
  d.eq("header.major", ours.header.major, h.Version.Major);
  d.eq("header.minor", ours.header.minor, h.Version.Minor);
  d.eq("header.file_size", ours.header.file_size, h.FileSize);
  d.eq("header.part_count", ours.header.part_count, h.PartCount);
  if (h.PartCount != 0) {  // PartIterator reads PartOffsets.back() for end()
    size_t i = 0;
    for (const auto& part : theirs) {
      if (i >= ours.parts.size()) break;
      const dx::Part& p = ours.parts[i];
      const std::string at = strprintf("parts[%zu]", i++);
      uint32_t name = 0;
      std::memcpy(&name, part.Part.Name, sizeof name);
      d.eq(at + ".fourcc", p.fourcc, name);
      d.eq(at + ".size", p.size, part.Part.Size);
      d.eq(at + ".offset", p.offset, part.Offset);
      d.bytes(at + ".data", p.data, part.Data);
    }
  }
  const auto* dxil = ours.find(make_fourcc('D', 'X', 'I', 'L'));
  d.eq("DXIL.present", dxil != nullptr, theirs.getDXIL().has_value());
  if (dxil != nullptr && theirs.getDXIL()) {
    const auto& o = dx::content<dx::Program>(*dxil).header;
    const llvm::dxbc::ProgramHeader& t = theirs.getDXIL()->first;
    d.eq("DXIL.version", o.version, t.Version);
    d.eq("DXIL.shader_kind", o.shader_kind, t.ShaderKind);
    d.eq("DXIL.size_in_uint32", o.size_in_uint32, t.Size);
    d.eq("DXIL.bitcode_offset", o.bitcode_offset, t.Bitcode.Offset);
    d.eq("DXIL.bitcode_size", o.bitcode_size, t.Bitcode.Size);
    d.eq("DXIL.bitcode_at", dx::content<dx::Program>(*dxil).bitcode.data() - input.data(),
         reinterpret_cast<const uint8_t*>(theirs.getDXIL()->second) - input.data());
  }
  const auto* sfi0 = ours.find(make_fourcc('S', 'F', 'I', '0'));
  d.eq("SFI0.present", sfi0 != nullptr, theirs.getShaderFeatureFlags().has_value());
  if (sfi0 != nullptr && theirs.getShaderFeatureFlags())
    d.eq("SFI0.flags", dx::content<dx::FeatureInfo>(*sfi0).flags, *theirs.getShaderFeatureFlags());
  const auto* hash = ours.find(make_fourcc('H', 'A', 'S', 'H'));
  d.eq("HASH.present", hash != nullptr, theirs.getShaderHash().has_value());
  if (hash != nullptr && theirs.getShaderHash()) {
    const auto& o = dx::content<dx::ShaderHash>(*hash);
    d.eq("HASH.flags", o.flags, theirs.getShaderHash()->Flags);
    d.bytes("HASH.digest", o.digest, llvm::StringRef(reinterpret_cast<const char*>(theirs.getShaderHash()->Digest), 16));
  }
  const auto* rts0 = ours.find(make_fourcc('R', 'T', 'S', '0'));
  const std::optional<llvm::object::DirectX::RootSignature> root = theirs.getRootSignature();
  d.eq("RTS0.present", rts0 != nullptr, root.has_value());
  if (rts0 != nullptr && root) {
    const auto& o = dx::content<dx::RootSignature>(*rts0);
    const auto& t = *root;
    d.eq("RTS0.version", o.version, t.getVersion());
    d.eq("RTS0.num_parameters", o.num_parameters, t.getNumParameters());
    d.eq("RTS0.parameters_offset", o.parameters_offset, t.getRootParametersOffset());
    d.eq("RTS0.num_static_samplers", o.num_static_samplers, t.getNumStaticSamplers());
    d.eq("RTS0.static_samplers_offset", o.static_samplers_offset, t.getStaticSamplersOffset());
    d.eq("RTS0.flags", o.flags, t.getFlags());
  }
  const std::pair<uint32_t, const llvm::object::DirectX::Signature*> sigs[] = {
      {make_fourcc('I', 'S', 'G', '1'), &theirs.getInputSignature()},
      {make_fourcc('O', 'S', 'G', '1'), &theirs.getOutputSignature()},
      {make_fourcc('P', 'S', 'G', '1'), &theirs.getPatchConstantSignature()}};
  for (const auto& [fourcc, sig] : sigs) {
    if (const dx::Part* p = last_of(ours, fourcc))
      compare_signature(d, fourcc_text(fourcc), dx::content<dx::Signature>(*p), *sig);
  }
  const auto* psv = ours.find(make_fourcc('P', 'S', 'V', '0'));
  d.eq("PSV0.present", psv != nullptr, theirs.getPSVInfo().has_value());
  // S6: LLVM lays PSV0's tables out by the DXIL part's shader kind, shaderprobe
  // (v1+) by PSV0's own stage; when they differ (a warning) the tables differ.
  if (psv != nullptr && theirs.getPSVInfo() && !has_warning(warnings, Code::psv_stage_mismatch) &&
      !psv_tables_realigned_by_llvm(input))
    compare_psv(d, "PSV0", dx::content<dx::Psv>(*psv), *theirs.getPSVInfo());
  return d.take();
}

}  // namespace sp::fuzz
