// A whole .vbc file: the header and reflection records field by field (the
// file is packed, so every field is copied out with load_le at whatever
// alignment it has), every count checked against the bytes left before
// anything is reserved, every limit of VSL's compiler checked with its own
// code, the stages sliced by the header's word counts, and the file
// consumed exactly (Vega's loader: "File not fully consumed by parser").
//
// The two known bad writers (docs/formats/vbc.md §The two known bad writers) are recognised by where the
// bytes after the reflection would have to be for their layout to fit the
// file exactly: VSL's writer that dumps 48-byte in-memory structs as
// subpass inputs (rejected: vsl_subpass_struct_dump), and the older writer
// whose uniform has u32 sizes under the same version 1 (decoded when the
// current layout does not fit and the older one does: old_uniform_layout).
#include <cinttypes>

#include "core/field_reader.h"
#include "core/strings.h"
#include "vbc/checks.h"
#include "vbc/shader.h"

namespace sp::vbc {
namespace {

constexpr uint8_t kMagic[3] = {'V', 'B', 'C'};
constexpr size_t kMinMemberSize = 7;      // u8 length, u16 offset, 4 type bytes
constexpr size_t kOldMemberRecordSize = 12;  // before the name

std::string locations_text(uint32_t limit) { return strprintf("[0, %u)", limit); }

class ReflectionReader {
 public:
  ReflectionReader(Bytes file, uint64_t base, Context& ctx, Shader& out, UniformLayout layout)
      : file_(file), base_(base), ctx_(ctx), out_(out), layout_(layout), r_(file, base, root_, ctx) {}

  bool run() {
    out_.uniform_layout = layout_;
    if (!header()) return false;
    out_.sections.vertex_inputs = r_.offset();
    if (!interface_table(out_.vertex_inputs, "vertex_inputs", kVertexInputLocations,
                         Code::vertex_input_location_out_of_range))
      return false;
    out_.sections.fragment_outputs = r_.offset();
    if (!interface_table(out_.fragment_outputs, "fragment_outputs", kFragmentOutputLocations,
                         Code::fragment_output_location_out_of_range))
      return false;
    out_.sections.bindings = r_.offset();
    if (!bindings()) return false;
    out_.sections.uniform = r_.offset();
    reached_uniform_ = true;
    if (!uniform()) return false;
    out_.sections.subpass_inputs = r_.offset();
    if (!subpass_inputs()) return false;
    out_.sections.bytecode = r_.offset();
    return stages();
  }

  // Whether the read got past the bindings: a failure from there on may
  // be the older writer's uniform.
  [[nodiscard]] bool reached_uniform() const { return reached_uniform_; }

 private:
  // ---- Fields -------------------------------------------------------------
  template <size_t N>
  void padding(const std::array<uint8_t, N>& bytes, uint64_t at, const FieldPath& path) {
    for (const uint8_t b : bytes)
      if (b != 0) {
        ctx_.warn(Code::padding_nonzero, at, path, "reserved padding bytes are not zero: " + hex_text(bytes));
        return;
      }
  }

  // ---- Header (25 bytes) --------------------------------------------------
  bool header() {
    const FieldPath h = root_.field("header");
    const size_t magic = std::min<size_t>(3, file_.size());
    if (!std::equal(file_.begin(), file_.begin() + static_cast<ptrdiff_t>(magic), kMagic)) {
      const FieldPath m = h.field("magic");
      return ctx_.fail(Code::bad_magic, base_, m, "the file does not start with \"VBC\"");
    }
    std::optional<FieldReader> head = r_.sub(0, kHeaderSize, h);
    if (!head || !r_.skip(3, {})) return false;
    const FieldPath version = h.field("version");
    if (!r_.u8(out_.header.version, version)) return false;
    if (out_.header.version != kVersion)
      return ctx_.fail(Code::unsupported_version, base_ + 3, version,
                       strprintf("version %u: VSL writes version 1 only", out_.header.version));
    const FieldPath type = h.field("shader_type");
    if (!r_.u8(out_.header.shader_type, type)) return false;
    if (out_.header.shader_type != kGraphics)
      return ctx_.fail(Code::shader_type_not_graphics, base_ + 4, type,
                       strprintf("shader type %u: 1 (graphics) is the only one", out_.header.shader_type));
    const FieldPath words = h.field("bytecode_words");
    for (size_t i = 0; i < kStageCount; ++i)
      if (!r_.u16(words_[i], words)) return false;
    const FieldPath tables = h.field("table_sizes");
    for (uint16_t& t : out_.header.table_sizes)
      if (!r_.u16(t, tables)) return false;
    for (const Stage s : {Stage::vert, Stage::frag}) {
      if (words_[static_cast<size_t>(s)] != 0) continue;
      const FieldPath w = words.field(stage_name(s));
      return ctx_.fail(Code::required_stage_missing, base_ + 5 + 2 * static_cast<size_t>(s), w,
                       strprintf("a %s stage is required, and its word count is 0",
                                 s == Stage::vert ? "vertex" : "fragment"));
    }
    for (const uint16_t w : words_) stage_bytes_ += uint64_t{w} * 4;
    return true;
  }

