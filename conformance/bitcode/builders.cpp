#include "conformance/bitcode/builders.h"

namespace sp::bitstream::build {

void raw_abbrev(Writer& w, std::initializer_list<RawOp> ops, unsigned code_width) {
  w.emit_fixed(kDefineAbbrev, code_width);
  w.emit_vbr(ops.size(), 5);
  for (const RawOp& op : ops) {
    w.emit_fixed(op.literal ? 1 : 0, 1);
    if (op.literal) {
      w.emit_vbr(op.value, 8);
    } else {
      w.emit_fixed(op.value, 3);
      if (op.data) w.emit_vbr(*op.data, 5);
    }
  }
}

void raw_enter_block(Writer& w, uint64_t id, uint64_t code_width, uint32_t num_words, unsigned outer_width) {
  w.emit_fixed(kEnterSubblock, outer_width);
  w.emit_vbr(id, 8);
  w.emit_vbr(code_width, 4);
  w.align32();
  w.emit_fixed(num_words, 32);
}

}  // namespace sp::bitstream::build
