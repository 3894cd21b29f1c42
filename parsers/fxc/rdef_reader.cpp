// RDEF: the header (and SM5's RD11 block), the creator string, the
// resource bindings, the constant buffers with their variables, and the
// type tree the variables reach. Every table's count times its record size
// is checked in 64 bits against the chunk before anything is allocated,
// every string must end inside the chunk, and the type tree is walked with
// an explicit stack: its depth is bounded by limits.max_depth, a type that
// reaches itself is an error (rdef_type_cycle), and a type reached twice
// is decoded once (sharing is legal: fxc shares one float4x4 between
// members). vkd3d's reader has neither a bound nor a cycle check.
#include <algorithm>
#include <cinttypes>
#include <unordered_map>

#include "core/field_reader.h"
#include "core/strings.h"
#include "fxc/rdef.h"

namespace sp::fxc {
namespace {

// Byte offsets of the fields other records point from.
constexpr uint32_t kVariableTypeField = 16;
constexpr uint32_t kMemberTypeField = 4;
constexpr uint32_t kTypeMemberCountField = 10;
constexpr uint32_t kTypeSubTypeField = 16;
constexpr uint32_t kTypeInterfaceCountField = 24;

class RdefReader {
 public:
  RdefReader(const ChunkScope& s, Rdef& out) : s_(s), out_(out) {}

  bool run() {
    // The header, RD11, each table, string and type: a few dozen ranges
    // in fxc's chunks, which would otherwise take the vector through
    // five reallocations.
    claims_.reserve(32);
    if (!header() || !string(out_.creator, s_.at, "creator", 24) || !bindings() || !constant_buffers()) return false;
    record_gaps();
    return true;
  }

 private:
  // --- Header -------------------------------------------------------------

  bool header() {
    FieldReader r(s_.data, s_.base, s_.at, s_.ctx);
    if (!r.u32(out_.constant_buffer_count, "constant_buffer_count") ||
        !r.u32(out_.constant_buffer_offset, "constant_buffer_offset") || !r.u32(out_.binding_count, "binding_count") ||
        !r.u32(out_.binding_offset, "binding_offset") || !r.u8(out_.minor, "minor") || !r.u8(out_.major, "major") ||
        !r.u16(out_.program_type, "program_type") || !r.u32(out_.flags, "flags") ||
        !r.u32(out_.creator.offset, "creator_offset"))
      return false;
    claim(0, kRdefLayout40.header);
    if (out_.major < 4 || out_.major > 5)
      return r.fail_at(Code::unsupported_version, s_.base + 17, "major",
                       strprintf("RDEF of shader model %u.%u: fxc writes 4.0 to 5.1", out_.major, out_.minor));
    if (out_.major < 5) return true;

    // SM5: the RD11 block says the size of every record.
    Rd11& rd = out_.rd11.emplace();
    RdefLayout& l = rd.layout;
    if (!r.u32(rd.magic, "rd11.magic") || !r.u32(l.header, "rd11.header_size") ||
        !r.u32(l.constant_buffer, "rd11.constant_buffer_size") || !r.u32(l.binding, "rd11.binding_size") ||
        !r.u32(l.variable, "rd11.variable_size") || !r.u32(l.type, "rd11.type_size") ||
        !r.u32(l.member, "rd11.member_size") || !r.u32(rd.interface_slots, "rd11.interface_slots"))
      return false;
    claim(kRdefLayout40.header, kRdefLayout50.header - kRdefLayout40.header);
    if (rd.magic != kRd11Magic && rd.magic != kRd11Magic51)
      return r.fail_at(Code::bad_magic, s_.base + 28, "rd11.magic",
                       strprintf("0x%08x is neither 'RD11' (SM5.0) nor 0x%08x (SM5.1)", rd.magic, kRd11Magic51));
    // The sizes must be the known ones: a reader that trusted other sizes
    // would read records no writer defined.
    const RdefLayout& known = rd.magic == kRd11Magic51 ? kRdefLayout51 : kRdefLayout50;
    const uint32_t got[] = {l.header, l.constant_buffer, l.binding, l.variable, l.type, l.member};
    const uint32_t want[] = {known.header, known.constant_buffer, known.binding, known.variable,
                             known.type,   known.member};
    constexpr std::string_view kNames[] = {"header_size", "constant_buffer_size", "binding_size", "variable_size",
                                           "type_size",   "member_size"};
    for (size_t i = 0; i < std::size(got); ++i)
      if (got[i] != want[i]) {
        const std::string field = "rd11." + std::string(kNames[i]);
        return r.fail_at(Code::unsupported_version, s_.base + 32 + 4 * i, field,
                         strprintf("%u bytes; the RD11 layout of 0x%08x has %u", got[i], rd.magic, want[i]));
      }
    return true;
  }

