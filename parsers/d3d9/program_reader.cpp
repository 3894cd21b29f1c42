// A whole Direct3D 9 shader, token by token. Every instruction is decoded
// by its opcode's layout (opcodes.def), so the length field shader model 2
// added to the instruction token (bits 24..27) is checked against what the
// parameters take rather than trusted: a reader that skips by a wrong
// length hides tokens a driver may still execute.
#include <cinttypes>

#include "core/strings.h"
#include "d3d9/program.h"

namespace sp::d3d9 {
namespace {

constexpr uint32_t kCommentOpcode = 0xFFFE;
constexpr uint32_t kEndOpcode = 0xFFFF;

class ProgramReader {
 public:
  ProgramReader(Bytes file, uint64_t base, Context& ctx, Program& out)
      : file_(file), base_(base), ctx_(ctx), out_(out) {}

  bool run(const FieldPath& root) {
    root_ = &root;
    if (file_.size() < 4)
      return ctx_.fail(Code::truncated, base_, root.field("version"),
                       strprintf("a version token takes 4 bytes, the input has %zu", file_.size()));
    out_.version.token = word(0);
    const Version v = out_.version;
    if (!v.pixel() && !v.vertex())
      return ctx_.fail(Code::bad_magic, base_, root.field("version"),
                       strprintf("version token 0x%08x: bits 16..31 are 0xFFFF (pixel) or 0xFFFE (vertex)", v.token));
    // Shader model 1 has no instruction lengths (bits 24..27 are reserved
    // there): its parameter counts would have to be inferred.
    if (v.major() < 2 || v.major() > 3 || (v.minor() > 1 && v.minor() != 0xFF) || (v.major() == 3 && v.minor() == 1))
      return ctx_.fail(Code::unsupported_version, base_, root.field("version"),
                       strprintf("shader model %u.%u: shaderprobe reads 2.0, 2.x and 3.0", v.major(), v.minor()));

    size_t pos = 4;
    FieldPath::Cursor cur{0, {}};
    const FieldPath instructions = root.cursor("instructions", cur);
    FieldPath::Cursor comment_cur{0, {}};
    const FieldPath comments = root.cursor("comments", comment_cur);
    // Every instruction and comment takes at least one DWORD: the lists are
    // O(input).
    while (true) {
      if (file_.size() - pos < 4)
        return ctx_.fail(Code::missing_end_token, offset_of(pos), root,
                         strprintf("the token stream ends at byte %zu without the end token 0x%08x", pos, kEndToken));
      const uint32_t token = word(pos);
      if ((token & 0xFFFF) == kEndOpcode) {
        if (token != kEndToken)
          return ctx_.fail(Code::invalid_value, offset_of(pos), root.field("end"),
                           strprintf("end token 0x%08x: bits 16..31 of the end token are 0", token));
        out_.end_offset = offset_of(pos);
        pos += 4;
        break;
      }
      if ((token & 0xFFFF) == kCommentOpcode) {
        comment_cur.index = out_.comments.size();
        if (!comment(pos, comments)) return false;
      } else {
        cur.index = out_.instructions.size();
        if (!instruction(pos, instructions)) return false;
      }
    }
    if (out_.debug) check_debug_lines();
    out_.trailing = file_.subspan(pos);
    if (!out_.trailing.empty())
      ctx_.warn(Code::bytes_after_end_token, offset_of(pos), root,
                strprintf("%zu bytes after the end token", out_.trailing.size()));
    return true;
  }

 private:
  uint32_t word(size_t at) const { return load_le<uint32_t>(file_.data() + at); }
  uint64_t offset_of(size_t at) const { return base_ + at; }

  // A comment block: its length (bits 16..30) in DWORDs, then its data.
  // The first one that starts with "CTAB" is the constant table.
  bool comment(size_t& pos, const FieldPath& at) {
    Comment& c = out_.comments.emplace_back();
    c.offset = offset_of(pos);
    c.token = word(pos);
    c.position = out_.instructions.size();
    const uint64_t bytes = uint64_t{(c.token >> 16) & 0x7FFF} * 4;
    if (bytes > file_.size() - pos - 4)
      return ctx_.fail(
          Code::comment_out_of_bounds, c.offset, at.field("length"),
          strprintf("a comment of %" PRIu64 " bytes at byte %zu runs past the input's %zu", bytes, pos, file_.size()));
    c.data = file_.subspan(pos + 4, static_cast<size_t>(bytes));
    pos += 4 + static_cast<size_t>(bytes);
    const uint32_t fourcc = c.data.size() >= 4 ? load_le<uint32_t>(c.data.data()) : 0;
    if (fourcc == kCtabFourcc && !out_.constants) {
      ConstantTable& table = out_.constants.emplace();
      table.offset = c.offset + 4;
      const FieldPath ctab = root_->field("ctab");
      return parse_constant_table(c.data.subspan(4), c.offset + 8, ctab, ctx_, table);
    }
    if (fourcc == kDbugFourcc && !out_.debug) {
      DebugInfo& debug = out_.debug.emplace();
      debug.offset = c.offset + 4;
      const FieldPath dbug = root_->field("debug");
      return parse_debug_info(c.data.subspan(4), c.offset + 8, dbug, ctx_, debug);
    }
    return true;
  }

