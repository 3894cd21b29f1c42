// SHDR / SHEX: the whole tokenized program. Every instruction is decoded by
// its opcode's shape (opcodes.def), so an instruction whose length field
// disagrees with what its operands take is caught, not skipped: a length
// of 0 would loop forever in a reader that trusts it, and one that is too
// long hides tokens from the decoder that a driver may still execute.
#include <cinttypes>

#include "core/strings.h"
#include "fxc/program.h"

namespace sp::fxc {
namespace {

// Custom data blocks, dcl_function_table and dcl_interface may carry their
// length in the DWORD after the opcode token: custom data always, the two
// declarations when bit 31 says so (their table may not fit 7 bits).
bool has_length_word(const Instruction& in) {
  return in.is_custom_data() ||
         (in.is_extended() && (in.opcode() == Opcode::dcl_function_table || in.opcode() == Opcode::dcl_interface));
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

    // Every instruction takes at least one DWORD: the list is O(input).
    size_t pos = 2;
    for (uint32_t index = 0; pos < end_; ++index) {
      FieldPath::Cursor cur{index, {}};
      const FieldPath at = s_.at.cursor("instructions", cur);
      Instruction& in = out_.instructions.emplace_back();
      if (!instruction(in, pos, at)) return false;
    }
    return true;
  }

 private:
  uint32_t word(size_t i) const { return load_le<uint32_t>(s_.data.data() + 4 * i); }
  uint64_t offset_of(size_t i) const { return s_.base + 4 * uint64_t{i}; }

  bool instruction(Instruction& in, size_t& pos, const FieldPath& at) {
    const size_t start = pos;
    in.offset = static_cast<uint32_t>(4 * start);
    in.token = word(pos++);
    const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
    if (info == nullptr)
      return s_.ctx.fail(Code::unknown_opcode, offset_of(start), at.field("opcode"),
                         strprintf("opcode %u is no SM4/SM5 instruction", in.token & 0x7FF));

    uint64_t length = in.length_field();
    if (has_length_word(in)) {
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
      in.words.reserve(stop - pos);
      for (; pos < stop; ++pos) in.words.push_back(word(pos));
      return true;
    }
    // Extended opcode tokens (sample offsets, resource dimension, return
    // type); the length word above replaces them.
    if (in.is_extended() && !has_length_word(in) && !extended_chain(in.extended, pos, stop))
      return mismatch(in, *info, at, start, length, "its extended opcode tokens");
    for (const char item : info->shape) {
      switch (item) {
        case 'o': {
          Operand& o = in.operands.emplace_back();
          const FieldPath oat = at.item("operands", in.operands.size() - 1);
          if (!operand(in, o, pos, stop, oat, 0)) return false;
          break;
        }
        case 's':
          if (!out_.version.sm51()) break;
          [[fallthrough]];
        case 'w':
          if (pos >= stop) return mismatch(in, *info, at, start, length, "its operands");
          in.words.push_back(word(pos++));
          break;
        case 'n':
        case 'h': {
          if (pos >= stop) return mismatch(in, *info, at, start, length, "its operands");
          const uint32_t head = word(pos++);
          in.words.push_back(head);
          const uint32_t count = item == 'n' ? head : (head & 0xFFFF);
          if (count > stop - pos) return mismatch(in, *info, at, start, length, "its table");
          for (uint32_t k = 0; k < count; ++k) in.words.push_back(word(pos++));
          break;
        }
        default:
          return s_.ctx.fail(Code::internal_error, offset_of(start), at,
                             strprintf("opcodes.def shape letter '%c'", item));
      }
    }
    if (pos != stop) return mismatch(in, *info, at, start, length, "its operands");
    return declared_register(in, offset_of(start), at) && resource_dimension(in, offset_of(start), at);
  }

  // A binding declaration's operand is the register kind it declares
  // (dcl_uav_structured declares a u#): a reader that trusts the opcode
  // and one that trusts the operand would bind different things.
  bool declared_register(const Instruction& in, uint64_t offset, const FieldPath& at) {
    uint32_t wanted;
    switch (in.opcode()) {
      case Opcode::dcl_resource:
      case Opcode::dcl_resource_raw:
      case Opcode::dcl_resource_structured:
        wanted = kResource;
        break;
      case Opcode::dcl_uav_typed:
      case Opcode::dcl_uav_raw:
      case Opcode::dcl_uav_structured:
        wanted = kUav;
        break;
      case Opcode::dcl_sampler:
        wanted = kSampler;
        break;
      case Opcode::dcl_constant_buffer:
        wanted = kConstantBuffer;
        break;
      case Opcode::dcl_tgsm_raw:
      case Opcode::dcl_tgsm_structured:
        wanted = kThreadGroupSharedMemory;
        break;
      default:
        return true;
    }
    const uint32_t type = in.operands.front().type();
    if (type == wanted) return true;
    return s_.ctx.fail(Code::operand_invalid, offset, at.item("operands", 0),
                       strprintf("%s declares operand type %u, not %u", std::string(opcode_info(in.token & 0x7FF)->name).c_str(),
                                 type, wanted));
  }

