// A whole Direct3D 9 shader, token by token. Every instruction is decoded
// by its opcode's layout (opcodes.def), so the length field shader model 2
// added to the instruction token (bits 24..27) is checked against what the
// parameters take rather than trusted: a reader that skips by a wrong
// length hides tokens a driver may still execute.
#include <cinttypes>

#include "core/field_reader.h"
#include "core/strings.h"
#include "d3d9/program.h"

namespace sp::d3d9 {
namespace {

constexpr uint32_t kCommentOpcode = 0xFFFE;
constexpr uint32_t kEndOpcode = 0xFFFF;

class ProgramReader {
 public:
  ProgramReader(Bytes file, uint64_t base, const FieldPath& root, Context& ctx, Program& out)
      : r_(file, base, root, ctx), base_(base), ctx_(ctx), out_(out) {}

  bool run() {
    if (!r_.u32(out_.version.token, "version")) return false;
    const Version v = out_.version;
    if (!v.pixel() && !v.vertex())
      return r_.fail_at(Code::bad_magic, base_, "version",
                        strprintf("version token 0x%08x: bits 16..31 are 0xFFFF (pixel) or 0xFFFE (vertex)", v.token));
    // Shader model 1 has no instruction lengths (bits 24..27 are reserved
    // there): its parameter counts would have to be inferred.
    if (v.major() < 2 || v.major() > 3 || (v.minor() > 1 && v.minor() != 0xFF) || (v.major() == 3 && v.minor() == 1))
      return r_.fail_at(Code::unsupported_version, base_, "version",
                        strprintf("shader model %u.%u: shaderprobe reads 2.0, 2.x and 3.0", v.major(), v.minor()));

    FieldPath::Cursor cur{0, {}};
    const FieldPath instructions = r_.path().cursor("instructions", cur);
    FieldPath::Cursor comment_cur{0, {}};
    const FieldPath comments = r_.path().cursor("comments", comment_cur);
    // Every instruction and comment takes at least one DWORD: the lists are
    // O(input).
    while (true) {
      const uint64_t at = r_.offset();
      if (r_.remaining() < 4)
        return r_.fail(Code::missing_end_token, {},
                       strprintf("the token stream ends at byte %" PRIu64 " without the end token 0x%08x", at - base_,
                                 kEndToken));
      uint32_t token = 0;
      if (!r_.u32(token, {})) return false;
      if ((token & 0xFFFF) == kEndOpcode) {
        if (token != kEndToken)
          return r_.fail_at(Code::invalid_value, at, "end",
                            strprintf("end token 0x%08x: bits 16..31 of the end token are 0", token));
        out_.end_offset = at;
        break;
      }
      if ((token & 0xFFFF) == kCommentOpcode) {
        comment_cur.index = out_.comments.size();
        if (!comment(token, at, comments)) return false;
      } else {
        cur.index = out_.instructions.size();
        if (!instruction(token, at, instructions)) return false;
      }
    }
    if (out_.debug) check_debug_lines();
    out_.trailing = r_.rest();
    if (!out_.trailing.empty())
      r_.warn(Code::bytes_after_end_token, r_.offset(), {},
              strprintf("%zu bytes after the end token", out_.trailing.size()));
    return true;
  }

 private:
  // A comment block: its length (bits 16..30) in DWORDs, then its data.
  // The first one that starts with "CTAB" is the constant table.
  bool comment(uint32_t token, uint64_t offset, const FieldPath& at) {
    Comment& c = out_.comments.emplace_back();
    c.offset = offset;
    c.token = token;
    c.position = out_.instructions.size();
    const uint64_t bytes = uint64_t{(c.token >> 16) & 0x7FFF} * 4;
    if (bytes > r_.remaining())
      return ctx_.fail(Code::comment_out_of_bounds, c.offset, at.field("length"),
                       strprintf("a comment of %" PRIu64 " bytes at byte %" PRIu64 " runs past the input's %zu", bytes,
                                 c.offset - base_, r_.cursor().size()));
    if (!r_.bytes(bytes, c.data, {})) return false;
    uint32_t fourcc = 0;
    if (!SpanReader(c.data).read_u32_le(fourcc)) return true;
    if (fourcc == kCtabFourcc && !out_.constants) {
      ConstantTable& table = out_.constants.emplace();
      table.offset = c.offset + 4;
      const FieldPath ctab = r_.path().field("ctab");
      return parse_constant_table(c.data.subspan(4), c.offset + 8, ctab, ctx_, table);
    }
    if (fourcc == kDbugFourcc && !out_.debug) {
      DebugInfo& debug = out_.debug.emplace();
      debug.offset = c.offset + 4;
      const FieldPath dbug = r_.path().field("debug");
      return parse_debug_info(c.data.subspan(4), c.offset + 8, dbug, ctx_, debug);
    }
    return true;
  }

