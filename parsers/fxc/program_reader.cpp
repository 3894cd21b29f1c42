// SHDR / SHEX: the whole tokenized program. Every instruction is decoded by
// its opcode's shape (opcodes.def), so an instruction whose length field
// disagrees with what its operands take is caught, not skipped: a length
// of 0 would loop forever in a reader that trusts it, and one that is too
// long hides tokens from the decoder that a driver may still execute.
#include <algorithm>
#include <cinttypes>

#include "core/strings.h"
#include "fxc/program.h"

namespace sp::fxc {
namespace {

// Custom data blocks, dcl_function_table and dcl_interface may carry their
// length in the DWORD after the opcode token: custom data always, the two
// declarations when bit 31 says so (their table may not fit 7 bits).
bool has_length_word(uint32_t token) {
  const auto op = static_cast<Opcode>(token & 0x7FF);
  return op == Opcode::customdata ||
         ((token >> 31) != 0 && (op == Opcode::dcl_function_table || op == Opcode::dcl_interface));
}

class ProgramReader {
 public:
  ProgramReader(const ChunkScope& s, Program& out) : s_(s), out_(out) {}

  bool run() {
    if (s_.data.size() < 8)
      return s_.ctx.fail(Code::truncated, s_.base, s_.at,
                         strprintf("a program needs 8 bytes (version and length), the chunk has %zu",
                                   s_.data.size()));
    out_.version.token = word(0);
    out_.length = word(1);
    const Version v = out_.version;
    if (v.type() > static_cast<uint32_t>(ProgramType::compute))
      return s_.ctx.fail(Code::invalid_value, s_.base, s_.at.field("version"),
                         strprintf("program type %u is none of ps, vs, gs, hs, ds, cs", v.type()));
    if (v.major() < 4 || v.major() > 5)
      return s_.ctx.fail(Code::unsupported_version, s_.base, s_.at.field("version"),
                         strprintf("shader model %u.%u is not 4.0 to 5.1", v.major(), v.minor()));
    const uint64_t words_in_chunk = s_.data.size() / 4;
    if (out_.length < 2 || out_.length > words_in_chunk)
      return s_.ctx.fail(Code::size_mismatch, s_.base + 4, s_.at.field("length"),
                         strprintf("length %u DWORDs, but the chunk holds %" PRIu64 " (and the header 2)", out_.length,
                                   words_in_chunk));
    end_ = out_.length;
    out_.trailing = s_.data.subspan(size_t{out_.length} * 4);
    if (!out_.trailing.empty())
      s_.ctx.warn(Code::program_trailing_bytes, s_.base + uint64_t{out_.length} * 4, s_.at,
                  strprintf("%zu bytes after the program's %u DWORDs", out_.trailing.size(), out_.length));

    reserve();
    for (size_t pos = 2; pos < end_; ++instruction_.index)
      if (!instruction(pos, at_)) return false;
    return true;
  }

 private:
  uint32_t word(size_t i) const { return load_le<uint32_t>(s_.data.data() + 4 * i); }
  uint64_t offset_of(size_t i) const { return s_.base + 4 * uint64_t{i}; }

  // The pools, reserved once. Every word the word pool holds is a DWORD of
  // the program, so its length bounds that pool. Instructions and
  // operands take far more memory than the DWORDs they come from, and a
  // bound would be mostly unused (the operand pool of a 16 KB program
  // would be 290 KB, each parse a fresh mmap): a walk over the opcode
  // tokens and their lengths counts the instructions and the operands
  // their shapes name, each at most one per DWORD of its instruction
  // after the token. The walk stops where the decode will fail; relative
  // operands, rare, go to a pool of their own that grows as they come.
  void reserve() {
    size_t instructions = 0;
    size_t operands = 0;
    for (size_t pos = 2; pos < end_;) {
      const uint32_t token = word(pos);
      const OpcodeInfo* info = opcode_info(token & 0x7FF);
      const size_t length = !has_length_word(token) ? (token >> 24) & 0x7F : pos + 1 < end_ ? word(pos + 1) : 0;
      if (info == nullptr || length == 0 || length > end_ - pos) break;
      ++instructions;
      operands += std::min<size_t>(info->operand_count, length - 1);
      pos += length;
    }
    out_.instructions.reserve(instructions);
    out_.operand_pool.reserve(operands);
    out_.word_pool.reserve(end_ - 2);
  }