  // ---- Vertex inputs and fragment outputs (8 bytes each) -----------------
  bool interface_table(std::vector<InterfaceVariable>& list, std::string_view name, uint32_t locations,
                       Code location_code) {
    const FieldPath table = root_.field(name);
    const uint64_t at = r_.offset();
    uint32_t count = 0;
    const FieldPath count_path = table.field("count");
    if (!r_.u32(count, count_path)) return false;
    if (!r_.fits(count, kInterfaceRecordSize, at, count_path)) return false;
    list.reserve(count);
    FieldPath::Cursor cur{0, {}};
    const FieldPath item = root_.cursor(name, cur);
    for (uint32_t i = 0; i < count; ++i) {
      cur.index = i;
      cur.name = {};
      InterfaceVariable& v = list.emplace_back();
      v.file_offset = r_.offset();
      if (!r_.u8(v.location, item) || !r_.u8(v.base_type, item) || !r_.bytes(v.dims, item) ||
          !r_.u8(v.array_size, item) || !r_.bytes(v.padding, item))
        return false;
      if (v.location >= locations) {
        cur.name = "location";
        return ctx_.fail(location_code, v.file_offset, item,
                         strprintf("location %u is outside %s", v.location, locations_text(locations).c_str()));
      }
      if (!is_interface_type(v.base_type)) {
        cur.name = "base_type";
        return ctx_.fail(Code::invalid_base_type, v.file_offset + 1, item,
                         strprintf("base type %s: an interface variable is Signed, Unsigned or Float",
                                   base_type_name(v.base_type).c_str()));
      }
      if (!dims(v.dims, v.file_offset + 2, item, cur)) return false;
      if (!array_size(v.array_size, v.file_offset + 4, item, cur)) return false;
      cur.name = "padding";
      padding(v.padding, v.file_offset + 5, item);
    }
    return true;
  }

  bool dims(const std::array<uint8_t, 2>& d, uint64_t at, const FieldPath& item, FieldPath::Cursor& cur) {
    if (is_dimension(d[0]) && is_dimension(d[1])) return true;
    cur.name = "dims";
    return ctx_.fail(Code::invalid_dimensions, at, item,
                     strprintf("dimensions %ux%u: a number, vector or matrix has 1 to 4 rows and columns", d[0], d[1]));
  }

  bool array_size(uint32_t n, uint64_t at, const FieldPath& item, FieldPath::Cursor& cur) {
    if (n >= 1 && n <= kMaxArraySize) return true;
    cur.name = "array_size";
    return ctx_.fail(Code::array_size_out_of_range, at, item,
                     strprintf("array size %u: 1 (not an array) to %u", n, kMaxArraySize));
  }

