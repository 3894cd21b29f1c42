#include "dxcontainer/writer.h"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <variant>

#include "core/span_writer.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/shader_kind.h"

namespace sp::dxc {
namespace {

constexpr size_t kFileSizeField = 24;  // magic 4 + digest 16 + major 2 + minor 2

// A size or count that does not fit its on-disk field cannot come from a
// parsed file; it is a model the caller built wrongly (writer.h).
template <typename T>
T narrow(uint64_t v, const char* what) {
  if (v > std::numeric_limits<T>::max())
    throw std::length_error(std::string("dxcontainer writer: ") + what + " does not fit its field");
  return static_cast<T>(v);
}
uint32_t to_u32(uint64_t v, const char* what) { return narrow<uint32_t>(v, what); }

// ---- DXIL / ILDB ---------------------------------------------------------------

// The bitcode follows the 16-byte bitcode header directly; its offset counts
// from the start of that header (dxc writes 16).
constexpr uint32_t kBitcodeOffset = kProgramHeaderSize - kBitcodeHeaderOffset;

void encode_program(const Program& p, ByteWriter& w) {
  const ProgramHeader& h = p.header;
  const uint64_t total = align_up4(kProgramHeaderSize + uint64_t{p.bitcode.size()});
  w.put_u8(h.version);
  w.put_u8(h.unused);
  w.put_u16_le(h.shader_kind);
  w.put_u32_le(to_u32(total / 4, "program size"));
  w.put_u32_le(h.bitcode_magic);
  w.put_u8(h.dxil_minor);
  w.put_u8(h.dxil_major);
  w.put_u16_le(h.bitcode_unused);
  w.put_u32_le(kBitcodeOffset);
  w.put_u32_le(to_u32(p.bitcode.size(), "bitcode size"));
  w.put_bytes(p.bitcode);
  w.pad_to_4();
}

// ---- HASH, SFI0 ------------------------------------------------------------------

void encode_shader_hash(const ShaderHash& h, ByteWriter& w) {
  w.put_u32_le(h.flags);
  w.put_bytes(h.digest);
}

// ---- Signatures ------------------------------------------------------------------

uint32_t signature_element_size(SignatureLayout layout) {
  switch (layout) {
    case SignatureLayout::sg1: return 32;
    case SignatureLayout::legacy: return 24;
    case SignatureLayout::osg5: return 28;
  }
  return 32;
}

constexpr uint32_t kSignatureHeaderSize = 8;

void encode_signature(const Signature& s, ByteWriter& w) {
  const uint32_t count = to_u32(s.elements.size(), "signature element count");
  const uint64_t strings_start = kSignatureHeaderSize + uint64_t{count} * signature_element_size(s.layout);

  // Each distinct name once, in order of first use; offsets count from the
  // start of the part. Offset 0 is the parser's "no name" (it points at the
  // header, never at a string), so empty names use it.
  std::vector<uint32_t> name_offsets(count, 0);
  std::unordered_map<std::string_view, uint32_t> seen;
  ByteWriter strings;
  for (size_t i = 0; i < s.elements.size(); ++i) {
    const std::string_view name = s.elements[i].name.bytes();
    if (name.empty()) continue;
    auto [it, inserted] = seen.try_emplace(name, 0);
    if (inserted) {
      it->second = to_u32(strings_start + strings.size(), "signature name offset");
      strings.put_cstring(name);
    }
    name_offsets[i] = it->second;
  }

  w.put_u32_le(count);
  w.put_u32_le(kSignatureHeaderSize);
  for (size_t i = 0; i < s.elements.size(); ++i) {
    const SignatureElement& e = s.elements[i];
    if (s.layout != SignatureLayout::legacy) w.put_u32_le(e.stream);
    w.put_u32_le(name_offsets[i]);
    w.put_u32_le(e.semantic_index);
    w.put_u32_le(e.system_value);
    w.put_u32_le(e.component_type);
    w.put_u32_le(e.reg);
    w.put_u8(e.mask);
    w.put_u8(e.exclusive_mask);
    w.put_u16_le(e.unused);
    if (s.layout == SignatureLayout::sg1) w.put_u32_le(e.min_precision);
  }
  w.put_bytes(strings.bytes());
  w.pad_to_4();
}

// ---- PSV0 ------------------------------------------------------------------------

void put_runtime_info(const PsvRuntimeInfo& i, uint32_t size, ByteWriter& w) {
  std::array<uint8_t, kPsvRuntimeInfoSize[3]> buf{};
  uint8_t* p = buf.data();
  std::copy(i.stage_info.begin(), i.stage_info.end(), p);
  store_le(p + 16, i.min_wave_lane_count);
  store_le(p + 20, i.max_wave_lane_count);
  p[24] = i.shader_stage;
  p[25] = i.uses_view_id;
  store_le(p + 26, i.geom_data);
  p[28] = i.sig_input_elements;
  p[29] = i.sig_output_elements;
  p[30] = i.sig_patch_or_prim_elements;
  p[31] = i.sig_input_vectors;
  std::copy(i.sig_output_vectors.begin(), i.sig_output_vectors.end(), p + 32);
  store_le(p + 36, i.num_threads_x);
  store_le(p + 40, i.num_threads_y);
  store_le(p + 44, i.num_threads_z);
  store_le(p + 48, i.entry_name_offset);
  w.put_bytes(Bytes(buf).first(size));
}

// The semantic index table, built as dxc builds it: an element's indices
// reuse the first identical run already in the table, else are appended.
class SemanticIndexTable {
 public:
  // Where the element's first `rows` indices (missing ones read as 0) start.
  uint32_t add(const PsvSignatureElement& e) {
    std::vector<uint32_t> seq(e.rows);
    for (size_t k = 0; k < seq.size() && k < e.indices.size(); ++k) seq[k] = e.indices[k];
    // dxc gives an element without rows the current end of the table.
    if (!seq.empty() && seq.size() <= table_.size()) {
      for (size_t at = 0; at + seq.size() <= table_.size(); ++at)
        if (std::equal(seq.begin(), seq.end(), table_.begin() + static_cast<std::ptrdiff_t>(at)))
          return to_u32(at, "semantic index offset");
    }
    const uint32_t at = to_u32(table_.size(), "semantic index offset");
    table_.insert(table_.end(), seq.begin(), seq.end());
    return at;
  }
  [[nodiscard]] const std::vector<uint32_t>& entries() const { return table_; }

