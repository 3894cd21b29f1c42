// The constant table (constant_table.h). fxc lays it out header, constant
// records, then each constant's name, type record, members and default
// value, then the target and creator strings; the reader follows the
// offsets wherever they point inside the comment, and the model keeps
// them, since the program writer writes the comment's bytes as they were.
#include <cinttypes>

#include "core/span_reader.h"
#include "core/strings.h"
#include "d3d9/comment_blob.h"
#include "d3d9/constant_table.h"

namespace sp::d3d9 {
namespace {

// The records' sizes (d3dx9shader.h): D3DXSHADER_CONSTANTTABLE,
// _CONSTANTINFO, _TYPEINFO, _STRUCTMEMBERINFO.
constexpr uint32_t kHeaderSize = 28;
constexpr uint32_t kConstantInfoSize = 20;
constexpr uint32_t kTypeInfoSize = 16;
constexpr uint32_t kMemberInfoSize = 8;
constexpr uint32_t kRoot = UINT32_MAX;

class TableReader {
 public:
  TableReader(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, ConstantTable& out)
      : blob_(data, base, "the constant table"), data_(data), base_(base), at_(at), ctx_(ctx), out_(out) {}

  bool run() {
    if (data_.size() < kHeaderSize)
      return ctx_.fail(Code::truncated, base_, at_,
                       strprintf("a constant table header takes %u bytes, the comment holds %zu after its fourcc",
                                 kHeaderSize, data_.size()));
    out_.size = u32(0);
    out_.creator_offset = u32(4);
    out_.version = u32(8);
    out_.constant_count = u32(12);
    out_.constants_offset = u32(16);
    out_.flags = u32(20);
    out_.target_offset = u32(24);
    // D3DX's own reader (D3DXGetShaderConstantTable) rejects any other size.
    if (out_.size != kHeaderSize)
      return ctx_.fail(Code::size_mismatch, base_, at_.field("size"),
                       strprintf("header size %u, the D3DXSHADER_CONSTANTTABLE header is %u", out_.size, kHeaderSize));
    if (auto p = string_problem(out_.creator_offset, base_ + 4, out_.creator)) return fail(*p, at_.field("creator"));
    if (auto p = string_problem(out_.target_offset, base_ + 24, out_.target)) return fail(*p, at_.field("target"));
    if (auto p = array_problem(out_.constants_offset, out_.constant_count, kConstantInfoSize, base_ + 16, base_ + 12))
      return fail(*p, at_.field("constants"));
    out_.constants.reserve(out_.constant_count);
    for (uint32_t i = 0; i < out_.constant_count; ++i)
      if (!constant(i, out_.constants_offset + i * kConstantInfoSize)) return false;
    return true;
  }

 private:
  uint32_t u32(uint64_t at) const { return blob_.u32(at); }
  uint16_t u16(uint64_t at) const { return blob_.u16(at); }

  bool fail(const Problem& p, const FieldPath& at) { return ctx_.fail(p.code, p.offset, at, p.message); }

  std::optional<Problem> string_problem(uint32_t offset, uint64_t field, FileText& out) const {
    return blob_.string_problem(offset, field, out);
  }
  std::optional<Problem> array_problem(uint32_t offset, uint64_t count, uint32_t size, uint64_t offset_field,
                                       uint64_t count_field) const {
    return blob_.array_problem(offset, count, size, offset_field, count_field);
  }

  bool constant(uint32_t index, uint32_t record) {
    const FieldPath at = at_.item("constants", index);
    Constant& c = out_.constants.emplace_back();
    c.name_offset = u32(record);
    c.register_set = u16(record + 4);
    c.register_index = u16(record + 6);
    c.register_count = u16(record + 8);
    c.reserved = u16(record + 10);
    c.type_offset = u32(record + 12);
    c.default_value_offset = u32(record + 16);
    if (auto p = string_problem(c.name_offset, base_ + record, c.name)) return fail(*p, at.field("name"));
    if (c.default_value_offset >= data_.size() && c.default_value_offset != 0)
      return ctx_.fail(Code::offset_out_of_bounds, base_ + record + 16, at.field("default_value"),
                       strprintf("default value offset %u is outside the constant table's %zu bytes",
                                 c.default_value_offset, data_.size()));
    c.type = static_cast<uint32_t>(out_.types.size());
    if (!type_info(c.type_offset, base_ + record + 12, kRoot, 0, index)) return false;
    return members_of_tree(index, c.type);
  }