  // ---- Bindings (8 bytes each) --------------------------------------------
  bool bindings() {
    const FieldPath table = root_.field("bindings");
    const uint64_t at = r_.offset();
    uint32_t count = 0;
    const FieldPath count_path = table.field("count");
    if (!r_.u32(count, count_path)) return false;
    if (count > kMaxBindings)
      return ctx_.fail(Code::too_many_bindings, at, count_path,
                       strprintf("%u bindings: VSL allows at most %u", count, kMaxBindings));
    if (!r_.fits(count, kBindingRecordSize, at, count_path)) return false;
    out_.bindings.reserve(count);
    uint32_t used = 0;  // bit s: slot s seen
    FieldPath::Cursor cur{0, {}};
    const FieldPath item = root_.cursor("bindings", cur);
    for (uint32_t i = 0; i < count; ++i) {
      cur.index = i;
      cur.name = {};
      Binding& b = out_.bindings.emplace_back();
      b.file_offset = r_.offset();
      if (!r_.u8(b.slot, item) || !r_.u8(b.base_type, item) || !r_.u16(b.stage_mask, item) ||
          !r_.bytes(b.layout, item))
        return false;
      cur.name = "slot";
      if (b.slot >= kBindingSlots)
        return ctx_.fail(Code::binding_slot_out_of_range, b.file_offset, item,
                         strprintf("slot %u is outside [0, %u)", b.slot, kBindingSlots));
      if ((used >> b.slot & 1u) != 0)
        return ctx_.fail(Code::duplicate_binding_slot, b.file_offset, item,
                         strprintf("slot %u is bound twice", b.slot));
      used |= 1u << b.slot;
      cur.name = "base_type";
      if (!is_binding_type(b.base_type))
        return ctx_.fail(Code::invalid_base_type, b.file_offset + 1, item,
                         strprintf("base type %s: a binding is Sampler, Image, ROBuffer, RWBuffer, ROTexels or "
                                   "RWTexels",
                                   base_type_name(b.base_type).c_str()));
      if (b.is_buffer()) {
        cur.name = "padding";
        padding(std::array<uint8_t, 2>{b.layout[2], b.layout[3]}, b.file_offset + 6, item);
        continue;
      }
      cur.name = "texel_rank";
      if (!is_texel_rank(b.texel_rank()))
        return ctx_.fail(Code::invalid_texel_rank, b.file_offset + 4, item,
                         strprintf("texel rank %u is not 0 (1D) to 6 (Buffer)", b.texel_rank()));
      cur.name = "texel_type";
      if (!is_texel_type(b.texel_type()))
        return ctx_.fail(Code::invalid_texel_type, b.file_offset + 5, item,
                         strprintf("texel type %u is not 0 (Signed) to 4 (SNorm)", b.texel_type()));
      cur.name = "texel_components";
      if (!is_component_count(b.texel_components()))
        return ctx_.fail(Code::invalid_component_count, b.file_offset + 7, item,
                         strprintf("%u components: a texel has 1, 2 or 4", b.texel_components()));
    }
    return true;
  }

  // ---- The uniform --------------------------------------------------------
  // Its size, then (when not 0) the stage mask, the member count, and the
  // members: the current layout (u16 size; u8 name length, name, u16
  // offset, type) or the older writer's (u32 size; a 12-byte record of u32
  // offset, type, u32 name length; then the name).
  bool uniform() {
    const FieldPath u = root_.field("uniform");
    const uint64_t at = r_.offset();
    uint32_t size = 0;
    const FieldPath size_path = u.field("size");
    if (!size_field(size, size_path)) return false;
    if (size == 0) return true;
    if (!uniform_head(size, at, u)) return false;
    Uniform& uni = *out_.uniform;
    FieldPath::Cursor cur{0, {}};
    const FieldPath item = u.cursor("members", cur);
    for (UniformMember& m : uni.members) {
      m.file_offset = r_.offset();
      uint64_t offset_at = m.file_offset;
      uint64_t type_at = m.file_offset + 4;
      if (layout_ == UniformLayout::current) {
        uint8_t length = 0;
        cur.name = "name_length";
        if (!r_.u8(length, item) || !name(m, length, item, cur)) return false;
        offset_at = r_.offset();
        type_at = offset_at + 2;
        cur.name = "offset";
        if (!size_field(m.offset, item) || !member_type(m, item, cur)) return false;
      } else {
        uint32_t length = 0;
        cur.name = "offset";
        if (!size_field(m.offset, item) || !member_type(m, item, cur)) return false;
        cur.name = "name_length";
        if (!r_.u32(length, item) || !name(m, length, item, cur)) return false;
      }
      if (!member_checks(m, uni, offset_at, type_at, item, cur)) return false;
      ++cur.index;
    }
    return true;
  }

  // The uniform's size or a member's offset: a u16 in the current layout,
  // a u32 in the older writer's.
  bool size_field(uint32_t& v, const FieldPath& at) {
    if (layout_ == UniformLayout::old_u32) return r_.u32(v, at);
    uint16_t narrow = 0;
    if (!r_.u16(narrow, at)) return false;
    v = narrow;
    return true;
  }