  // The debug information has a line record per instruction, each naming
  // its instruction's offset from the version token: a listing that trusts
  // them beside another program prints the wrong source lines.
  void check_debug_lines() {
    const DebugInfo& d = *out_.debug;
    const FieldPath at = root_->field("debug");
    if (d.lines.size() != out_.instructions.size()) {
      ctx_.warn(Code::debug_info_mismatch, d.offset + 24, at.field("instructions"),
                strprintf("%zu line records for %zu instructions", d.lines.size(), out_.instructions.size()));
      return;
    }
    for (size_t i = 0; i < d.lines.size(); ++i)
      if (d.lines[i].offset != out_.instructions[i].offset - base_) {
        const FieldPath line = at.item("instructions", i);
        ctx_.warn(Code::debug_info_mismatch, d.offset + 4 + d.instructions_offset + 8 * i + 4, line.field("offset"),
                  strprintf("line record %zu names byte %u, its instruction is at byte %llu", i, d.lines[i].offset,
                            static_cast<unsigned long long>(out_.instructions[i].offset - base_)));
        return;
      }
  }

  bool instruction(size_t& pos, const FieldPath& at) {
    const size_t start = pos;
    Instruction& in = out_.instructions.emplace_back();
    in.offset = offset_of(start);
    in.token = word(pos);
    pos += 4;
    const OpcodeInfo* info = opcode_info(in.opcode_value());
    if (info == nullptr)
      return ctx_.fail(Code::unknown_opcode, in.offset, at.field("opcode"),
                       strprintf("opcode %u is no shader model 2 or 3 instruction", in.opcode_value()));
    if ((in.token >> 31) != 0)
      return ctx_.fail(Code::invalid_value, in.offset, at,
                       strprintf("%s's token 0x%08x has bit 31 set (a parameter token where an instruction belongs)",
                                 std::string(info->name).c_str(), in.token));
    const size_t length = in.length();
    if (length * 4 > file_.size() - pos)
      return ctx_.fail(Code::instruction_out_of_bounds, in.offset, at.field("length"),
                       strprintf("%s of %zu tokens at byte %zu runs past the input's %zu bytes",
                                 std::string(info->name).c_str(), length, start, file_.size()));
    const size_t stop = pos + length * 4;
    for (const Item item : layout_of(*info, out_.version.sm3(), in.predicated())) {
      if (pos == stop) return mismatch(in, *info, at, start);
      if (item == Item::word) {
        in.words.push_back(word(pos));
        pos += 4;
        continue;
      }
      Parameter& p = in.params.emplace_back();
      const FieldPath pat = at.item("params", in.params.size() - 1);
      if (!parameter(p, pos, stop, pat)) return false;
    }
    if (pos != stop) return mismatch(in, *info, at, start);
    return true;
  }

  // A parameter token, and its relative-address token when bit 13 asks for
  // one (shader model 2 on: a0 or aL, which never has one of its own).
  bool parameter(Parameter& p, size_t& pos, size_t stop, const FieldPath& at) {
    p.token = word(pos);
    if ((p.token >> 31) == 0)
      return ctx_.fail(Code::parameter_token_invalid, offset_of(pos), at,
                       strprintf("parameter token 0x%08x has bit 31 clear", p.token));
    pos += 4;
    if (!p.is_relative()) return true;
    if (pos == stop)
      return ctx_.fail(Code::instruction_length_mismatch, offset_of(pos), at.field("relative"),
                       "the relative-address token is past the end of its instruction");
    p.relative = word(pos);
    if ((p.relative >> 31) == 0)
      return ctx_.fail(Code::parameter_token_invalid, offset_of(pos), at.field("relative"),
                       strprintf("relative-address token 0x%08x has bit 31 clear", p.relative));
    pos += 4;
    return true;
  }

  // The instruction's length and what its layout takes disagree.
  [[gnu::cold]] bool mismatch(const Instruction& in, const OpcodeInfo& info, const FieldPath& at, size_t start) {
    return ctx_.fail(Code::instruction_length_mismatch, in.offset, at.field("length"),
                     strprintf("%s at byte %zu declares %u tokens, which its parameters do not fill exactly",
                               std::string(info.name).c_str(), start, in.length()));
  }

  Bytes file_;
  uint64_t base_;
  Context& ctx_;
  Program& out_;
  const FieldPath* root_ = nullptr;  // run()'s
};

}  // namespace

bool parse_program(Bytes file, uint64_t base, Context& ctx, Program& out) {
  return parse_program(file, base, FieldPath::root(), ctx, out);
}

bool parse_program(Bytes file, uint64_t base, const FieldPath& at, Context& ctx, Program& out) {
  return ProgramReader(file, base, ctx, out).run(at);
}

}  // namespace sp::d3d9
