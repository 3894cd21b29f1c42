// The program model back to tokens, in the order the reader took them: the
// model keeps every token and word, so a decoded program comes back byte
// for byte (the real-file tests check it).
#include "core/span_writer.h"
#include "fxc/program.h"

namespace sp::fxc {
namespace {

void put_operand(ByteWriter& w, const Instruction& in, const Operand& o) {
  w.put_u32_le(o.token);
  for (uint32_t t : o.extended) w.put_u32_le(t);
  for (uint32_t d = 0; d < o.index_dimension(); ++d) {
    const OperandIndex& ix = o.index[d];
    if (ix.rep == IndexRep::imm32 || ix.rep == IndexRep::imm32_relative) w.put_u32_le(static_cast<uint32_t>(ix.imm));
    if (ix.rep == IndexRep::imm64 || ix.rep == IndexRep::imm64_relative) w.put_u64_le(ix.imm);
    if (ix.has_relative() && ix.relative >= 0 && static_cast<size_t>(ix.relative) < in.nested.size())
      put_operand(w, in, in.nested[static_cast<size_t>(ix.relative)]);
  }
  for (uint32_t k = 0; k < o.immediate_words(); ++k) w.put_u32_le(o.imm[k]);
}

void put_instruction(ByteWriter& w, const Instruction& in, bool sm51) {
  w.put_u32_le(in.token);
  if (in.custom_length != 0 || in.is_custom_data()) w.put_u32_le(in.custom_length);
  for (uint32_t t : in.extended) w.put_u32_le(t);
  const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
  if (info == nullptr || in.is_custom_data()) {
    for (uint32_t v : in.words) w.put_u32_le(v);
    return;
  }
  size_t operand = 0;
  size_t word = 0;
  for (const char item : info->shape) {
    if (item == 'o') {
      if (operand < in.operands.size()) put_operand(w, in, in.operands[operand++]);
    } else if (item != 's' || sm51) {
      // w, s, n, h: the rest of the words belong to the table letters.
      const size_t count = item == 'n' || item == 'h' ? in.words.size() - word : 1;
      for (size_t k = 0; k < count && word < in.words.size(); ++k) w.put_u32_le(in.words[word++]);
    }
  }
}

}  // namespace

std::vector<uint8_t> write_program(const Program& program) {
  ByteWriter w;
  w.put_u32_le(program.version.token);
  w.put_u32_le(program.length);
  for (const Instruction& in : program.instructions) put_instruction(w, in, program.version.sm51());
  w.put_bytes(program.trailing);
  return w.take();
}

}  // namespace sp::fxc