  // The size (read), the stage mask and the member count.
  bool uniform_head(uint32_t size, uint64_t at, const FieldPath& u) {
    if (size > kMaxUniformSize) {
      const FieldPath s = u.field("size");
      return ctx_.fail(Code::uniform_too_large, at, s,
                       strprintf("a uniform of %u bytes: VSL allows at most %u", size, kMaxUniformSize));
    }
    Uniform& uni = out_.uniform.emplace();
    uni.file_offset = at;
    uni.size = size;
    const FieldPath stage_mask = u.field("stage_mask");
    if (!r_.u16(uni.stage_mask, stage_mask)) return false;
    const uint64_t count_at = r_.offset();
    uint32_t count = 0;
    const FieldPath count_path = u.field("member_count");
    if (!r_.u32(count, count_path)) return false;
    const size_t min_size = layout_ == UniformLayout::current ? kMinMemberSize : kOldMemberRecordSize;
    if (!r_.fits(count, min_size, count_at, count_path)) return false;
    uni.members.resize(count);
    return true;
  }

  bool name(UniformMember& m, uint32_t length, const FieldPath& item, FieldPath::Cursor& cur) {
    cur.name = "name";
    if (length > kMaxNameLength)
      return ctx_.fail(Code::name_too_long, r_.offset(), item,
                       strprintf("a name of %u characters: VSL allows at most %u", length, kMaxNameLength));
    Bytes b;
    if (!r_.bytes(length, b, item)) return false;
    m.name = std::string(b.begin(), b.end());
    return true;
  }

  bool member_type(UniformMember& m, const FieldPath& item, FieldPath::Cursor& cur) {
    cur.name = "type";
    return r_.u8(m.base_type, item) && r_.bytes(m.dims, item) && r_.u8(m.array_size, item);
  }

  bool member_checks(const UniformMember& m, const Uniform& uni, uint64_t offset_at, uint64_t type_at,
                     const FieldPath& item, FieldPath::Cursor& cur) {
    cur.name = "offset";
    if (m.offset >= uni.size)
      return ctx_.fail(Code::uniform_member_out_of_bounds, offset_at, item,
                       strprintf("offset %u is not inside the uniform's %u bytes", m.offset, uni.size));
    cur.name = "base_type";
    if (!is_member_type(m.base_type))
      return ctx_.fail(Code::invalid_base_type, type_at, item,
                       strprintf("base type %s: a uniform member is Boolean, Signed, Unsigned or Float",
                                 base_type_name(m.base_type).c_str()));
    return dims(m.dims, type_at + 1, item, cur) && array_size(m.array_size, type_at + 3, item, cur);
  }

  // ---- Subpass inputs (4 bytes each) --------------------------------------
  bool subpass_inputs() {
    const FieldPath table = root_.field("subpass_inputs");
    const uint64_t at = r_.offset();
    uint32_t count = 0;
    const FieldPath count_path = table.field("count");
    if (!r_.u32(count, count_path)) return false;
    if (count > kMaxSubpassInputs)
      return ctx_.fail(Code::too_many_subpass_inputs, at, count_path,
                       strprintf("%u subpass inputs: VSL allows at most %u", count, kMaxSubpassInputs));
    if (count > 0 && is_vsl_struct_dump(count)) {
      const FieldPath records = table.item("records", 0);
      return ctx_.fail(Code::vsl_subpass_struct_dump, r_.offset(), records,
                       strprintf("the %u subpass inputs take %zu bytes each, and the SPIR-V starts where VSL's "
                                 "writer puts it after dumping its in-memory SubpassInputVariable (std::string, "
                                 "index, format pointer) instead of the 4-byte record",
                                 count, kVslSubpassStructSize));
    }
    if (!r_.fits(count, kSubpassRecordSize, at, count_path)) return false;
    out_.subpass_inputs.reserve(count);
    FieldPath::Cursor cur{0, {}};
    const FieldPath item = root_.cursor("subpass_inputs", cur);
    for (uint32_t i = 0; i < count; ++i) {
      cur.index = i;
      SubpassInput& s = out_.subpass_inputs.emplace_back();
      s.file_offset = r_.offset();
      if (!r_.u8(s.texel_type, item) || !r_.u8(s.components, item) || !r_.bytes(s.padding, item)) return false;
      cur.name = "texel_type";
      if (!is_texel_type(s.texel_type))
        return ctx_.fail(Code::invalid_texel_type, s.file_offset, item,
                         strprintf("texel type %u is not 0 (Signed) to 4 (SNorm)", s.texel_type));
      cur.name = "components";
      if (!is_component_count(s.components))
        return ctx_.fail(Code::invalid_component_count, s.file_offset + 1, item,
                         strprintf("%u components: a texel has 1, 2 or 4", s.components));
      cur.name = "padding";
      padding(s.padding, s.file_offset + 2, item);
    }
    return true;
  }