  // The members of type `root` of constant `constant`, and of everything
  // they reach, depth first with an explicit stack: a hostile table may
  // nest as deep as it likes, and a member may point back at a type on its
  // own path.
  bool members_of_tree(uint32_t constant, uint32_t root) {
    std::vector<uint32_t> pending = {root};
    while (!pending.empty()) {
      const uint32_t t = pending.back();
      pending.pop_back();
      const uint32_t count = out_.types[t].member_count;
      const uint32_t first = out_.types[t].members_offset;
      if (count == 0) continue;
      const uint64_t field = base_ + out_.types[t].offset + 12;
      if (auto p = array_problem(first, count, kMemberInfoSize, field, field - 2))
        return fail_in(*p, constant, t, "members");
      if (!charge(count, field - 2, constant, t)) return false;
      out_.types[t].first_member = static_cast<uint32_t>(out_.members.size());
      for (uint32_t k = 0; k < count; ++k) {
        const uint32_t record = first + k * kMemberInfoSize;
        Member m;
        m.name_offset = u32(record);
        m.type_offset = u32(record + 4);
        if (auto p = string_problem(m.name_offset, base_ + record, m.name))
          return fail_in(*p, constant, t, strprintf("members[%u].name", k));
        if (auto p = member_type_problem(t, m.type_offset, base_ + record + 4))
          return fail_in(*p, constant, t, strprintf("members[%u].type", k));
        m.type = static_cast<uint32_t>(out_.types.size());
        if (!type_info(m.type_offset, base_ + record + 4, t, k, constant)) return false;
        out_.members.push_back(m);
        pending.push_back(m.type);
      }
    }
    return true;
  }

  // A member of type `t` may not nest past limits.max_depth nor name a
  // type on its own path (which would nest forever).
  std::optional<Problem> member_type_problem(uint32_t t, uint32_t offset, uint64_t field) const {
    if (walk_[t].depth + 1 >= ctx_.limits().max_depth)
      return Problem{Code::limit_exceeded, field,
                     strprintf("struct members nested %u deep, past ", walk_[t].depth + 1) +
                         limit_text(&Limits::max_depth, ctx_.limits().max_depth)};
    for (uint32_t x = t; x != kRoot; x = walk_[x].parent)
      if (out_.types[x].offset == offset)
        return Problem{Code::type_cycle, field,
                       strprintf("the member's type at offset %u is that of %s", offset,
                                 x == t ? "its own struct" : "an enclosing struct")};
    return std::nullopt;
  }

  // One D3DXSHADER_TYPEINFO, appended to out_.types (its members are read
  // when the walk takes it from the stack).
  bool type_info(uint32_t offset, uint64_t field, uint32_t parent, uint32_t member, uint32_t constant) {
    const auto t = static_cast<uint32_t>(out_.types.size());
    walk_.push_back({parent, member, parent == kRoot ? 0 : walk_[parent].depth + 1});
    out_.types.emplace_back();
    if (!range_fits(offset, kTypeInfoSize, data_.size()))
      return fail_in(
          Problem{Code::offset_out_of_bounds, field,
                  strprintf("a type record of %u bytes at offset %u is outside the constant table's %zu bytes",
                            kTypeInfoSize, offset, data_.size())},
          constant, t, "");
    if (!charge(1, base_ + offset, constant, t)) return false;
    TypeInfo& info = out_.types.back();
    info.offset = offset;
    info.klass = u16(offset);
    info.type = u16(offset + 2);
    info.rows = u16(offset + 4);
    info.columns = u16(offset + 6);
    info.elements = u16(offset + 8);
    info.member_count = u16(offset + 10);
    info.members_offset = u32(offset + 12);
    return true;
  }

  // Types and members are charged to the decode budget: one record may be
  // reached from many members.
  bool charge(uint64_t records, uint64_t offset, uint32_t constant, uint32_t t) {
    if (records <= ctx_.budget()) return ctx_.charge(records, offset, at_);
    const std::string path = type_path(constant, t);
    const FieldPath at = at_.field(path);
    return ctx_.charge(records, offset, at);
  }

  // A problem of type `t` of constant `constant`, or of its field `tail`.
  bool fail_in(const Problem& p, uint32_t constant, uint32_t t, const std::string& tail) {
    const std::string path = type_path(constant, t) + (tail.empty() ? "" : "." + tail);
    const FieldPath at = at_.field(path);
    return fail(p, at);
  }

  // "constants[2].type.members[1].type": where type `t` hangs.
  std::string type_path(uint32_t constant, uint32_t t) const {
    std::vector<uint32_t> chain;
    for (uint32_t x = t; walk_[x].parent != kRoot; x = walk_[x].parent) chain.push_back(walk_[x].member);
    std::string out = strprintf("constants[%u].type", constant);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) out += strprintf(".members[%u].type", *it);
    return out;
  }

  // Where each of out_.types hangs in its tree.
  struct Walked {
    uint32_t parent;  // index into out_.types, or kRoot
    uint32_t member;  // its index among the parent's members
    uint32_t depth;
  };

  CommentBlob blob_;
  Bytes data_;
  uint64_t base_;
  const FieldPath& at_;
  Context& ctx_;
  ConstantTable& out_;
  std::vector<Walked> walk_;
};

}  // namespace

bool parse_constant_table(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, ConstantTable& out) {
  return TableReader(data, base, at, ctx, out).run();
}

}  // namespace sp::d3d9