  // --- Tables and strings -------------------------------------------------

  // `count` records of `size` bytes at `offset`, inside the chunk: checked
  // before the caller allocates, and charged to the decode budget (tables
  // may alias: two cbuffers can point at one variable table).
  bool table(uint32_t offset, uint32_t count, uint32_t size, const FieldPath& at, std::string_view count_field,
             uint64_t count_at) {
    if (count == 0) return true;
    const uint64_t bytes = uint64_t{count} * size;
    if (!range_fits(offset, bytes, s_.data.size())) {
      const bool outside = offset >= s_.data.size();
      const FieldPath f = at.field(count_field);
      return s_.ctx.fail(outside ? Code::offset_out_of_bounds : Code::count_too_large, s_.base + count_at, f,
                         strprintf("%u records of %u bytes at offset %u do not fit in the %zu-byte chunk", count, size,
                                   offset, s_.data.size()));
    }
    if (!s_.ctx.charge(count, s_.base + count_at, at)) return false;
    claim(offset, bytes);
    return true;
  }

  // The record i of a table checked by table().
  FieldReader record(uint32_t offset, uint32_t i, uint32_t size, const FieldPath& at) const {
    const uint64_t at_byte = offset + uint64_t{i} * size;
    return FieldReader(s_.data.subspan(static_cast<size_t>(at_byte), size), s_.base + at_byte, at, s_.ctx);
  }

  // The NUL-terminated string at out.offset; `field_at` is the chunk
  // offset of the field that holds the offset.
  bool string(RdefString& out, const FieldPath& at, std::string_view field, uint64_t field_at) {
    const auto text = cstring_at(s_.data, out.offset);
    if (!text) {
      const bool outside = out.offset >= s_.data.size();
      const FieldPath f = at.field(field);
      return s_.ctx.fail(outside ? Code::offset_out_of_bounds : Code::unterminated_string, s_.base + field_at, f,
                         strprintf("the string at offset %u %s", out.offset,
                                   outside ? "is past the end of the chunk" : "has no NUL inside the chunk"));
    }
    out.text = *text;
    claim(out.offset, text->size() + 1);
    return true;
  }

  // --- Bindings, buffers, variables --------------------------------------

  bool bindings() {
    const uint32_t size = out_.layout().binding;
    if (!table(out_.binding_offset, out_.binding_count, size, s_.at, "binding_count", 8)) return false;
    out_.bindings.resize(out_.binding_count);
    for (uint32_t i = 0; i < out_.binding_count; ++i) {
      const FieldPath at = s_.at.item("bindings", i);
      FieldReader r = record(out_.binding_offset, i, size, at);
      RdefBinding& b = out_.bindings[i];
      if (!r.u32(b.name.offset, "name_offset") || !r.u32(b.type, "type") || !r.u32(b.return_type, "return_type") ||
          !r.u32(b.dimension, "dimension") || !r.u32(b.num_samples, "num_samples") ||
          !r.u32(b.bind_point, "bind_point") || !r.u32(b.bind_count, "bind_count") || !r.u32(b.flags, "flags"))
        return false;
      if (out_.sm51() && (!r.u32(b.space, "space") || !r.u32(b.id, "id"))) return false;
      if (!string(b.name, at, "name", out_.binding_offset + uint64_t{i} * size)) return false;
    }
    return true;
  }