  // The next `n` DWORDs of the program, from `pos`, into the word pool.
  Range take_words(size_t& pos, size_t n) {
    std::vector<uint32_t>& pool = out_.word_pool;
    const Range r{static_cast<uint32_t>(pool.size()), static_cast<uint32_t>(n)};
    for (const size_t stop = pos + n; pos < stop; ++pos) pool.push_back(word(pos));
    return r;
  }

  // One raw word of the instruction. opcodes.cpp checks that no shape puts
  // an operand between two of them, so they follow one another in the pool.
  void raw_word(Instruction& in, uint32_t value) {
    if (in.words.empty()) in.words.first = static_cast<uint32_t>(out_.word_pool.size());
    out_.word_pool.push_back(value);
    ++in.words.count;
  }

  bool instruction(size_t& pos, const FieldPath& at) {
    const size_t start = pos;
    Instruction& in = out_.instructions.emplace_back();
    in.offset = static_cast<uint32_t>(4 * start);
    in.token = word(pos++);
    const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
    if (info == nullptr)
      return s_.ctx.fail(Code::unknown_opcode, offset_of(start), at.field("opcode"),
                         strprintf("opcode %u is no SM4/SM5 instruction", in.token & 0x7FF));

    uint64_t length = in.length_field();
    const bool length_word = has_length_word(in.token);
    if (length_word) {
      if (pos >= end_)
        return s_.ctx.fail(Code::instruction_out_of_bounds, offset_of(start), at,
                           strprintf("%s's length DWORD is past the end of the program", std::string(info->name).c_str()));
      in.custom_length = word(pos++);
      length = in.custom_length;
      if (length < 2)
        return s_.ctx.fail(Code::instruction_length_invalid, offset_of(start + 1), at.field("length"),
                           strprintf("%s of %" PRIu64 " DWORDs: it must hold at least its opcode and length",
                                     std::string(info->name).c_str(), length));
    } else if (length == 0) {
      return s_.ctx.fail(Code::instruction_length_invalid, offset_of(start), at.field("length"),
                         strprintf("instruction %" PRIu64 " (%s) has length 0", static_cast<uint64_t>(out_.instructions.size() - 1),
                                   std::string(info->name).c_str()));
    }
    if (length > end_ - start)
      return s_.ctx.fail(Code::instruction_out_of_bounds, offset_of(start), at.field("length"),
                         strprintf("%s of %" PRIu64 " DWORDs at DWORD %zu runs past the program's %zu",
                                   std::string(info->name).c_str(), length, start, end_));
    const size_t stop = start + static_cast<size_t>(length);

    if (in.is_custom_data()) {
      const size_t data = pos;
      in.words = take_words(pos, stop - pos);
      return in.custom_class() != kCustomDataShaderMessage || shader_message(in, data, stop, at);
    }
    // Extended opcode tokens (sample offsets, resource dimension, return
    // type); the length word above replaces them.
    if (in.is_extended() && !length_word && !extended_chain(in.extended, pos, stop))
      return mismatch(*info, at, start, length, "its extended opcode tokens");
    in.operands.first = static_cast<uint32_t>(out_.operand_pool.size());
    in.nested.first = static_cast<uint32_t>(out_.nested_pool.size());
    if (info->shape.size() == info->operand_count) {
      // Operands only: nearly every instruction.
      for (uint32_t k = 0; k < info->operand_count; ++k)
        if (!next_operand(in, pos, stop)) return false;
    } else if (!mixed_shape(in, *info, pos, stop, at)) {
      return false;
    }
    // fxc counts one DWORD more than the operands take in some resource
    // accesses (samplepos, the tiled-resource feedback samples, ld with an
    // offset); Microsoft's own reader skips to the length. One such word
    // is fxc's; anything else the length leaves over is not.
    if (pos + 1 == stop && info->kind == OpKind::t) in.trailing_word = word(pos++);
    if (pos != stop) return mismatch(*info, at, start, length, "its operands");
    if (info->kind == OpKind::x && !declares_its_register(in, *info, offset_of(start), at)) return false;
    if (!in.extended.empty() || declares_dimension(in)) return resource_dimension(in, offset_of(start), at);
    return true;
  }

