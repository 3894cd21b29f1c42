// PSV0, pipeline state validation (DxilPipelineStateValidation.h; seed 000
// and docs/formats/dxcontainer.md §PSV0). The RuntimeInfo version is inferred from its size;
// later blocks exist from v1 on and the dependency tables' sizes derive from
// the vector counts in RuntimeInfo and from the shader stage.
#include <algorithm>

#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/parts.h"
#include "dxcontainer/shader_kind.h"

namespace sp::dxc {
namespace {

// The record is at least v0's 24 bytes. Only the record of the version its
// size names is read; fields past it read as zero, whether they belong to a
// newer version or the size cuts them (38 bytes is v1: its last two bytes
// are not half of v2's NumThreadsX). LLVM reads it the same way.
bool read_runtime_info(FieldReader& r, uint32_t size, Psv& out) {
  Bytes raw;
  if (!r.bytes(size, raw, "runtime_info")) return false;
  raw = raw.first(std::min<size_t>(raw.size(), kPsvRuntimeInfoSize[out.version]));
  PsvRuntimeInfo& i = out.info;
  std::copy_n(raw.begin(), 16, i.stage_info.begin());
  i.min_wave_lane_count = load_le<uint32_t>(raw.data() + 16);
  i.max_wave_lane_count = load_le<uint32_t>(raw.data() + 20);
  const uint32_t v1_stage = load_le_padded<uint32_t>(raw, 24);
  i.shader_stage = static_cast<uint8_t>(v1_stage);
  i.uses_view_id = static_cast<uint8_t>(v1_stage >> 8);
  i.geom_data = static_cast<uint16_t>(v1_stage >> 16);
  const uint32_t v1_counts = load_le_padded<uint32_t>(raw, 28);
  i.sig_input_elements = static_cast<uint8_t>(v1_counts);
  i.sig_output_elements = static_cast<uint8_t>(v1_counts >> 8);
  i.sig_patch_or_prim_elements = static_cast<uint8_t>(v1_counts >> 16);
  i.sig_input_vectors = static_cast<uint8_t>(v1_counts >> 24);
  const uint32_t v1_vectors = load_le_padded<uint32_t>(raw, 32);
  for (size_t k = 0; k < 4; ++k) i.sig_output_vectors[k] = static_cast<uint8_t>(v1_vectors >> (8 * k));
  i.num_threads_x = load_le_padded<uint32_t>(raw, 36);
  i.num_threads_y = load_le_padded<uint32_t>(raw, 40);
  i.num_threads_z = load_le_padded<uint32_t>(raw, 44);
  i.entry_name_offset = load_le_padded<uint32_t>(raw, 48);
  return true;
}

bool read_resources(FieldReader& r, const PartScope& s, Psv& out) {
  if (!r.u32(out.resource_count, "resource_count")) return false;
  if (out.resource_count == 0) return true;
  const uint64_t stride_offset = r.offset();
  if (!r.u32(out.resource_stride, "resource_stride")) return false;
  // v0 records are 16 bytes, v1+ 24; a stride of 0 would make LLVM divide by
  // zero, a short one would read fields from the next record.
  if (out.resource_stride < 16 || out.resource_stride % 4 != 0)
    return r.fail_at(Code::invalid_stride, stride_offset, "resource_stride",
                     strprintf("stride %u (records need at least 16 bytes, 4-aligned)", out.resource_stride));
  if (out.resource_stride > 24)
    r.warn(Code::psv_newer_version, stride_offset, "resource_stride",
           strprintf("resource records of %u bytes; the first 24 are read", out.resource_stride));
  const uint64_t bytes = uint64_t{out.resource_count} * out.resource_stride;
  if (bytes > r.remaining())
    return r.fail(Code::count_too_large, "resource_count",
                  strprintf("%u resources of %u bytes need %llu, %zu remain", out.resource_count,
                            out.resource_stride, static_cast<unsigned long long>(bytes), r.remaining()));
  if (!s.ctx.charge(out.resource_count, r.offset(), s.at)) return false;
  s.make_list(out.resources, out.resource_count);
  for (PsvResource& res : out.resources) {
    // v0 records (16 bytes) have no kind and flags: they read as zero.
    Bytes rec;
    (void)r.bytes(out.resource_stride, rec, "resources");
    res.type = load_le<uint32_t>(rec.data());
    res.space = load_le<uint32_t>(rec.data() + 4);
    res.lower_bound = load_le<uint32_t>(rec.data() + 8);
    res.upper_bound = load_le<uint32_t>(rec.data() + 12);
    res.kind = load_le_padded<uint32_t>(rec, 16);
    res.flags = load_le_padded<uint32_t>(rec, 20);
  }
  return true;
}

// Element i of `list` names a string or semantic indices outside their
// tables.
[[gnu::cold]] bool fail_element(const PartScope& s, const Psv& psv, const PsvSignatureElement& el,
                                std::string_view list, uint32_t i, uint64_t offset) {
  const FieldPath at = s.at.item(list, i);
  if (!cstring_at(psv.string_table, el.name_offset)) {
    const bool past = el.name_offset >= psv.string_table.size();
    return s.ctx.fail(past ? Code::offset_out_of_bounds : Code::unterminated_string, offset, at,
                      strprintf("name offset %u %s the %zu-byte string table", el.name_offset,
                                past ? "is outside" : "has no NUL inside", psv.string_table.size()));
  }
  return s.ctx.fail(Code::offset_out_of_bounds, offset + 4, at,
                    strprintf("indices [%u, +%u) are outside the %zu-entry semantic index table", el.indices_offset,
                              el.rows, psv.semantic_index_table.size()));
}

bool read_elements(FieldReader& r, const PartScope& s, Psv& out) {
  const PsvRuntimeInfo& info = out.info;
  const uint32_t counts[3] = {info.sig_input_elements, info.sig_output_elements, info.sig_patch_or_prim_elements};
  const uint32_t total = counts[0] + counts[1] + counts[2];
  if (total == 0) return true;
  const uint64_t stride_offset = r.offset();
  if (!r.u32(out.element_stride, "element_stride")) return false;
  if (out.element_stride < kPsvSignatureElementSize)
    return r.fail_at(Code::invalid_stride, stride_offset, "element_stride",
                     strprintf("stride %u (elements need at least 16 bytes)", out.element_stride));
  const uint64_t bytes = uint64_t{total} * out.element_stride;
  if (bytes > r.remaining())
    return r.fail(Code::count_too_large, "elements",
                  strprintf("%u elements of %u bytes need %llu, %zu remain", total, out.element_stride,
                            static_cast<unsigned long long>(bytes), r.remaining()));
  if (!s.ctx.charge(total, r.offset(), s.at)) return false;

  Vec<PsvSignatureElement>* lists[3] = {&out.inputs, &out.outputs, &out.patch_or_prim};
  static constexpr std::string_view kNames[3] = {"inputs", "outputs", "patch_or_prim"};
  for (size_t l = 0; l < 3; ++l) {
    if (counts[l] != 0) s.make_list(*lists[l], counts[l]);  // empty lists stay as they are
    for (uint32_t i = 0; i < counts[l]; ++i) {
      const uint64_t at_offset = r.offset();
      Bytes rec;
      (void)r.bytes(out.element_stride, rec, kNames[l]);
      PsvSignatureElement& el = (*lists[l])[i];
      const uint8_t* p = rec.data();
      el.name_offset = load_le<uint32_t>(p);
      el.indices_offset = load_le<uint32_t>(p + 4);
      el.rows = p[8];
      el.start_row = p[9];
      el.col_bits = p[10];
      el.kind = p[11];
      el.component_type = p[12];
      el.interpolation = p[13];
      el.stream_bits = p[14];
      el.reserved = p[15];

      auto name = cstring_at(out.string_table, el.name_offset);
      auto indices = slice(out.semantic_index_table.bytes(), uint64_t{el.indices_offset} * 4, uint64_t{el.rows} * 4);
      if (!name || !indices) return fail_element(s, out, el, kNames[l], i, at_offset);
      el.name = *name;
      el.indices = U32Array(*indices);
    }
  }
  return true;
}

bool read_table(FieldReader& r, uint64_t dwords, U32Array& out, std::string_view name) {
  Bytes b;
  if (!r.bytes(dwords * 4, b, name)) return false;
  out = U32Array(b);
  return true;
}

// ViewID masks and input/output dependency tables (DXC's
// PSVDependencyTable layout; hull OR mesh shaders carry the patch
// constant/primitive mask, hlsl-specs proposal 0012).
bool read_dependency_tables(FieldReader& r, const PsvQuirks& quirks, Psv& out) {
  const PsvRuntimeInfo& info = out.info;
  const uint32_t stage = out.layout_stage;
  const uint32_t in = info.sig_input_vectors;
  const uint32_t pcp = info.patch_const_or_prim_vectors();
  bool prim_mask = info.uses_view_id && (stage == kHull || stage == kMesh) && pcp > 0;
  if (prim_mask && stage == kMesh && quirks.llvm_mesh_layout) {
    // LLVM 22 writes (and reads) the primitive ViewID mask only for hull
    // shaders. Accept its layout when the part is short by exactly that
    // mask.
    uint64_t need = 0;
    for (size_t i = 0; i < 4; ++i) {
      need += mask_dwords(info.sig_output_vectors[i]);
      if (in > 0) need += mask_dwords(info.sig_output_vectors[i]) * in * 4;
    }
    if (r.remaining() == need * 4) {
      prim_mask = false;
      r.warn(Code::legacy_layout, r.offset(), "patch_or_prim_vector_mask",
             "mesh shader PSV0 without the primitive ViewID mask, as LLVM writes it");
    }
  }
  static constexpr std::string_view kStreams[4] = {"output_vector_masks[0]", "output_vector_masks[1]",
                                                   "output_vector_masks[2]", "output_vector_masks[3]"};
  static constexpr std::string_view kMaps[4] = {"input_output_map[0]", "input_output_map[1]", "input_output_map[2]",
                                                "input_output_map[3]"};
  if (info.uses_view_id) {
    for (size_t i = 0; i < 4; ++i)
      if (!read_table(r, mask_dwords(info.sig_output_vectors[i]), out.output_vector_masks[i], kStreams[i]))
        return false;
    if (prim_mask && !read_table(r, mask_dwords(pcp), out.patch_or_prim_vector_mask, "patch_or_prim_vector_mask"))
      return false;
  }
  for (size_t i = 0; i < 4; ++i) {
    const uint32_t o = info.sig_output_vectors[i];
    if (in > 0 && o > 0 && !read_table(r, mask_dwords(o) * in * 4, out.input_output_map[i], kMaps[i]))
      return false;
  }
  if (stage == kHull && pcp > 0 && in > 0 &&
      !read_table(r, mask_dwords(pcp) * in * 4, out.input_patch_map, "input_patch_map"))
    return false;
  const uint32_t out0 = info.sig_output_vectors[0];
  if (stage == kDomain && pcp > 0 && out0 > 0 &&
      !read_table(r, mask_dwords(out0) * pcp * 4, out.patch_output_map, "patch_output_map"))
    return false;
  return true;
}

}  // namespace

bool parse_psv(const PartScope& s, std::optional<uint16_t> dxil_shader_kind, const PsvQuirks& quirks, Psv& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  const uint64_t size_offset = r.offset();
  if (!r.u32(out.runtime_info_size, "runtime_info_size")) return false;
  if (out.runtime_info_size < kPsvRuntimeInfoSize[0])
    return r.fail_at(Code::unsupported_version, size_offset, "runtime_info_size",
                     strprintf("runtime info of %u bytes is smaller than v0's 24", out.runtime_info_size));
  out.version = 0;
  for (uint32_t v = 1; v < 4; ++v)
    if (out.runtime_info_size >= kPsvRuntimeInfoSize[v]) out.version = v;
  if (out.runtime_info_size > kPsvRuntimeInfoSize[3])
    r.warn(Code::psv_newer_version, size_offset, "runtime_info_size",
           strprintf("runtime info of %u bytes; the first 52 (v3) are read", out.runtime_info_size));
  if (!read_runtime_info(r, out.runtime_info_size, out)) return false;

  // Which stage lays out the stage-specific data: PSV0's own from v1 on,
  // else the DXIL program's (v0 has no stage field).
  if (out.version >= 1) {
    out.layout_stage = out.info.shader_stage;
    if (out.info.shader_stage > kMaxShaderKind)
      return r.fail_at(Code::invalid_value, size_offset + 4 + 24, "runtime_info.shader_stage",
                       strprintf("shader stage %u is out of range (0..%u)", out.info.shader_stage, kMaxShaderKind));
    if (dxil_shader_kind && *dxil_shader_kind != out.info.shader_stage)
      r.warn(Code::psv_stage_mismatch, size_offset + 4 + 24, "runtime_info.shader_stage",
             strprintf("PSV0 says stage %u, the DXIL program says %u", out.info.shader_stage, *dxil_shader_kind));
  } else if (dxil_shader_kind) {
    out.layout_stage = *dxil_shader_kind;
  } else {
    out.layout_stage = kMaxShaderKind + 1;  // unknown: no stage-specific fields
    r.warn(Code::missing_dxil_part, size_offset, "", "PSV0 v0 without a DXIL part: shader stage unknown");
  }

  if (!read_resources(r, s, out)) return false;
  if (out.version == 0) {
    warn_trailing(s, r.cursor().position());
    return true;
  }

  uint32_t string_table_size = 0;
  const uint64_t st_offset = r.offset();
  if (!r.u32(string_table_size, "string_table_size")) return false;
  if (string_table_size % 4 != 0)
    return r.fail_at(Code::invalid_value, st_offset, "string_table_size",
                     strprintf("string table size %u is not a multiple of 4", string_table_size));
  if (!r.bytes(string_table_size, out.string_table, "string_table")) return false;

  uint32_t index_count = 0;
  if (!r.u32(index_count, "semantic_index_count")) return false;
  if (uint64_t{index_count} * 4 > r.remaining())
    return r.fail(Code::count_too_large, "semantic_index_count",
                  strprintf("%u indices need %llu bytes, %zu remain", index_count,
                            static_cast<unsigned long long>(uint64_t{index_count} * 4), r.remaining()));
  Bytes indices;
  (void)r.bytes(uint64_t{index_count} * 4, indices, "semantic_index_table");
  out.semantic_index_table = U32Array(indices);

  if (!read_elements(r, s, out)) return false;

  if (out.version >= 3) {
    auto name = cstring_at(out.string_table, out.info.entry_name_offset);
    if (!name)
      return r.fail_at(Code::offset_out_of_bounds, size_offset + 4 + 48, "runtime_info.entry_name_offset",
                       strprintf("entry name offset %u is not a string inside the %zu-byte string table",
                                 out.info.entry_name_offset, out.string_table.size()));
    out.entry_name = *name;
  }

  if (!read_dependency_tables(r, quirks, out)) return false;
  warn_trailing(s, r.cursor().position());
  return true;
}

}  // namespace sp::dxc
