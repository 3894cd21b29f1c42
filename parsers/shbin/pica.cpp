// The PICA200 word layouts, field by field (docs/formats/shbin.md,
// "PICA200 instructions"; 3dbrew's format tables, checked against
// picasso's encoder).
#include "shbin/pica.h"

namespace sp::shbin::pica {
namespace {

constexpr OpcodeInfo kTable[] = {
#define SP_PICA_OPCODE(first, last, id, name, format) {first, last, Op::id, name, Format::format},
#include "shbin/opcodes.def"
#undef SP_PICA_OPCODE
};

// The row of each 6-bit opcode value, built once from the table.
struct Index {
  const OpcodeInfo* rows[64] = {};
  constexpr Index() {
    for (const OpcodeInfo& info : kTable)
      for (uint32_t v = info.first; v <= info.last; ++v) rows[v] = &info;
  }
};
constexpr Index kIndex;

constexpr uint32_t bits(uint32_t word, uint32_t at, uint32_t width) { return (word >> at) & ((1u << width) - 1); }
constexpr uint32_t field(uint32_t value, uint32_t at, uint32_t width) { return (value & ((1u << width) - 1)) << at; }
constexpr uint32_t span_mask(uint32_t at, uint32_t width) { return ((1u << width) - 1) << at; }

uint8_t u8(uint32_t v) { return static_cast<uint8_t>(v); }

}  // namespace

std::string_view format_name(Format f) {
  switch (f) {
    case Format::f0: return "0";
    case Format::f1: return "1";
    case Format::f1i: return "1i";
    case Format::f1u: return "1u";
    case Format::f1c: return "1c";
    case Format::f2: return "2";
    case Format::f3: return "3";
    case Format::f4: return "4";
    case Format::f5: return "5";
    case Format::f5i: return "5i";
    case Format::undefined: break;
  }
  return "undefined";
}

const OpcodeInfo* opcode_info(uint32_t opcode) { return opcode < 64 ? kIndex.rows[opcode] : nullptr; }

const OpcodeInfo& info_of(Op op) { return kTable[static_cast<size_t>(op)]; }

std::span<const OpcodeInfo> all_opcodes() { return kTable; }

Instruction decode(uint32_t w) {
  Instruction in;
  in.opcode = u8(w >> 26);
  const OpcodeInfo* info = opcode_info(in.opcode);
  if (info == nullptr) {
    in.unused = w & span_mask(0, 26);
    return in;
  }
  in.op = info->op;
  in.format = info->format;
  switch (info->format) {
    case Format::f0:
      in.unused = w & span_mask(0, 26);
      break;
    case Format::f1:
      in.descriptor = u8(bits(w, 0, 7));
      in.src2 = u8(bits(w, 7, 5));
      in.src1 = u8(bits(w, 12, 7));
      in.relative = u8(bits(w, 19, 2));
      in.dest = u8(bits(w, 21, 5));
      break;
    case Format::f1i:
      in.descriptor = u8(bits(w, 0, 7));
      in.src2 = u8(bits(w, 7, 7));
      in.src1 = u8(bits(w, 14, 5));
      in.relative = u8(bits(w, 19, 2));
      in.dest = u8(bits(w, 21, 5));
      break;
    case Format::f1u:
      in.descriptor = u8(bits(w, 0, 7));
      in.unused = w & span_mask(7, 5);
      in.src1 = u8(bits(w, 12, 7));
      in.relative = u8(bits(w, 19, 2));
      in.dest = u8(bits(w, 21, 5));
      break;
    case Format::f1c:
      in.descriptor = u8(bits(w, 0, 7));
      in.src2 = u8(bits(w, 7, 5));
      in.src1 = u8(bits(w, 12, 7));
      in.relative = u8(bits(w, 19, 2));
      in.compare_y = u8(bits(w, 21, 3));
      in.compare_x = u8(bits(w, 24, 3));
      break;
    case Format::f2:
      in.num = u8(bits(w, 0, 8));
      in.unused = w & span_mask(8, 2);
      in.dst = static_cast<uint16_t>(bits(w, 10, 12));
      in.condition = u8(bits(w, 22, 2));
      in.ref_y = bits(w, 24, 1) != 0;
      in.ref_x = bits(w, 25, 1) != 0;
      break;
    case Format::f3:
      in.num = u8(bits(w, 0, 8));
      in.unused = w & span_mask(8, 2);
      in.dst = static_cast<uint16_t>(bits(w, 10, 12));
      in.uniform = u8(bits(w, 22, 4));
      break;
    case Format::f4:
      in.unused = w & span_mask(0, 22);
      in.winding = bits(w, 22, 1) != 0;
      in.primitive = bits(w, 23, 1) != 0;
      in.vertex = u8(bits(w, 24, 2));
      break;
    case Format::f5:
    case Format::f5i:
      in.opcode = info->first;  // bits 26..28 are the destination's
      in.descriptor = u8(bits(w, 0, 5));
      if (info->format == Format::f5) {
        in.src3 = u8(bits(w, 5, 5));
        in.src2 = u8(bits(w, 10, 7));
      } else {
        in.src3 = u8(bits(w, 5, 7));
        in.src2 = u8(bits(w, 12, 5));
      }
      in.src1 = u8(bits(w, 17, 5));
      in.relative = u8(bits(w, 22, 2));
      in.dest = u8(bits(w, 24, 5));
      break;
    case Format::undefined:
      break;
  }
  return in;
}

uint32_t encode(const Instruction& in) {
  const OpcodeInfo* info = opcode_info(in.opcode & 0x3Fu);
  const uint32_t opcode = field(in.opcode, 26, 6);
  if (info == nullptr) return opcode | (in.unused & span_mask(0, 26));
  switch (info->format) {
    case Format::f0:
      return opcode | (in.unused & span_mask(0, 26));
    case Format::f1:
      return opcode | field(in.dest, 21, 5) | field(in.relative, 19, 2) | field(in.src1, 12, 7) |
             field(in.src2, 7, 5) | field(in.descriptor, 0, 7);
    case Format::f1i:
      return opcode | field(in.dest, 21, 5) | field(in.relative, 19, 2) | field(in.src1, 14, 5) |
             field(in.src2, 7, 7) | field(in.descriptor, 0, 7);
    case Format::f1u:
      return opcode | field(in.dest, 21, 5) | field(in.relative, 19, 2) | field(in.src1, 12, 7) |
             (in.unused & span_mask(7, 5)) | field(in.descriptor, 0, 7);
    case Format::f1c:
      // The comparison for x takes bits 24..26, the opcode's lowest bit.
      return (opcode & span_mask(27, 5)) | field(in.compare_x, 24, 3) | field(in.compare_y, 21, 3) |
             field(in.relative, 19, 2) | field(in.src1, 12, 7) | field(in.src2, 7, 5) | field(in.descriptor, 0, 7);
    case Format::f2:
      return opcode | field(in.ref_x ? 1 : 0, 25, 1) | field(in.ref_y ? 1 : 0, 24, 1) | field(in.condition, 22, 2) |
             field(in.dst, 10, 12) | (in.unused & span_mask(8, 2)) | field(in.num, 0, 8);
    case Format::f3:
      return opcode | field(in.uniform, 22, 4) | field(in.dst, 10, 12) | (in.unused & span_mask(8, 2)) |
             field(in.num, 0, 8);
    case Format::f4:
      return opcode | field(in.vertex, 24, 2) | field(in.primitive ? 1 : 0, 23, 1) | field(in.winding ? 1 : 0, 22, 1) |
             (in.unused & span_mask(0, 22));
    case Format::f5:
    case Format::f5i: {
      const bool inverted = info->format == Format::f5i;
      return (opcode & span_mask(29, 3)) | field(in.dest, 24, 5) | field(in.relative, 22, 2) | field(in.src1, 17, 5) |
             (inverted ? field(in.src2, 12, 5) | field(in.src3, 5, 7) : field(in.src2, 10, 7) | field(in.src3, 5, 5)) |
             field(in.descriptor, 0, 5);
    }
    case Format::undefined:
      break;
  }
  return opcode | (in.unused & span_mask(0, 26));
}

bool has_descriptor(Format f) {
  return f == Format::f1 || f == Format::f1i || f == Format::f1u || f == Format::f1c || f == Format::f5 ||
         f == Format::f5i;
}

bool has_dest(Format f) {
  return f == Format::f1 || f == Format::f1i || f == Format::f1u || f == Format::f5 || f == Format::f5i;
}

uint32_t source_count(Format f) {
  switch (f) {
    case Format::f1u: return 1;
    case Format::f1:
    case Format::f1i:
    case Format::f1c: return 2;
    case Format::f5:
    case Format::f5i: return 3;
    default: return 0;
  }
}

uint32_t wide_source(Format f) {
  switch (f) {
    case Format::f1:
    case Format::f1u:
    case Format::f1c: return 1;
    case Format::f1i:
    case Format::f5: return 2;
    case Format::f5i: return 3;
    default: return 0;
  }
}

bool is_flow_control(Op op) {
  switch (op) {
    case Op::call:
    case Op::callc:
    case Op::callu:
    case Op::ifu:
    case Op::ifc:
    case Op::loop:
    case Op::jmpc:
    case Op::jmpu: return true;
    default: return false;
  }
}

}  // namespace sp::shbin::pica
