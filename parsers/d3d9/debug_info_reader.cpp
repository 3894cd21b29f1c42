// The debug information (debug_info.h). fxc lays it out header, file
// names, file records, line records, then each variable's scope, name,
// type and write records, the variable records and the creator, strings
// pooled; the reader follows the offsets wherever they point inside the
// comment, and the program writer writes the comment's bytes as they were.
#include "core/field_reader.h"
#include "core/strings.h"
#include "d3d9/comment_table.h"
#include "d3d9/constant_table.h"
#include "d3d9/debug_info.h"

namespace sp::d3d9 {
namespace {

// The records' sizes: D3DXSHADER_DEBUGINFO, _FILEINFO, _INSTRUCTIONINFO,
// _VARIABLEINFO, _WRITEINFO (_TYPEINFO's is in constant_table.h).
constexpr uint32_t kDebugInfoSize = 40;
constexpr uint32_t kFileInfoSize = 4;
constexpr uint32_t kLineInfoSize = 8;
constexpr uint32_t kVariableInfoSize = 20;
constexpr uint32_t kWriteInfoSize = 12;

class DebugReader {
 public:
  DebugReader(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, DebugInfo& out)
      : r_(data, base, at, ctx), base_(base), at_(at), ctx_(ctx), out_(out) {}

  bool run() {
    std::optional<FieldReader> h = r_.sub(0, kDebugInfoSize, at_);
    if (!h || !h->u32(out_.size, "size") || !h->u32(out_.creator_offset, "creator") ||
        !h->u32(out_.source_code_offset, "source_code") || !h->u32(out_.file_count, "file_count") ||
        !h->u32(out_.files_offset, "files") || !h->u32(out_.instruction_count, "instruction_count") ||
        !h->u32(out_.instructions_offset, "instructions") || !h->u32(out_.variable_count, "variable_count") ||
        !h->u32(out_.variables_offset, "variables") || !h->u32(out_.entry_point_offset, "entry_point"))
      return false;
    // Every file fxc writes says 40; another size would be another layout.
    if (out_.size != kDebugInfoSize)
      return r_.fail_at(Code::size_mismatch, base_, "size",
                        strprintf("header size %u, the D3DXSHADER_DEBUGINFO header is %u", out_.size, kDebugInfoSize));
    const FieldPath creator = at_.field("creator");
    const FieldPath source_code = at_.field("source_code");
    const FieldPath entry_point = at_.field("entry_point");
    if (!r_.string(out_.creator_offset, base_ + 4, creator, out_.creator)) return false;
    // The source code, when a compiler kept it: a string like the others.
    FileText source;
    if (out_.source_code_offset != 0 && !r_.string(out_.source_code_offset, base_ + 8, source_code, source))
      return false;
    if (!r_.string(out_.entry_point_offset, base_ + 36, entry_point, out_.entry_point)) return false;
    return files() && lines() && variables();
  }

 private:
  bool files() {
    FieldPath::Cursor cur;
    const FieldPath items = at_.cursor("files", cur);
    std::optional<FieldReader> t =
        comment_table(r_, at_, "files", base_ + 12, out_.file_count, out_.files_offset, kFileInfoSize, items);
    if (!t) return false;
    out_.files.resize(out_.file_count);
    for (uint32_t i = 0; i < out_.file_count; ++i) {
      DebugFile& f = out_.files[i];
      cur.index = i;
      const uint64_t record = t->offset();
      if (!t->u32(f.name_offset, {}) || !r_.string(f.name_offset, record, items, f.name)) return false;
    }
    return true;
  }

  // One record per instruction; a file index names a file record or none.
  bool lines() {
    FieldPath::Cursor cur;
    const FieldPath items = at_.cursor("instructions", cur);
    std::optional<FieldReader> t = comment_table(r_, at_, "instructions", base_ + 20, out_.instruction_count,
                                                 out_.instructions_offset, kLineInfoSize, items);
    if (!t) return false;
    out_.lines.resize(out_.instruction_count);
    for (uint32_t i = 0; i < out_.instruction_count; ++i) {
      DebugLine& l = out_.lines[i];
      cur.index = i;
      const uint64_t record = t->offset();
      if (!t->u16(l.line, {}) || !t->u16(l.file, {}) || !t->u32(l.offset, {})) return false;
      if (l.file != kNoFile && l.file >= out_.file_count) {
        cur.name = "file";
        return t->fail_at(Code::invalid_reference, record + 2, {},
                          strprintf("file %u, the debug information has %u", l.file, out_.file_count));
      }
    }
    return true;
  }

  // The variables and their writes: counts checked against the comment
  // before anything is allocated, so the records stay O(comment).
  bool variables() {
    FieldPath::Cursor cur;
    const FieldPath items = at_.cursor("variables", cur);
    std::optional<FieldReader> t = comment_table(r_, at_, "variables", base_ + 28, out_.variable_count,
                                                 out_.variables_offset, kVariableInfoSize, items);
    if (!t) return false;
    out_.variables.resize(out_.variable_count);
    for (uint32_t i = 0; i < out_.variable_count; ++i) {
      const FieldPath at = at_.item("variables", i);
      DebugVariable& v = out_.variables[i];
      cur.index = i;
      const uint64_t record = t->offset();
      if (!t->u32(v.scope_offset, {}) || !t->u32(v.name_offset, {}) || !t->u32(v.type_offset, {}) ||
          !t->u32(v.write_count, {}) || !t->u32(v.writes_offset, {}))
        return false;
      const FieldPath scope = at.field("scope");
      const FieldPath name = at.field("name");
      const FieldPath type = at.field("type");
      const FieldPath write_items = at.field("writes");
      if (v.scope_offset != 0 && !r_.string(v.scope_offset, record, scope, v.scope)) return false;
      if (!r_.string(v.name_offset, record + 4, name, v.name) ||
          !r_.record(v.type_offset, kTypeInfoSize, record + 8, type))
        return false;
      std::optional<FieldReader> writes =
          comment_table(r_, at, "writes", record + 12, v.write_count, v.writes_offset, kWriteInfoSize, write_items);
      // Variables may share write records: the budget bounds the copies.
      if (!writes || !ctx_.charge(v.write_count, record + 12, at)) return false;
      v.first_write = static_cast<uint32_t>(out_.writes.size());
      for (uint32_t k = 0; k < v.write_count; ++k) {
        const uint64_t w = writes->offset();
        DebugWrite& write = out_.writes.emplace_back();
        if (!writes->u32(write.instruction, {})) return false;
        for (uint16_t& c : write.components)
          if (!writes->u16(c, {})) return false;
        if (write.instruction >= out_.instruction_count) {
          const FieldPath wat = at.item("writes", k);
          const FieldPath instruction = wat.field("instruction");
          return writes->fail_with({Code::invalid_reference, w,
                                    strprintf("instruction %u, the debug information describes %u", write.instruction,
                                              out_.instruction_count)},
                                   instruction, {});
        }
      }
    }
    return true;
  }

  FieldReader r_;  // the whole block
  uint64_t base_;
  const FieldPath& at_;
  Context& ctx_;
  DebugInfo& out_;
};

}  // namespace

bool parse_debug_info(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, DebugInfo& out) {
  return DebugReader(data, base, at, ctx, out).run();
}

}  // namespace sp::d3d9