 private:
  std::vector<uint32_t> table_;
};

void put_psv_element(const PsvSignatureElement& e, uint32_t name_offset, uint32_t indices_offset, ByteWriter& w) {
  w.put_u32_le(name_offset);
  w.put_u32_le(indices_offset);
  w.put_u8(e.rows);
  w.put_u8(e.start_row);
  w.put_u8(e.col_bits);
  w.put_u8(e.kind);
  w.put_u8(e.component_type);
  w.put_u8(e.interpolation);
  w.put_u8(e.stream_bits);
  w.put_u8(e.reserved);
}

// `dwords` words of t, zero-extended or cut to the size the reader expects.
void put_table(const U32Array& t, uint64_t dwords, ByteWriter& w) {
  for (uint64_t k = 0; k < dwords; ++k) w.put_u32_le(k < t.size() ? t[static_cast<size_t>(k)] : 0);
}

// The mirror image of part_psv.cpp's read_dependency_tables: the same
// tables, in the same order, of the same sizes.
void put_dependency_tables(const Psv& psv, const PsvRuntimeInfo& info, ByteWriter& w) {
  const uint32_t stage = info.shader_stage;
  const uint32_t in = info.sig_input_vectors;
  const uint32_t pcp = info.patch_const_or_prim_vectors();
  if (info.uses_view_id) {
    for (size_t i = 0; i < 4; ++i) put_table(psv.output_vector_masks[i], mask_dwords(info.sig_output_vectors[i]), w);
    if ((stage == kHull || stage == kMesh) && pcp > 0) put_table(psv.patch_or_prim_vector_mask, mask_dwords(pcp), w);
  }
  for (size_t i = 0; i < 4; ++i) {
    const uint32_t o = info.sig_output_vectors[i];
    if (in > 0 && o > 0) put_table(psv.input_output_map[i], mask_dwords(o) * in * 4, w);
  }
  if (stage == kHull && pcp > 0 && in > 0) put_table(psv.input_patch_map, mask_dwords(pcp) * in * 4, w);
  const uint32_t out0 = info.sig_output_vectors[0];
  if (stage == kDomain && pcp > 0 && out0 > 0) put_table(psv.patch_output_map, mask_dwords(out0) * pcp * 4, w);
}

constexpr uint32_t kPsvResourceStride[2] = {16, 24};  // v0, v1+

void encode_psv(const Psv& psv, ByteWriter& w) {
  const uint32_t version = std::min<uint32_t>(psv.version, 3);
  PsvRuntimeInfo info = psv.info;
  const Vec<PsvSignatureElement>* lists[3] = {&psv.inputs, &psv.outputs, &psv.patch_or_prim};

  // String table (v1+): offset 0 is the empty string; every non-empty
  // element name is appended (dxc does not deduplicate), then the entry name.
  ByteWriter strings;
  strings.put_u8(0);
  SemanticIndexTable indices;
  std::array<std::vector<std::pair<uint32_t, uint32_t>>, 3> placed;  // {name offset, indices offset}
  if (version >= 1) {
    info.sig_input_elements = narrow<uint8_t>(psv.inputs.size(), "PSV0 input element count");
    info.sig_output_elements = narrow<uint8_t>(psv.outputs.size(), "PSV0 output element count");
    info.sig_patch_or_prim_elements = narrow<uint8_t>(psv.patch_or_prim.size(), "PSV0 patch/primitive element count");
    for (size_t l = 0; l < 3; ++l) {
      for (const PsvSignatureElement& e : *lists[l]) {
        uint32_t name_offset = 0;
        if (!e.name.empty()) {
          name_offset = to_u32(strings.size(), "PSV0 string table size");
          strings.put_cstring(e.name.bytes());
        }
        placed[l].emplace_back(name_offset, indices.add(e));
      }
    }
    info.entry_name_offset = 0;
    if (version >= 3 && !psv.entry_name.empty()) {
      info.entry_name_offset = to_u32(strings.size(), "PSV0 string table size");
      strings.put_cstring(psv.entry_name.bytes());
    }
    strings.pad_to_4();
  }

  const uint32_t info_size = kPsvRuntimeInfoSize[version];
  w.put_u32_le(info_size);
  put_runtime_info(info, info_size, w);

  w.put_u32_le(to_u32(psv.resources.size(), "PSV0 resource count"));
  if (!psv.resources.empty()) {
    // Readers take Kind and Flags from any record long enough to hold them,
    // whatever the version, so a v0 model that has them keeps v1 records.
    const bool long_records = version >= 1 || std::any_of(psv.resources.begin(), psv.resources.end(),
                                                          [](const PsvResource& r) { return r.kind || r.flags; });
    const uint32_t stride = psv.resource_stride ? psv.resource_stride : kPsvResourceStride[long_records ? 1 : 0];
    w.put_u32_le(stride);
    for (const PsvResource& r : psv.resources) {
      const size_t start = w.size();
      w.put_u32_le(r.type);
      w.put_u32_le(r.space);
      w.put_u32_le(r.lower_bound);
      w.put_u32_le(r.upper_bound);
      w.put_u32_le(r.kind);
      w.put_u32_le(r.flags);
      w.fit_since(start, stride);
    }
  }
  if (version == 0) return;

  w.put_u32_le(to_u32(strings.size(), "PSV0 string table size"));
  w.put_bytes(strings.bytes());
  w.put_u32_le(to_u32(indices.entries().size(), "PSV0 semantic index count"));
  for (uint32_t v : indices.entries()) w.put_u32_le(v);

  if (!psv.inputs.empty() || !psv.outputs.empty() || !psv.patch_or_prim.empty()) {
    const uint32_t stride = psv.element_stride ? psv.element_stride : kPsvSignatureElementSize;
    w.put_u32_le(stride);
    for (size_t l = 0; l < 3; ++l)
      for (size_t i = 0; i < lists[l]->size(); ++i) {
        const size_t start = w.size();
        put_psv_element((*lists[l])[i], placed[l][i].first, placed[l][i].second, w);
        w.fit_since(start, stride);
      }
  }
  put_dependency_tables(psv, info, w);
}

// ---- RTS0 ------------------------------------------------------------------------

constexpr uint32_t kRootSignatureHeaderSize = 24;
constexpr uint32_t kRootParameterHeaderSize = 12;

void put_descriptor_table(const DescriptorTable& t, uint32_t version, ByteWriter& w) {
  w.put_u32_le(to_u32(t.ranges.size(), "descriptor range count"));
  w.put_u32_le(to_u32(w.size() + 4, "descriptor ranges offset"));  // right after this header
  for (const DescriptorRange& r : t.ranges) {
    w.put_u32_le(r.range_type);
    w.put_u32_le(r.num_descriptors);
    w.put_u32_le(r.base_shader_register);
    w.put_u32_le(r.register_space);
    if (version != 1) w.put_u32_le(r.flags);
    w.put_u32_le(r.offset_in_descriptors_from_table_start);
  }
}

// The payload of one parameter, laid out by its type as the parser reads
// it; a value of the wrong kind is written as a default of the right one.
void put_root_parameter(const RootParameter& p, uint32_t version, ByteWriter& w) {
  switch (p.type) {
    case 0: {
      const auto* t = std::get_if<DescriptorTable>(&p.value);
      put_descriptor_table(t ? *t : DescriptorTable{}, version, w);
      break;
    }
    case 1: {
      const auto* c = std::get_if<RootConstants>(&p.value);
      const RootConstants v = c ? *c : RootConstants{};
      w.put_u32_le(v.shader_register);
      w.put_u32_le(v.register_space);
      w.put_u32_le(v.num_32bit_values);
      break;
    }
    case 2:
    case 3:
    case 4: {
      const auto* d = std::get_if<RootDescriptor>(&p.value);
      const RootDescriptor v = d ? *d : RootDescriptor{};
      w.put_u32_le(v.shader_register);
      w.put_u32_le(v.register_space);
      if (version != 1) w.put_u32_le(v.flags);
      break;
    }
    default:
      break;  // no payload: the parser rejects the type
  }
}

void encode_root_signature(const RootSignature& rs, ByteWriter& w) {
  w.put_u32_le(rs.version);
  w.put_u32_le(to_u32(rs.parameters.size(), "root parameter count"));
  w.put_u32_le(kRootSignatureHeaderSize);
  w.put_u32_le(to_u32(rs.static_samplers.size(), "static sampler count"));
  const size_t samplers_offset_field = w.size();
  w.put_u32_le(0);  // patched below
  w.put_u32_le(rs.flags);

  for (const RootParameter& p : rs.parameters) {
    w.put_u32_le(p.type);
    w.put_u32_le(p.visibility);
    w.put_u32_le(0);  // payload offset, patched below
  }
  for (size_t i = 0; i < rs.parameters.size(); ++i) {
    w.patch_u32_le(kRootSignatureHeaderSize + i * kRootParameterHeaderSize + 8, to_u32(w.size(), "root parameter offset"));
    put_root_parameter(rs.parameters[i], rs.version, w);
  }

  w.patch_u32_le(samplers_offset_field, to_u32(w.size(), "static samplers offset"));
  for (const StaticSampler& s : rs.static_samplers) {
    for (uint32_t v : {s.filter, s.address_u, s.address_v, s.address_w, s.mip_lod_bias_bits, s.max_anisotropy,
                       s.comparison_func, s.border_color, s.min_lod_bits, s.max_lod_bits, s.shader_register,
                       s.register_space, s.shader_visibility})
      w.put_u32_le(v);
    if (rs.version == 3) w.put_u32_le(s.flags);
  }
}

// ---- ILDN, VERS ------------------------------------------------------------------

void encode_debug_name(const DebugName& d, ByteWriter& w) {
  w.put_u16_le(d.flags);
  w.put_u16_le(narrow<uint16_t>(d.name.size(), "debug name length"));
  w.put_cstring(d.name.bytes());
  w.pad_to_4();
}

void encode_compiler_version(const CompilerVersion& v, ByteWriter& w) {
  w.put_u16_le(v.major);
  w.put_u16_le(v.minor);
  w.put_u32_le(v.version_flags);
  w.put_u32_le(v.commit_count);
  // dxc always stores both strings, each with its NUL.
  w.put_u32_le(to_u32(uint64_t{v.commit_sha.size()} + 1 + v.custom_version.size() + 1, "version string list size"));
  w.put_cstring(v.commit_sha.bytes());
  w.put_cstring(v.custom_version.bytes());
  w.pad_to_4();
}

// ---- SRCI ------------------------------------------------------------------------

enum SourceSection : uint16_t { kSourceContents = 0, kSourceNames = 1, kSourceArgs = 2 };
constexpr uint16_t kCompressNone = 0;
constexpr uint16_t kCompressZlib = 1;

// Opens a section {u32 AlignedSize, u16 Flags, u16 Type}; returns where it starts.
size_t begin_section(uint16_t type, ByteWriter& w) {
  const size_t start = w.size();
  w.put_u32_le(0);  // patched by end_section
  w.put_u16_le(0);
  w.put_u16_le(type);
  return start;
}

void end_section(size_t start, ByteWriter& w) {
  w.pad_to_4();
  w.patch_u32_le(start, to_u32(w.size() - start, "source info section size"));
}

std::vector<uint8_t> zlib_compress(Bytes in) {
  uLongf size = compressBound(static_cast<uLong>(in.size()));
  std::vector<uint8_t> out(static_cast<size_t>(size));
  const int rc = compress2(out.data(), &size, in.data(), static_cast<uLong>(in.size()), Z_DEFAULT_COMPRESSION);
  if (rc == Z_MEM_ERROR) throw std::bad_alloc();
  if (rc != Z_OK) throw std::runtime_error(strprintf("dxcontainer writer: zlib compress2 failed (%d)", rc));
  out.resize(static_cast<size_t>(size));
  return out;
}

void encode_source_info(const SourceInfo& si, ByteWriter& w) {
  const uint32_t file_count = to_u32(si.files.size(), "source file count");
  w.put_u32_le(0);  // AlignedSize, patched at the end
  w.put_u16_le(si.flags);
  w.put_u16_le(si.args.empty() ? 2 : 3);

  // Names: {u32 Flags, u32 Count, u16 EntriesSize}, entries
  // {u32 AlignedSize, u32 Flags, u32 NameSize, u32 ContentSize} + name + NUL, padded.
  size_t section = begin_section(kSourceNames, w);
  ByteWriter names;
  for (const SourceFile& f : si.files) {
    const uint64_t name_size = uint64_t{f.name.size()} + 1;
    names.put_u32_le(to_u32(align_up4(16 + name_size), "source name entry size"));
    names.put_u32_le(0);
    names.put_u32_le(to_u32(name_size, "source name size"));
    names.put_u32_le(to_u32(uint64_t{f.content.size()} + 1, "source content size"));
    names.put_cstring(f.name.bytes());
    names.pad_to_4();
  }
  w.put_u32_le(0);
  w.put_u32_le(file_count);
  w.put_u16_le(narrow<uint16_t>(names.size(), "source names size"));
  w.put_bytes(names.bytes());
  end_section(section, w);

  // Contents: {u32 AlignedSize, u16 Flags, u16 CompressType, u32 EntriesSize,
  // u32 UncompressedEntriesSize, u32 Count}, entries (possibly zlib)
  // {u32 AlignedSize, u32 Flags, u32 ContentSize} + content + NUL, padded.
  section = begin_section(kSourceContents, w);
  ByteWriter contents;
  for (const SourceFile& f : si.files) {
    const uint64_t content_size = uint64_t{f.content.size()} + 1;
    contents.put_u32_le(to_u32(align_up4(12 + content_size), "source content entry size"));
    contents.put_u32_le(0);
    contents.put_u32_le(to_u32(content_size, "source content size"));
    contents.put_cstring(f.content.bytes());
    contents.pad_to_4();
  }
  const uint16_t compress = si.compress_type == kCompressZlib ? kCompressZlib : kCompressNone;
  std::vector<uint8_t> packed;
  if (compress == kCompressZlib) packed = zlib_compress(contents.bytes());
  const Bytes stored = compress == kCompressZlib ? Bytes(packed) : contents.bytes();
  w.put_u32_le(to_u32(align_up4(20 + uint64_t{stored.size()}), "source contents size"));
  w.put_u16_le(0);
  w.put_u16_le(compress);
  w.put_u32_le(to_u32(stored.size(), "source contents size"));
  w.put_u32_le(to_u32(contents.size(), "source contents size"));
  w.put_u32_le(file_count);
  w.put_bytes(stored);
  end_section(section, w);

  // Args: {u32 Flags, u32 Size, u32 Count}, then "name\0value\0" pairs.
  if (!si.args.empty()) {
    section = begin_section(kSourceArgs, w);
    ByteWriter args;
    for (const SourceArg& a : si.args) {
      args.put_cstring(a.name.bytes());
      args.put_cstring(a.value.bytes());
    }
    w.put_u32_le(0);
    w.put_u32_le(to_u32(args.size(), "source args size"));
    w.put_u32_le(to_u32(si.args.size(), "source arg count"));
    w.put_bytes(args.bytes());
    end_section(section, w);
  }
  w.patch_u32_le(0, to_u32(w.size(), "source info size"));
}

// ---- RDAT ------------------------------------------------------------------------

constexpr uint32_t kRdatVersion = 0x10;

void encode_runtime_data(const RuntimeData& rd, ByteWriter& w) {
  w.put_u32_le(kRdatVersion);
  w.put_u32_le(to_u32(rd.sections.size(), "RDAT section count"));
  const size_t offsets = w.size();
  w.put_zeros(4 * rd.sections.size());
  for (size_t i = 0; i < rd.sections.size(); ++i) {
    const RdatSection& s = rd.sections[i];
    w.patch_u32_le(offsets + 4 * i, to_u32(w.size(), "RDAT section offset"));
    w.put_u32_le(s.type);
    w.put_u32_le(to_u32(s.data.size(), "RDAT section size"));
    w.put_bytes(s.data);
    w.pad_to_4();  // keeps the next section 4-aligned; real sections need none
  }
}

// ---- Dispatch --------------------------------------------------------------------

struct Encoder {
  const Part& part;
  ByteWriter& w;
  void operator()(const RawPart&) const { w.put_bytes(part.data); }
  void operator()(const Program& v) const { encode_program(v, w); }
  void operator()(const ShaderHash& v) const { encode_shader_hash(v, w); }
  void operator()(const FeatureInfo& v) const { w.put_u64_le(v.flags); }
  void operator()(const Signature& v) const { encode_signature(v, w); }
  void operator()(const Psv& v) const { encode_psv(v, w); }
  void operator()(const RootSignature& v) const { encode_root_signature(v, w); }
  void operator()(const DebugName& v) const { encode_debug_name(v, w); }
  void operator()(const CompilerVersion& v) const { encode_compiler_version(v, w); }
  void operator()(const SourceInfo& v) const { encode_source_info(v, w); }
  void operator()(const RuntimeData& v) const {
    // The prerelease layout (a first word below 0x10) is kept, not decoded:
    // only the part's own bytes can reproduce it.
    if (v.version < kRdatVersion) return w.put_bytes(part.data);
    encode_runtime_data(v, w);
  }
};

}  // namespace

std::vector<uint8_t> encode_part(const Part& p) {
  ByteWriter w;
  visit_content(p, Encoder{p, w});
  return w.take();
}

std::vector<uint8_t> write_container(const Container& c, const WriteOptions& options) {
  const uint32_t count = to_u32(c.parts.size(), "part count");
  ByteWriter w;
  w.put_u32_le(kMagic);
  w.put_zeros(std::tuple_size_v<Digest>);  // signed below, or left as the "not signed" sentinel
  w.put_u16_le(c.header.major);
  w.put_u16_le(c.header.minor);
  w.put_u32_le(0);  // FileSize, patched below
  w.put_u32_le(count);
  w.put_zeros(4 * size_t{count});  // part offsets, patched below
  for (size_t i = 0; i < c.parts.size(); ++i) {
    const Part& p = c.parts[i];
    w.patch_u32_le(kHeaderSize + 4 * i, to_u32(w.size(), "part offset"));
    const std::vector<uint8_t> data = encode_part(p);
    w.put_u32_le(p.fourcc);
    w.put_u32_le(to_u32(data.size(), "part size"));
    w.put_bytes(data);
  }
  w.patch_u32_le(kFileSizeField, to_u32(w.size(), "file size"));
  std::vector<uint8_t> out = w.take();
  if (options.sign) sign_container(out);
  return out;
}

}  // namespace sp::dxc