  // The instruction's next operand, decoded in place: its relative
  // operands go to a pool of their own, so this one does not move while
  // it decodes.
  [[gnu::always_inline]] bool next_operand(Instruction& in, size_t& pos, size_t stop) {
    operand_.index = in.operands.count++;
    Operand& o = out_.operand_pool.emplace_back();
    return operand(in, o, pos, stop, operand_at_, 0);
  }

  // A shape with words: operands and words in the shape's order.
  bool mixed_shape(Instruction& in, const OpcodeInfo& info, size_t& pos, size_t stop, const FieldPath& at) {
    const size_t start = in.offset / 4;
    const uint64_t length = stop - start;
    for (const char item : info.shape) {
      switch (item) {
        case 'o':
          if (!next_operand(in, pos, stop)) return false;
          break;
        case 's':
          if (!out_.version.sm51()) break;
          [[fallthrough]];
        case 'w':
          if (pos >= stop) return mismatch(info, at, start, length, "its operands");
          raw_word(in, word(pos++));
          break;
        case 'n':
        case 'h': {
          if (pos >= stop) return mismatch(info, at, start, length, "its operands");
          const uint32_t head = word(pos++);
          raw_word(in, head);
          const uint32_t count = item == 'n' ? head : (head & 0xFFFF);
          if (count > stop - pos) return mismatch(info, at, start, length, "its table");
          for (uint32_t t = 0; t < count; ++t) raw_word(in, word(pos++));
          break;
        }
        default:
          return s_.ctx.fail(Code::internal_error, offset_of(start), at,
                             strprintf("opcodes.def shape letter '%c'", item));
      }
    }
    return true;
  }