  bool constant_buffers() {
    const uint32_t size = out_.layout().constant_buffer;
    if (!table(out_.constant_buffer_offset, out_.constant_buffer_count, size, s_.at, "constant_buffer_count", 0))
      return false;
    out_.constant_buffers.resize(out_.constant_buffer_count);
    for (uint32_t i = 0; i < out_.constant_buffer_count; ++i) {
      const FieldPath at = s_.at.item("constant_buffers", i);
      FieldReader r = record(out_.constant_buffer_offset, i, size, at);
      const uint64_t start = r.offset() - s_.base;
      RdefConstantBuffer& cb = out_.constant_buffers[i];
      if (!r.u32(cb.name.offset, "name_offset") || !r.u32(cb.variable_count, "variable_count") ||
          !r.u32(cb.variable_offset, "variable_offset") || !r.u32(cb.size, "size") || !r.u32(cb.flags, "flags") ||
          !r.u32(cb.type, "type") || !string(cb.name, at, "name", start) || !variables(cb, at, start + 4))
        return false;
    }
    return true;
  }

  bool variables(RdefConstantBuffer& cb, const FieldPath& cb_at, uint64_t count_at) {
    const uint32_t size = out_.layout().variable;
    if (!table(cb.variable_offset, cb.variable_count, size, cb_at, "variable_count", count_at)) return false;
    cb.variables.resize(cb.variable_count);
    for (uint32_t j = 0; j < cb.variable_count; ++j) {
      const FieldPath at = cb_at.item("variables", j);
      FieldReader r = record(cb.variable_offset, j, size, at);
      const uint64_t start = r.offset() - s_.base;
      RdefVariable& v = cb.variables[j];
      if (!r.u32(v.name.offset, "name_offset") || !r.u32(v.start_offset, "start_offset") || !r.u32(v.size, "size") ||
          !r.u32(v.flags, "flags") || !r.u32(v.type.offset, "type_offset") ||
          !r.u32(v.default_value_offset, "default_value_offset"))
        return false;
      if (out_.rd11 && (!r.u32(v.start_texture, "start_texture") || !r.u32(v.texture_size, "texture_size") ||
                        !r.u32(v.start_sampler, "start_sampler") || !r.u32(v.sampler_size, "sampler_size")))
        return false;
      if (!string(v.name, at, "name", start) || !default_value(v, at, start + 20)) return false;
      const FieldPath type_at = at.field("type");
      if (!walk(v.type, type_at, start + kVariableTypeField)) return false;
    }
    return true;
  }

  // A variable's default value: `size` bytes at its offset (0: none).
  bool default_value(RdefVariable& v, const FieldPath& at, uint64_t field_at) {
    if (v.default_value_offset == 0) return true;
    const auto bytes = slice(s_.data, v.default_value_offset, v.size);
    if (!bytes) {
      const FieldPath f = at.field("default_value_offset");
      return s_.ctx.fail(Code::offset_out_of_bounds, s_.base + field_at, f,
                         strprintf("a default value of %u bytes at offset %u is outside the %zu-byte chunk", v.size,
                                   v.default_value_offset, s_.data.size()));
    }
    v.default_value = *bytes;
    claim(v.default_value_offset, v.size);
    return true;
  }

  // --- The type tree -------------------------------------------------------
  //
  // A depth-first walk from a variable's type with an explicit stack. A
  // type's edges, in order: its members' types, its sub type, its base
  // class, its interfaces. A type is `open` while it is on the stack (an
  // edge to it closes a cycle) and `done` once every type it reaches is;
  // height_ is then the most types on a path down from it, so an edge to a
  // done type is checked against the depth bound without walking it again.

  enum class State : uint8_t { open, done };

  struct Frame {
    uint32_t type;
    uint32_t next = 0;  // the next edge to follow
    size_t mark = 0;    // path_'s length below this frame's edge
  };

  // An edge's target: the reference and the chunk offset of the u32 that
  // holds its type offset. A zero sub type or base class offset means none.
  struct Edge {
    RdefTypeRef* ref;
    uint64_t field_at;
    bool optional;
  };

  static uint32_t edge_count(const RdefType& t) {
    return static_cast<uint32_t>(t.members.size() + 2 + t.interfaces.size());
  }