  // VSL's writer wrote `count` 48-byte structs: the 4-byte records do not
  // fit the file exactly and the structs do, with SPIR-V right after them.
  bool is_vsl_struct_dump(uint32_t count) const {
    const uint64_t remaining = r_.remaining();
    const uint64_t records = uint64_t{count} * kSubpassRecordSize;
    const uint64_t structs = uint64_t{count} * kVslSubpassStructSize;
    if (remaining == records + stage_bytes_ || remaining != structs + stage_bytes_) return false;
    const Bytes spirv = r_.rest().subspan(static_cast<size_t>(structs));
    uint32_t magic = 0;
    return SpanReader(spirv).read_u32_le(magic) && magic == kSpirvMagic;
  }

  // ---- The SPIR-V of each present stage, then nothing -------------------
  bool stages() {
    const FieldPath all = root_.field("stages");
    for (const Stage s : kStages) {
      const uint16_t words = words_[static_cast<size_t>(s)];
      if (words == 0) continue;
      StageCode& code = out_.stage(s);
      code.file_offset = r_.offset();
      const FieldPath at = all.field(stage_name(s));
      if (!r_.bytes(uint64_t{words} * 4, code.code, at)) return false;
    }
    if (r_.remaining() != 0)
      return ctx_.fail(Code::file_not_consumed, r_.offset(), root_,
                       strprintf("%zu bytes follow the last stage's SPIR-V", r_.remaining()));
    return true;
  }

  Bytes file_;
  uint64_t base_;
  Context& ctx_;
  Shader& out_;
  UniformLayout layout_;
  const FieldPath root_ = FieldPath::root();
  FieldReader r_;
  std::array<uint16_t, kStageCount> words_{};
  uint64_t stage_bytes_ = 0;
  bool reached_uniform_ = false;
};

ParseResult finish(Context& ctx, Shader& shader, const ReadOptions& options) {
  if (check_stages(shader, options, ctx)) cross_check(shader, ctx);
  ParseResult r = ParseResult::taken_from(ctx);
  if (!r.error) r.shader = std::move(shader);
  return r;
}

}  // namespace

uint16_t Shader::present_stages() const {
  uint16_t mask = 0;
  for (const Stage s : kStages)
    if (stage(s).present()) mask = static_cast<uint16_t>(mask | stage_bit(s));
  return mask;
}

ParseResult parse_shader(Bytes file, const Limits& limits, uint64_t base, const ReadOptions& options) {
  Context ctx(limits, file.size());
  Shader shader;
  ReflectionReader reader(file, base, ctx, shader, UniformLayout::current);
  if (reader.run() || !reader.reached_uniform()) {
    if (ctx.failed()) return ParseResult::taken_from(ctx);
    return finish(ctx, shader, options);
  }
  // The current layout does not fit from the uniform on; the older
  // writer's may. Only when it fits the whole file is it taken.
  Context old_ctx(limits, file.size());
  Shader old;
  ReflectionReader old_reader(file, base, old_ctx, old, UniformLayout::old_u32);
  if (!old_reader.run()) return ParseResult::taken_from(ctx);
  const FieldPath u = FieldPath::root("uniform");
  old_ctx.warn(Code::old_uniform_layout, old.sections.uniform, u,
               "the uniform has the older writer's layout (u32 size, 12-byte member records with u32 offsets and "
               "name lengths), which fits the file where the current one does not (" +
                   ctx.error()->to_string() + ")");
  return finish(old_ctx, old, options);
}

}  // namespace sp::vbc