  // A shader message's operands, decoded from the words at `data` as an
  // instruction's are (the listing prints them, the checks see the
  // registers they read), and its string, which must end inside the
  // message: the debug layer prints it with them.
  bool shader_message(Instruction& in, size_t data, size_t stop, const FieldPath& at) {
    const std::span<const uint32_t> w = out_.words(in);
    if (w.size() < kShaderMessageHeaderWords)
      return s_.ctx.fail(Code::truncated, offset_of(data), at.field("message"),
                         strprintf("a shader message of %zu DWORDs: its header takes %u", w.size(),
                                   kShaderMessageHeaderWords));
    const uint32_t chars = w[2], count = w[3], length = w[4];
    const size_t operands = data + kShaderMessageHeaderWords;
    if (length > stop - operands)
      return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(data + 4), at.field("message"),
                         strprintf("operands of %u DWORDs in a message with %zu after its header", length,
                                   stop - operands));
    const size_t text = operands + length;
    if (uint64_t{chars} + 1 > 4 * uint64_t{stop - text})
      return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(data + 2), at.field("message"),
                         strprintf("a string of %u characters and its NUL in the message's %zu bytes after its "
                                   "operands",
                                   chars, 4 * (stop - text)));
    if (s_.data[4 * text + chars] != 0)
      return s_.ctx.fail(Code::unterminated_string, offset_of(text) + chars, at.field("message"),
                         "the message's string does not end where its length says");
    in.operands.first = static_cast<uint32_t>(out_.operand_pool.size());
    in.nested.first = static_cast<uint32_t>(out_.nested_pool.size());
    size_t pos = operands;
    for (uint32_t k = 0; k < count; ++k)
      if (!next_operand(in, pos, text)) return false;
    if (pos != text)
      return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(data + 4), at.field("message"),
                         strprintf("%u operands take %zu DWORDs, the message says %u", count, pos - operands, length));
    return true;
  }

  // A binding declaration's operand is the register kind it declares
  // (dcl_uav_structured declares a u#), with its register number as
  // immediates: a reader that trusts the opcode and one that trusts the
  // operand would bind different things, and an operand without an index,
  // or with a relative or 64-bit one, binds nothing fxc could have meant
  // (vkd3d-shader reads register ~0, or 0, and another field for the
  // space; found by fuzz_fxc_vkd3d).
  bool declares_its_register(const Instruction& in, const OpcodeInfo& info, uint64_t offset, const FieldPath& at) {
    const std::optional<OperandType> wanted = declared_register(info.opcode);
    if (!wanted) return true;
    const Operand& o = out_.operands(in).front();
    if (o.type() != *wanted)
      return s_.ctx.fail(Code::operand_invalid, offset, at.item("operands", 0),
                         strprintf("%s declares operand type %u, not %u", std::string(info.name).c_str(), o.type(),
                                   static_cast<uint32_t>(*wanted)));
    if (o.index_dimension() == 0)
      return s_.ctx.fail(Code::operand_invalid, offset, at.item("operands", 0),
                         strprintf("%s declares a register without its number", std::string(info.name).c_str()));
    for (uint32_t d = 0; d < o.index_dimension(); ++d)
      if (o.index[d].rep != IndexRep::imm32)
        return s_.ctx.fail(Code::operand_invalid, offset, at.item("operands", 0),
                           strprintf("%s declares a register whose index %u is not a 32-bit immediate",
                                     std::string(info.name).c_str(), d));
    return true;
  }

  static bool declares_dimension(const Instruction& in) {
    return in.opcode() == Opcode::dcl_resource || in.opcode() == Opcode::dcl_uav_typed;
  }

  // A resource dimension no shader model defines (D3D10_SB_RESOURCE_DIMENSION
  // is 1 to 12) in a declaration or an extended opcode token: a driver
  // indexes its tables with it.
  bool resource_dimension(const Instruction& in, uint64_t offset, const FieldPath& at) {
    constexpr uint32_t kLast = 12;  // structured buffer
    if (declares_dimension(in)) {
      const uint32_t dim = (in.token >> 11) & 0x1F;
      if (dim == 0 || dim > kLast)
        return s_.ctx.fail(Code::invalid_value, offset, at.field("dimension"),
                           strprintf("resource dimension %u is none of D3D10_SB_RESOURCE_DIMENSION's 1 to 12", dim));
    }
    for (uint32_t t : out_.extended(in)) {
      constexpr uint32_t kResourceDim = 2;  // D3D11_SB_EXTENDED_OPCODE_RESOURCE_DIM
      const uint32_t dim = (t >> 6) & 0x1F;
      if ((t & 0x3F) == kResourceDim && (dim == 0 || dim > kLast))
        return s_.ctx.fail(Code::invalid_value, offset, at.field("extended"),
                           strprintf("resource dimension %u is none of D3D10_SB_RESOURCE_DIMENSION's 1 to 12", dim));
    }
    return true;
  }

  // A chain of extended tokens (an opcode's or an operand's) from `pos`,
  // each saying in bit 31 whether another follows, into the word pool;
  // false, with `pos` at `stop`, when the chain reaches the end of its
  // instruction unended.
  bool extended_chain(Range& out, size_t& pos, size_t stop) {
    out = {static_cast<uint32_t>(out_.word_pool.size()), 0};
    for (bool more = true; more; ++pos, ++out.count) {
      if (pos >= stop) return false;
      const uint32_t t = word(pos);
      out_.word_pool.push_back(t);
      more = (t >> 31) != 0;
    }
    return true;
  }

  // The instruction's length and what its operands took disagree.
  [[gnu::cold]] bool mismatch(const OpcodeInfo& info, const FieldPath& at, size_t start, uint64_t length,
                              const char* what) {
    return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(start), at.field("length"),
                       strprintf("%s at byte %zu declares %" PRIu64 " DWORDs, which %s do not fill exactly",
                                 std::string(info.name).c_str(), 4 * start, length, what));
  }

  [[gnu::cold]] bool operand_overrun(const FieldPath& at, size_t pos) {
    return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(pos), at,
                       "the operand runs past the end of its instruction");
  }

  // An immediate with N components: how many values follow is unknown.
  static bool uncounted_immediate(const Operand& o) {
    return o.num_components_field() == 3 && (o.type() == kImmediate32 || o.type() == kImmediate64);
  }

  // One operand into `o`; its relative operands through relative_operand.
  [[gnu::always_inline]] bool operand(Instruction& in, Operand& o, size_t& pos, size_t stop, const FieldPath& at,
                                      uint32_t depth) {
    if (pos >= stop) return operand_overrun(at, pos);
    const size_t start = pos;
    o.token = word(pos++);
    const uint32_t n = o.immediate_words();
    const uint32_t dims = o.index_dimension();
    if (!o.is_extended() && ((o.token >> 22) & ((1u << 3 * dims) - 1)) == 0 && dims + n <= stop - pos &&
        !uncounted_immediate(o)) {
      // No extended token, every index an immediate32 (r0, cb1[4],
      // l(1.0)), all inside the instruction: nearly every operand, read
      // with one bounds check; the rest, and every error, below.
      for (uint32_t d = 0; d < dims; ++d) o.index[d].imm = word(pos++);
      if (n > 0) o.immediates = take_words(pos, n);
      return true;
    }
    if (o.is_extended() && !extended_chain(o.extended, pos, stop)) return operand_overrun(at.field("extended"), pos);
    if (uncounted_immediate(o))
      return s_.ctx.fail(Code::operand_invalid, offset_of(start), at,
                         "an immediate with N components: the count of its values is unknown");
    for (uint32_t d = 0; d < dims; ++d) {
      OperandIndex& ix = o.index[d];
      const uint32_t rep = (o.token >> (22 + 3 * d)) & 7;
      if (rep > static_cast<uint32_t>(IndexRep::imm64_relative))
        return s_.ctx.fail(Code::operand_invalid, offset_of(start), at,
                           strprintf("index %u's representation %u is not one of the five defined", d, rep));
      ix.rep = static_cast<IndexRep>(rep);
      if (ix.rep == IndexRep::imm32 || ix.rep == IndexRep::imm32_relative) {
        if (pos >= stop) return operand_overrun(at, pos);
        ix.imm = word(pos++);
      } else if (ix.rep == IndexRep::imm64 || ix.rep == IndexRep::imm64_relative) {
        if (stop - pos < 2) return operand_overrun(at, pos);
        ix.imm = word(pos) | (uint64_t{word(pos + 1)} << 32);
        pos += 2;
      }
      if (ix.has_relative() && !relative_operand(in, ix, pos, stop, at, d, depth + 1)) return false;
    }
    if (n > stop - pos) return operand_overrun(at.field("immediate"), pos);
    if (n > 0) o.immediates = take_words(pos, n);
    return true;
  }

  // The operand that index `d` of the operand at `at` is relative to,
  // `depth` relative operands deep. It is decoded (with its own) before it
  // joins the instruction's nested operands, so each refers only to nested
  // operands before it: no cycles. Out of line, so that operand() has no
  // call to itself and inlines into the loop over an instruction's
  // operands, where nearly every operand has no relative index.
  [[gnu::noinline]] bool relative_operand(Instruction& in, OperandIndex& ix, size_t& pos, size_t stop,
                                          const FieldPath& at, uint32_t d, uint32_t depth) {
    if (depth >= s_.ctx.limits().max_depth)
      return s_.ctx.fail(Code::limit_exceeded, offset_of(pos), at,
                         strprintf("relative addressing nested %u deep, past ", depth) +
                             limit_text(&Limits::max_depth, s_.ctx.limits().max_depth));
    Operand nested;
    const FieldPath nat = at.item("relative", d);
    if (!operand(in, nested, pos, stop, nat, depth)) return false;
    ix.relative = static_cast<int32_t>(in.nested.count++);
    out_.nested_pool.push_back(nested);
    return true;
  }

  const ChunkScope& s_;
  Program& out_;
  size_t end_ = 0;
  // The paths of the instruction and of its operand being decoded: cursor
  // frames, updated in place and rendered only for an error.
  FieldPath::Cursor instruction_, operand_;
  const FieldPath at_ = s_.at.cursor("instructions", instruction_);
  const FieldPath operand_at_ = at_.cursor("operands", operand_);
};

}  // namespace

bool parse_program(const ChunkScope& s, Program& out) { return ProgramReader(s, out).run(); }

}  // namespace sp::fxc