  // Edge e of type t. The pointer is valid until out_.types grows.
  Edge edge(uint32_t t, uint32_t e) {
    RdefType& type = out_.types[t];
    const auto members = static_cast<uint32_t>(type.members.size());
    if (e < members)
      return {&type.members[e].type, type.member_offset + uint64_t{e} * out_.layout().member + kMemberTypeField, false};
    if (e == members) return {&type.sub_type, type.offset + uint64_t{kTypeSubTypeField}, true};
    if (e == members + 1) return {&type.base_class, type.offset + uint64_t{kTypeSubTypeField} + 4, true};
    const uint32_t i = e - members - 2;
    return {&type.interfaces[i], type.interfaces_offset + uint64_t{i} * 4, false};
  }

  // Appends edge e of type t to path_ ("members[0]", "sub_type").
  void append_edge(const RdefType& t, uint32_t e) {
    const size_t members = t.members.size();
    if (!path_.empty()) path_ += '.';
    if (e < members) {
      path_ += "members[" + std::to_string(e) + "]";
    } else if (e == members) {
      path_ += "sub_type";
    } else if (e == members + 1) {
      path_ += "base_class";
    } else {
      path_ += "interfaces[" + std::to_string(e - members - 2) + "]";
    }
  }

  // path_ is the path from the variable's type to the edge being followed,
  // as text: a FieldPath frame per level would recurse once per level when
  // an error renders it.
  bool walk(RdefTypeRef& root, const FieldPath& root_at, uint64_t field_at) {
    stack_.clear();
    path_.clear();
    if (!follow(root, field_at, root_at)) return false;
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      const uint32_t t = f.type;
      if (f.next == edge_count(out_.types[t])) {
        finish(t);
        path_.resize(f.mark);
        stack_.pop_back();
        continue;
      }
      const uint32_t e = f.next++;
      const Edge target = edge(t, e);
      if (target.optional && target.ref->offset == 0) continue;
      const size_t mark = path_.size();
      append_edge(out_.types[t], e);
      const size_t depth = stack_.size();
      const FieldPath at = root_at.field(path_);
      if (!follow(*target.ref, target.field_at, at)) return false;
      if (stack_.size() == depth) {
        path_.resize(mark);  // a type already done: nothing was pushed
      } else {
        stack_.back().mark = mark;
      }
    }
    return true;
  }

  // Resolves ref (at path `at`): a type already seen, or a new one,
  // decoded and pushed.
  bool follow(RdefTypeRef& ref, uint64_t field_at, const FieldPath& at) {
    const uint32_t max_depth = s_.ctx.limits().max_depth;
    const uint64_t depth = stack_.size();  // types above the target
    if (const auto it = type_at_.find(ref.offset); it != type_at_.end()) {
      const uint32_t t = it->second;
      if (state_[t] == State::open)
        return s_.ctx.fail(Code::rdef_type_cycle, s_.base + field_at, at,
                           strprintf("the type at offset %u contains itself", ref.offset));
      if (depth + height_[t] > max_depth) return too_deep(field_at, at, depth + height_[t]);
      ref.index = t;
      return true;
    }
    if (depth + 1 > max_depth) return too_deep(field_at, at, depth + 1);
    const auto t = static_cast<uint32_t>(out_.types.size());
    ref.index = t;
    const uint32_t offset = ref.offset;  // ref dangles once types grows
    type_at_.emplace(offset, t);
    state_.push_back(State::open);
    height_.push_back(0);
    out_.types.emplace_back().offset = offset;
    stack_.push_back(Frame{t});
    return decode_type(out_.types[t], field_at, at);
  }

  [[gnu::cold]] bool too_deep(uint64_t field_at, const FieldPath& at, uint64_t depth) {
    return s_.ctx.fail(
        Code::limit_exceeded, s_.base + field_at, at,
        strprintf("types nested %" PRIu64 " deep, past ", depth) + limit_text(&Limits::max_depth, s_.ctx.limits().max_depth));
  }

  // Every type t reaches is done: its height is one more than theirs.
  void finish(uint32_t t) {
    uint32_t below = 0;
    const RdefType& type = out_.types[t];
    for (uint32_t e = 0; e < edge_count(type); ++e) {
      const RdefTypeRef* ref = edge(t, e).ref;
      if (ref->index != kNoType) below = std::max(below, height_[ref->index]);
    }
    height_[t] = below + 1;
    state_[t] = State::done;
  }