  // A resource dimension no shader model defines (D3D10_SB_RESOURCE_DIMENSION
  // is 1 to 12) in a declaration or an extended opcode token: a driver
  // indexes its tables with it.
  bool resource_dimension(const Instruction& in, uint64_t offset, const FieldPath& at) {
    constexpr uint32_t kLast = 12;  // structured buffer
    const bool declares = in.opcode() == Opcode::dcl_resource || in.opcode() == Opcode::dcl_uav_typed;
    if (declares) {
      const uint32_t dim = (in.token >> 11) & 0x1F;
      if (dim == 0 || dim > kLast)
        return s_.ctx.fail(Code::invalid_value, offset, at.field("dimension"),
                           strprintf("resource dimension %u is none of D3D10_SB_RESOURCE_DIMENSION's 1 to 12", dim));
    }
    for (uint32_t t : in.extended) {
      constexpr uint32_t kResourceDim = 2;  // D3D11_SB_EXTENDED_OPCODE_RESOURCE_DIM
      const uint32_t dim = (t >> 6) & 0x1F;
      if ((t & 0x3F) == kResourceDim && (dim == 0 || dim > kLast))
        return s_.ctx.fail(Code::invalid_value, offset, at.field("extended"),
                           strprintf("resource dimension %u is none of D3D10_SB_RESOURCE_DIMENSION's 1 to 12", dim));
    }
    return true;
  }

  // A chain of extended tokens (an opcode's or an operand's) from `pos`,
  // each saying in bit 31 whether another follows; false, with `pos` at
  // `stop`, when the chain reaches the end of its instruction unended.
  bool extended_chain(std::vector<uint32_t>& out, size_t& pos, size_t stop) {
    for (bool more = true; more; ++pos) {
      if (pos >= stop) return false;
      out.push_back(word(pos));
      more = (word(pos) >> 31) != 0;
    }
    return true;
  }

  // The instruction's length and what its operands took disagree.
  [[gnu::cold]] bool mismatch(const Instruction& in, const OpcodeInfo& info, const FieldPath& at, size_t start,
                              uint64_t length, const char* what) {
    (void)in;
    return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(start), at.field("length"),
                       strprintf("%s at byte %zu declares %" PRIu64 " DWORDs, which %s do not fill exactly",
                                 std::string(info.name).c_str(), 4 * start, length, what));
  }

  [[gnu::cold]] bool operand_overrun(const FieldPath& at, size_t pos) {
    return s_.ctx.fail(Code::instruction_length_mismatch, offset_of(pos), at,
                       "the operand runs past the end of its instruction");
  }

  bool operand(Instruction& in, Operand& o, size_t& pos, size_t stop, const FieldPath& at, uint32_t depth) {
    if (pos >= stop) return operand_overrun(at, pos);
    const size_t start = pos;
    o.token = word(pos++);
    if (o.is_extended() && !extended_chain(o.extended, pos, stop)) return operand_overrun(at.field("extended"), pos);
    if (o.num_components_field() == 3 && o.immediate_words() == 0 && (o.type() == 4 || o.type() == 5))
      return s_.ctx.fail(Code::operand_invalid, offset_of(start), at,
                         "an immediate with N components: the count of its values is unknown");
    for (uint32_t d = 0; d < o.index_dimension(); ++d) {
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
      if (ix.has_relative()) {
        if (depth + 1 >= s_.ctx.limits().max_depth)
          return s_.ctx.fail(Code::limit_exceeded, offset_of(pos), at,
                             strprintf("relative addressing nested %u deep, past ", depth + 1) +
                                 limit_text(&Limits::max_depth, s_.ctx.limits().max_depth));
        Operand nested;
        const FieldPath nat = at.item("relative", d);
        if (!operand(in, nested, pos, stop, nat, depth + 1)) return false;
        ix.relative = static_cast<int32_t>(in.nested.size());
        in.nested.push_back(std::move(nested));
      }
    }
    const uint32_t n = o.immediate_words();
    if (n > stop - pos) return operand_overrun(at.field("immediate"), pos);
    for (uint32_t k = 0; k < n; ++k) o.imm[k] = word(pos++);
    return true;
  }

  const ChunkScope& s_;
  Program& out_;
  size_t end_ = 0;
};

}  // namespace

bool parse_program(const ChunkScope& s, Program& out) { return ProgramReader(s, out).run(); }

}  // namespace sp::fxc
