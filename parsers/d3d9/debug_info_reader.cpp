// The debug information (debug_info.h). fxc lays it out header, file
// names, file records, line records, then each variable's scope, name,
// type and write records, the variable records and the creator, strings
// pooled; the reader follows the offsets wherever they point inside the
// comment, and the program writer writes the comment's bytes as they were.
#include "core/strings.h"
#include "d3d9/comment_blob.h"
#include "d3d9/debug_info.h"

namespace sp::d3d9 {
namespace {

// The records' sizes: D3DXSHADER_DEBUGINFO, _FILEINFO, _INSTRUCTIONINFO,
// _VARIABLEINFO, _WRITEINFO, _TYPEINFO.
constexpr uint32_t kHeaderSize = 40;
constexpr uint32_t kFileInfoSize = 4;
constexpr uint32_t kLineInfoSize = 8;
constexpr uint32_t kVariableInfoSize = 20;
constexpr uint32_t kWriteInfoSize = 12;
constexpr uint32_t kTypeInfoSize = 16;

class DebugReader {
 public:
  DebugReader(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, DebugInfo& out)
      : blob_(data, base, "the debug information"), at_(at), ctx_(ctx), out_(out) {}

  bool run() {
    const Bytes data = blob_.data();
    const uint64_t base = blob_.base();
    if (data.size() < kHeaderSize)
      return ctx_.fail(Code::truncated, base, at_,
                       strprintf("a debug information header takes %u bytes, the comment holds %zu after its fourcc",
                                 kHeaderSize, data.size()));
    out_.size = blob_.u32(0);
    out_.creator_offset = blob_.u32(4);
    out_.source_code_offset = blob_.u32(8);
    out_.file_count = blob_.u32(12);
    out_.files_offset = blob_.u32(16);
    out_.instruction_count = blob_.u32(20);
    out_.instructions_offset = blob_.u32(24);
    out_.variable_count = blob_.u32(28);
    out_.variables_offset = blob_.u32(32);
    out_.entry_point_offset = blob_.u32(36);
    // Every file fxc writes says 40; another size would be another layout.
    if (out_.size != kHeaderSize)
      return ctx_.fail(Code::size_mismatch, base, at_.field("size"),
                       strprintf("header size %u, the D3DXSHADER_DEBUGINFO header is %u", out_.size, kHeaderSize));
    if (auto p = blob_.string_problem(out_.creator_offset, base + 4, out_.creator)) return fail(*p, at_.field("creator"));
    // The source code, when a compiler kept it: a string like the others.
    FileText source;
    if (out_.source_code_offset != 0)
      if (auto p = blob_.string_problem(out_.source_code_offset, base + 8, source))
        return fail(*p, at_.field("source_code"));
    if (auto p = blob_.string_problem(out_.entry_point_offset, base + 36, out_.entry_point))
      return fail(*p, at_.field("entry_point"));
    return files() && lines() && variables();
  }

 private:
  bool fail(const Problem& p, const FieldPath& at) { return ctx_.fail(p.code, p.offset, at, p.message); }

  bool files() {
    const uint64_t base = blob_.base();
    if (auto p = blob_.array_problem(out_.files_offset, out_.file_count, kFileInfoSize, base + 16, base + 12))
      return fail(*p, at_.field("files"));
    out_.files.resize(out_.file_count);
    for (uint32_t i = 0; i < out_.file_count; ++i) {
      DebugFile& f = out_.files[i];
      const uint32_t record = out_.files_offset + i * kFileInfoSize;
      f.name_offset = blob_.u32(record);
      if (auto p = blob_.string_problem(f.name_offset, base + record, f.name)) return fail(*p, at_.item("files", i));
    }
    return true;
  }

  // One record per instruction; a file index names a file record or none.
  bool lines() {
    const uint64_t base = blob_.base();
    if (auto p = blob_.array_problem(out_.instructions_offset, out_.instruction_count, kLineInfoSize, base + 24,
                                     base + 20))
      return fail(*p, at_.field("instructions"));
    out_.lines.resize(out_.instruction_count);
    for (uint32_t i = 0; i < out_.instruction_count; ++i) {
      DebugLine& l = out_.lines[i];
      const uint32_t record = out_.instructions_offset + i * kLineInfoSize;
      l.line = blob_.u16(record);
      l.file = blob_.u16(record + 2);
      l.offset = blob_.u32(record + 4);
      if (l.file != kNoFile && l.file >= out_.file_count) {
        const FieldPath at = at_.item("instructions", i);
        return ctx_.fail(Code::invalid_reference, base + record + 2, at.field("file"),
                         strprintf("file %u, the debug information has %u", l.file, out_.file_count));
      }
    }
    return true;
  }

  // The variables and their writes: counts checked against the comment
  // before anything is allocated, so the records stay O(comment).
  bool variables() {
    const uint64_t base = blob_.base();
    if (auto p = blob_.array_problem(out_.variables_offset, out_.variable_count, kVariableInfoSize, base + 32,
                                     base + 28))
      return fail(*p, at_.field("variables"));
    out_.variables.resize(out_.variable_count);
    for (uint32_t i = 0; i < out_.variable_count; ++i) {
      const FieldPath at = at_.item("variables", i);
      DebugVariable& v = out_.variables[i];
      const uint32_t record = out_.variables_offset + i * kVariableInfoSize;
      v.scope_offset = blob_.u32(record);
      v.name_offset = blob_.u32(record + 4);
      v.type_offset = blob_.u32(record + 8);
      v.write_count = blob_.u32(record + 12);
      v.writes_offset = blob_.u32(record + 16);
      if (v.scope_offset != 0)
        if (auto p = blob_.string_problem(v.scope_offset, base + record, v.scope)) return fail(*p, at.field("scope"));
      if (auto p = blob_.string_problem(v.name_offset, base + record + 4, v.name)) return fail(*p, at.field("name"));
      if (!range_fits(v.type_offset, kTypeInfoSize, blob_.data().size()))
        return ctx_.fail(Code::offset_out_of_bounds, base + record + 8, at.field("type"),
                         strprintf("a type record of %u bytes at offset %u is outside the debug information's %zu bytes",
                                   kTypeInfoSize, v.type_offset, blob_.data().size()));
      if (auto p = blob_.array_problem(v.writes_offset, v.write_count, kWriteInfoSize, base + record + 16,
                                       base + record + 12))
        return fail(*p, at.field("writes"));
      // Variables may share write records: the budget bounds the copies.
      if (!ctx_.charge(v.write_count, base + record + 12, at)) return false;
      v.first_write = static_cast<uint32_t>(out_.writes.size());
      for (uint32_t k = 0; k < v.write_count; ++k) {
        const uint32_t w = v.writes_offset + k * kWriteInfoSize;
        DebugWrite& write = out_.writes.emplace_back();
        write.instruction = blob_.u32(w);
        for (uint32_t c = 0; c < 4; ++c) write.components[c] = blob_.u16(w + 4 + 2 * c);
        if (write.instruction >= out_.instruction_count) {
          const FieldPath wat = at.item("writes", k);
          return ctx_.fail(Code::invalid_reference, base + w, wat.field("instruction"),
                           strprintf("instruction %u, the debug information describes %u", write.instruction,
                                     out_.instruction_count));
        }
      }
    }
    return true;
  }

  CommentBlob blob_;
  const FieldPath& at_;
  Context& ctx_;
  DebugInfo& out_;
};

}  // namespace

bool parse_debug_info(Bytes data, uint64_t base, const FieldPath& at, Context& ctx, DebugInfo& out) {
  return DebugReader(data, base, at, ctx, out).run();
}

}  // namespace sp::d3d9
