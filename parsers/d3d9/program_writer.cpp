// The program model back to tokens, in the order the reader took them:
// comments at their places among the instructions (each with its bytes as
// read, the constant table included), every instruction by its layout.
#include "core/span_writer.h"
#include "d3d9/program.h"

namespace sp::d3d9 {
namespace {

void put_parameter(ByteWriter& w, const Parameter& p) {
  w.put_u32_le(p.token);
  if (p.is_relative()) w.put_u32_le(p.relative);
}

void put_instruction(ByteWriter& w, const Instruction& in, const Version& version) {
  w.put_u32_le(in.token);
  const OpcodeInfo* info = opcode_info(in.opcode_value());
  if (info == nullptr) {
    // No reader's model; a builder's hostile input: its tokens as given.
    for (const Parameter& p : in.params) put_parameter(w, p);
    for (uint32_t v : in.words) w.put_u32_le(v);
    return;
  }
  size_t param = 0;
  size_t word = 0;
  for (const Item item : layout_of(*info, version.sm3(), in.predicated())) {
    if (item == Item::word) {
      if (word < in.words.size()) w.put_u32_le(in.words[word++]);
    } else if (param < in.params.size()) {
      put_parameter(w, in.params[param++]);
    }
  }
}

void put_comment(ByteWriter& w, const Comment& c) {
  w.put_u32_le(c.token);
  w.put_bytes(c.data);
}

}  // namespace

std::vector<uint8_t> write_program(const Program& program) {
  ByteWriter w;
  w.put_u32_le(program.version.token);
  auto comment = program.comments.begin();
  for (size_t i = 0; i <= program.instructions.size(); ++i) {
    for (; comment != program.comments.end() && comment->position == i; ++comment) put_comment(w, *comment);
    if (i < program.instructions.size()) put_instruction(w, program.instructions[i], program.version);
  }
  w.put_u32_le(kEndToken);
  w.put_bytes(program.trailing);
  return w.take();
}

}  // namespace sp::d3d9