  // The record of a type (its offset set), its name, members and
  // interface list.
  bool decode_type(RdefType& type, uint64_t field_at, const FieldPath& at) {
    const RdefLayout& l = out_.layout();
    if (!range_fits(type.offset, l.type, s_.data.size()))
      return s_.ctx.fail(type.offset >= s_.data.size() ? Code::offset_out_of_bounds : Code::truncated,
                         s_.base + field_at, at,
                         strprintf("a type of %u bytes at offset %u does not fit in the %zu-byte chunk", l.type,
                                   type.offset, s_.data.size()));
    claim(type.offset, l.type);
    FieldReader r = record(type.offset, 0, l.type, at);
    if (!r.u16(type.variable_class, "class") || !r.u16(type.variable_type, "type") || !r.u16(type.rows, "rows") ||
        !r.u16(type.columns, "columns") || !r.u16(type.elements, "elements") ||
        !r.u16(type.member_count, "member_count") || !r.u32(type.member_offset, "member_offset"))
      return false;
    if (out_.rd11 &&
        (!r.u32(type.sub_type.offset, "sub_type_offset") || !r.u32(type.base_class.offset, "base_class_offset") ||
         !r.u32(type.interface_count, "interface_count") || !r.u32(type.interfaces_offset, "interfaces_offset") ||
         !r.u32(type.name.offset, "name_offset")))
      return false;
    if (type.name.offset != 0 && !string(type.name, at, "name", type.offset + uint64_t{32})) return false;
    if (!table(type.member_offset, type.member_count, l.member, at, "member_count",
               type.offset + uint64_t{kTypeMemberCountField}))
      return false;
    type.members.resize(type.member_count);
    for (uint32_t k = 0; k < type.member_count; ++k) {
      const FieldPath mat = at.item("members", k);
      FieldReader m = record(type.member_offset, k, l.member, mat);
      RdefMember& member = type.members[k];
      if (!m.u32(member.name.offset, "name_offset") || !m.u32(member.type.offset, "type_offset") ||
          !m.u32(member.offset, "offset") ||
          !string(member.name, mat, "name", type.member_offset + uint64_t{k} * l.member))
        return false;
    }
    if (!table(type.interfaces_offset, type.interface_count, 4, at, "interface_count",
               type.offset + uint64_t{kTypeInterfaceCountField}))
      return false;
    type.interfaces.resize(type.interface_count);
    for (uint32_t i = 0; i < type.interface_count; ++i)
      type.interfaces[i].offset = load_le<uint32_t>(s_.data.data() + type.interfaces_offset + size_t{i} * 4);
    return true;
  }

  // --- What no record claims ---------------------------------------------

  void claim(uint64_t offset, uint64_t size) { claims_.push_back({offset, offset + size}); }

  // The bytes between claimed ranges (fxc pads with 0xAB to 4 bytes),
  // kept so the writer reproduces them.
  void record_gaps() {
    std::sort(claims_.begin(), claims_.end());
    uint64_t covered = 0;
    for (const auto& [begin, end] : claims_) {
      if (begin > covered) add_gap(covered, begin);
      covered = std::max(covered, end);
    }
    if (covered < s_.data.size()) add_gap(covered, s_.data.size());
  }

  void add_gap(uint64_t begin, uint64_t end) {
    out_.gaps.push_back(RdefGap{static_cast<uint32_t>(begin),
                                s_.data.subspan(static_cast<size_t>(begin), static_cast<size_t>(end - begin))});
  }

  const ChunkScope& s_;
  Rdef& out_;
  std::vector<std::pair<uint64_t, uint64_t>> claims_;
  std::unordered_map<uint32_t, uint32_t> type_at_;  // record offset -> index in out_.types
  std::vector<State> state_;
  std::vector<uint32_t> height_;
  std::vector<Frame> stack_;
  std::string path_;
};

}  // namespace

bool parse_rdef(const ChunkScope& s, Rdef& out) { return RdefReader(s, out).run(); }

}  // namespace sp::fxc
