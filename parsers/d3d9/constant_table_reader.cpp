// The constant table (constant_table.h). fxc lays it out header, constant
// records, then each constant's name, type record, members and default
// value, then the target and creator strings; the reader follows the
// offsets wherever they point inside the comment, and the model keeps
// them, since the program writer writes the comment's bytes as they were.
#include <cinttypes>

#include "core/field_reader.h"
#include "core/strings.h"
#include "d3d9/comment_table.h"
#include "d3d9/constant_table.h"

namespace sp::d3d9 {
namespace {

// The records' sizes (d3dx9shader.h): D3DXSHADER_CONSTANTTABLE,
// _CONSTANTINFO, _STRUCTMEMBERINFO (_TYPEINFO's is in constant_table.h).
constexpr uint32_t kHeaderSize = 28;
constexpr uint32_t kConstantInfoSize = 20;
constexpr uint32_t kMemberInfoSize = 8;
constexpr uint32_t kRoot = UINT32_MAX;

class TableReader {
 public:
  TableReader(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, ConstantTable& out)
      : r_(data, base, at, ctx), base_(base), at_(at), ctx_(ctx), out_(out) {}

  bool run() {
    std::optional<FieldReader> h = r_.sub(0, kHeaderSize, at_);
    if (!h || !h->u32(out_.size, "size") || !h->u32(out_.creator_offset, "creator") ||
        !h->u32(out_.version, "version") || !h->u32(out_.constant_count, "constant_count") ||
        !h->u32(out_.constants_offset, "constants") || !h->u32(out_.flags, "flags") ||
        !h->u32(out_.target_offset, "target"))
      return false;
    // D3DX's own reader (D3DXGetShaderConstantTable) rejects any other size.
    if (out_.size != kHeaderSize)
      return r_.fail_at(Code::size_mismatch, base_, "size",
                        strprintf("header size %u, the D3DXSHADER_CONSTANTTABLE header is %u", out_.size, kHeaderSize));
    const FieldPath creator = at_.field("creator");
    const FieldPath target = at_.field("target");
    if (!r_.string(out_.creator_offset, base_ + 4, creator, out_.creator) ||
        !r_.string(out_.target_offset, base_ + 24, target, out_.target))
      return false;
    FieldPath::Cursor cur;
    const FieldPath items = at_.cursor("constants", cur);
    std::optional<FieldReader> t = comment_table(r_, at_, "constants", base_ + 12, out_.constant_count,
                                                 out_.constants_offset, kConstantInfoSize, items);
    if (!t) return false;
    out_.constants.reserve(out_.constant_count);
    for (uint32_t i = 0; i < out_.constant_count; ++i) {
      cur.index = i;
      if (!constant(*t, i)) return false;
    }
    return true;
  }

 private:
  bool constant(FieldReader& t, uint32_t index) {
    const FieldPath at = at_.item("constants", index);
    const uint64_t record = t.offset();
    Constant& c = out_.constants.emplace_back();
    if (!t.u32(c.name_offset, {}) || !t.u16(c.register_set, {}) || !t.u16(c.register_index, {}) ||
        !t.u16(c.register_count, {}) || !t.u16(c.reserved, {}) || !t.u32(c.type_offset, {}) ||
        !t.u32(c.default_value_offset, {}))
      return false;
    const FieldPath name = at.field("name");
    const FieldPath default_value = at.field("default_value");
    if (!r_.string(c.name_offset, record, name, c.name)) return false;
    if (c.default_value_offset != 0 && !r_.record(c.default_value_offset, 1, record + 16, default_value))
      return false;
    c.type = static_cast<uint32_t>(out_.types.size());
    if (!type_info(c.type_offset, record + 12, kRoot, 0, index)) return false;
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
      if (auto p = r_.table_problem(0, first, count, kMemberInfoSize, field, field - 2))
        return fail_in(*p, constant, t, "members");
      if (!charge(count, field - 2, constant, t)) return false;
      out_.types[t].first_member = static_cast<uint32_t>(out_.members.size());
      std::optional<FieldReader> records = r_.sub(first, uint64_t{count} * kMemberInfoSize, at_);
      if (!records) return false;
      for (uint32_t k = 0; k < count; ++k) {
        const uint64_t record = records->offset();
        Member m;
        if (!records->u32(m.name_offset, {}) || !records->u32(m.type_offset, {})) return false;
        if (auto p = r_.string_problem(m.name_offset, record, m.name))
          return fail_in(*p, constant, t, strprintf("members[%u].name", k));
        if (auto p = member_type_problem(t, m.type_offset, record + 4))
          return fail_in(*p, constant, t, strprintf("members[%u].type", k));
        m.type = static_cast<uint32_t>(out_.types.size());
        if (!type_info(m.type_offset, record + 4, t, k, constant)) return false;
        out_.members.push_back(m);
        pending.push_back(m.type);
      }
    }
    return true;
  }

  // A member of type `t` may not nest past limits.max_depth nor name a
  // type on its own path (which would nest forever).
  std::optional<FieldProblem> member_type_problem(uint32_t t, uint32_t offset, uint64_t field) const {
    if (walk_[t].depth + 1 >= ctx_.limits().max_depth)
      return FieldProblem{Code::limit_exceeded, field,
                          strprintf("struct members nested %u deep, past ", walk_[t].depth + 1) +
                              limit_text(&Limits::max_depth, ctx_.limits().max_depth)};
    for (uint32_t x = t; x != kRoot; x = walk_[x].parent)
      if (out_.types[x].offset == offset)
        return FieldProblem{Code::type_cycle, field,
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
    if (auto p = r_.record_problem(offset, kTypeInfoSize, field)) return fail_in(*p, constant, t, "");
    if (!charge(1, base_ + offset, constant, t)) return false;
    std::optional<FieldReader> record = r_.sub(offset, kTypeInfoSize, at_);
    TypeInfo& info = out_.types.back();
    info.offset = offset;
    return record && record->u16(info.klass, {}) && record->u16(info.type, {}) && record->u16(info.rows, {}) &&
           record->u16(info.columns, {}) && record->u16(info.elements, {}) &&
           record->u16(info.member_count, {}) && record->u32(info.members_offset, {});
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
  bool fail_in(const FieldProblem& p, uint32_t constant, uint32_t t, const std::string& tail) {
    const std::string path = type_path(constant, t) + (tail.empty() ? "" : "." + tail);
    const FieldPath at = at_.field(path);
    return r_.fail_with(p, at, {});
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

  FieldReader r_;  // the whole table
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
