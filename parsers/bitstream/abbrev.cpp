#include "bitstream/abbrev.h"

namespace sp::bitstream {
namespace {

std::string_view width_problem(const AbbrevOp& op) {
  if (op.encoding != Encoding::fixed && op.encoding != Encoding::vbr) return {};
  if (op.value > kMaxChunkBits) return "fixed or vbr width above 32 bits (LLVM 22's MaxChunkSize)";
  // A 1-bit VBR chunk has no value bits: LLVM reads it as zero after any run
  // of continuation bits. No writer emits it.
  if (op.encoding == Encoding::vbr && op.value == 1) return "vbr width 1 has no value bits";
  return {};
}

}  // namespace

std::string_view abbrev_problem(std::span<const AbbrevOp> ops) {
  // "Abbrev record with no operands": the first operand is the record code.
  if (ops.empty()) return "abbreviation with no operands";
  if (ops[0].encoding == Encoding::array || ops[0].encoding == Encoding::blob)
    return "abbreviation starts with an array or a blob";
  if (ops[0].encoding == Encoding::literal && ops[0].value > UINT32_MAX)
    return "literal record code does not fit 32 bits";
  for (size_t i = 0; i < ops.size(); ++i) {
    const AbbrevOp& op = ops[i];
    switch (op.encoding) {
      case Encoding::fixed:
      case Encoding::vbr:
        if (auto p = width_problem(op); !p.empty()) return p;
        break;
      case Encoding::array: {
        // "Array op not second to last"; "Array element type has to be an
        // encoding of a type"; "Array element type can't be an Array or a
        // Blob".
        if (i + 2 != ops.size()) return "array operand is not second to last";
        const Encoding e = ops[i + 1].encoding;
        if (e == Encoding::literal) return "array element is a literal, not an encoding";
        if (e == Encoding::array || e == Encoding::blob) return "array element is an array or a blob";
        return width_problem(ops[i + 1]);  // the element is the last operand
      }
      case Encoding::blob:
        // LLVM's writer always puts the blob last; its reader would accept
        // operands after it but keeps only one blob per record.
        if (i + 1 != ops.size()) return "blob operand is not the last";
        break;
      case Encoding::literal:
      case Encoding::char6:
        break;
    }
  }
  return {};
}

std::string_view encoding_name(Encoding e) {
  switch (e) {
    case Encoding::literal: return "literal";
    case Encoding::fixed: return "fixed";
    case Encoding::vbr: return "vbr";
    case Encoding::array: return "array";
    case Encoding::char6: return "char6";
    case Encoding::blob: return "blob";
  }
  return "unknown";
}

}  // namespace sp::bitstream
