// The program model back to tokens, in the order the reader took them: the
// model keeps every token and word, so a decoded program comes back byte
// for byte (the real-file tests check it).
#include "core/span_writer.h"
#include "fxc/program.h"

namespace sp::fxc {
namespace {

void put_words(ByteWriter& w, std::span<const uint32_t> words) {
  for (uint32_t v : words) w.put_u32_le(v);
}

void put_operand(ByteWriter& w, const Program& p, const Instruction& in, const Operand& o) {
  w.put_u32_le(o.token);
  put_words(w, p.extended(o));
  for (uint32_t d = 0; d < o.index_dimension(); ++d) {
    const OperandIndex& ix = o.index[d];
    if (ix.rep == IndexRep::imm32 || ix.rep == IndexRep::imm32_relative) w.put_u32_le(static_cast<uint32_t>(ix.imm));
    if (ix.rep == IndexRep::imm64 || ix.rep == IndexRep::imm64_relative) w.put_u64_le(ix.imm);
    if (const Operand* nested = p.relative(in, ix)) put_operand(w, p, in, *nested);
  }
  // As many values as the token says: the model's, then zeros (an editor
  // that turns an operand into an immediate need not give its values).
  const std::span<const uint32_t> values = p.immediates(o);
  for (uint32_t k = 0; k < o.immediate_words(); ++k) w.put_u32_le(k < values.size() ? values[k] : 0);
}

void put_instruction(ByteWriter& w, const Program& p, const Instruction& in) {
  w.put_u32_le(in.token);
  if (in.custom_length != 0 || in.is_custom_data()) w.put_u32_le(in.custom_length);
  put_words(w, p.extended(in));
  const std::span<const uint32_t> words = p.words(in);
  const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
  if (info == nullptr || in.is_custom_data()) {
    put_words(w, words);
    return;
  }
  const std::span<const Operand> operands = p.operands(in);
  size_t operand = 0;
  size_t word = 0;
  for (const char item : info->shape) {
    if (item == 'o') {
      if (operand < operands.size()) put_operand(w, p, in, operands[operand++]);
    } else if (item != 's' || p.version.sm51()) {
      // w, s, n, h: the rest of the words belong to the table letters.
      const size_t count = item == 'n' || item == 'h' ? words.size() - word : 1;
      for (size_t k = 0; k < count && word < words.size(); ++k) w.put_u32_le(words[word++]);
    }
  }
  if (in.trailing_word) w.put_u32_le(*in.trailing_word);
}

}  // namespace

std::vector<uint8_t> write_program(const Program& program) {
  ByteWriter w;
  w.put_u32_le(program.version.token);
  w.put_u32_le(program.length);
  for (const Instruction& in : program.instructions) put_instruction(w, program, in);
  w.put_bytes(program.trailing);
  return w.take();
}

size_t encoded_words(const Program& program, const Instruction& in) {
  ByteWriter w;
  put_instruction(w, program, in);
  return w.size() / 4;
}

}  // namespace sp::fxc