  // The debug information has a line record per instruction, each naming
  // its instruction's offset from the version token: a listing that trusts
  // them beside another program prints the wrong source lines.
  void check_debug_lines() {
    const DebugInfo& d = *out_.debug;
    const FieldPath at = r_.path().field("debug");
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

  bool instruction(uint32_t token, uint64_t offset, const FieldPath& at) {
    const uint64_t start = offset - base_;
    Instruction& in = out_.instructions.emplace_back();
    in.offset = offset;
    in.token = token;
    const OpcodeInfo* info = opcode_info(in.opcode_value());
    if (info == nullptr)
      return ctx_.fail(Code::unknown_opcode, in.offset, at.field("opcode"),
                       strprintf("opcode %u is no shader model 2 or 3 instruction", in.opcode_value()));
    if ((in.token >> 31) != 0)
      return ctx_.fail(Code::invalid_value, in.offset, at,
                       strprintf("%s's token 0x%08x has bit 31 set (a parameter token where an instruction belongs)",
                                 std::string(info->name).c_str(), in.token));
    const size_t length = in.length();
    if (length * 4 > r_.remaining())
      return ctx_.fail(Code::instruction_out_of_bounds, in.offset, at.field("length"),
                       strprintf("%s of %zu tokens at byte %" PRIu64 " runs past the input's %zu bytes",
                                 std::string(info->name).c_str(), length, start, r_.cursor().size()));
    std::optional<FieldReader> body = r_.sub(r_.offset() - base_, length * 4, at);
    if (!body || !r_.skip(length * 4, {})) return false;
    for (const Item item : layout_of(*info, out_.version.sm3(), in.predicated())) {
      if (body->remaining() == 0) return mismatch(in, *info, at, start);
      if (item == Item::word) {
        if (!body->u32(in.words.emplace_back(), {})) return false;
        continue;
      }
      Parameter& p = in.params.emplace_back();
      const FieldPath pat = at.item("params", in.params.size() - 1);
      if (!parameter(p, *body, pat)) return false;
    }
    if (body->remaining() != 0) return mismatch(in, *info, at, start);
    return true;
  }

  // A parameter token, and its relative-address token when bit 13 asks for
  // one (shader model 2 on: a0 or aL, which never has one of its own).
  bool parameter(Parameter& p, FieldReader& body, const FieldPath& at) {
    const uint64_t token_at = body.offset();
    if (!body.u32(p.token, {})) return false;
    if ((p.token >> 31) == 0)
      return ctx_.fail(Code::parameter_token_invalid, token_at, at,
                       strprintf("parameter token 0x%08x has bit 31 clear", p.token));
    if (!p.is_relative()) return true;
    const uint64_t relative_at = body.offset();
    if (body.remaining() == 0)
      return ctx_.fail(Code::instruction_length_mismatch, relative_at, at.field("relative"),
                       "the relative-address token is past the end of its instruction");
    if (!body.u32(p.relative, {})) return false;
    if ((p.relative >> 31) == 0)
      return ctx_.fail(Code::parameter_token_invalid, relative_at, at.field("relative"),
                       strprintf("relative-address token 0x%08x has bit 31 clear", p.relative));
    return true;
  }

  // The instruction's length and what its layout takes disagree.
  [[gnu::cold]] bool mismatch(const Instruction& in, const OpcodeInfo& info, const FieldPath& at, uint64_t start) {
    return ctx_.fail(Code::instruction_length_mismatch, in.offset, at.field("length"),
                     strprintf("%s at byte %" PRIu64 " declares %u tokens, which its parameters do not fill exactly",
                               std::string(info.name).c_str(), start, in.length()));
  }

  FieldReader r_;  // the whole program
  uint64_t base_;
  Context& ctx_;
  Program& out_;
};

}  // namespace

bool parse_program(Bytes file, uint64_t base, Context& ctx, Program& out) {
  return parse_program(file, base, FieldPath::root(), ctx, out);
}

bool parse_program(Bytes file, uint64_t base, const FieldPath& at, Context& ctx, Program& out) {
  return ProgramReader(file, base, at, ctx, out).run();
}

}  // namespace sp::d3d9
