// The semantic checks (docs/formats/shbin.md, "Checks"): each finding is a
// warning with a code of its own, since the file decodes and each writer
// and loader decides what it tolerates. Code words are checked once (the
// DVLP is shared), each DVLE once however many table entries name it.
// Version fields are never checked: picasso writes 0x1002, nihstro 0.
#include <cinttypes>

#include "core/strings.h"
#include "shbin/model.h"
#include "shbin/pica.h"

namespace sp::shbin {
namespace {

class Checker {
 public:
  Checker(const Shbin& shbin, uint64_t base, Context& ctx) : s_(shbin), base_(base), ctx_(ctx) {}

  void run() {
    const FieldPath root = FieldPath::root();
    code(root.field("dvlp"));
    FieldPath::Cursor cur;
    const FieldPath dvles = root.cursor("dvles", cur);
    for (size_t k = 0; k < s_.dvles.size() && !full(); ++k) {
      cur.index = k;
      dvle(s_.dvles[k], dvles);
    }
  }

 private:
  [[nodiscard]] uint64_t code_size() const { return s_.dvlp.code.size(); }

  // Whether the Context keeps no more warnings (max_warnings of them and
  // its warnings_truncated one): the checks stop there, since every later
  // finding would be formatted only to be dropped (an 8 KiB file of
  // undefined opcodes has some 2,000).
  [[nodiscard]] bool full() const { return ctx_.warnings().size() > ctx_.limits().max_warnings; }

  void warn(Code code, uint64_t pos, const FieldPath& at, std::string message) {
    ctx_.warn(code, base_ + pos, at, std::move(message));
  }

  void code(const FieldPath& dvlp) {
    const Dvlp& p = s_.dvlp;
    FieldPath::Cursor cur;
    const FieldPath words = dvlp.cursor("code", cur);
    const uint64_t first = p.offset + p.code_table.offset;
    for (size_t k = 0; k < p.code.size() && !full(); ++k) {
      cur.index = k;
      const uint64_t pos = first + 4 * k;
      const pica::Instruction in = pica::decode(p.code[k]);
      if (in.op == pica::Op::undefined) {
        warn(Code::undefined_opcode, pos, words,
             strprintf("opcode 0x%02x (word 0x%08x) is no PICA200 instruction", in.opcode, p.code[k]));
        continue;
      }
      const std::string name(pica::info_of(in.op).name);
      if (pica::has_descriptor(in.format) && in.descriptor >= p.descriptors.size())
        warn(Code::descriptor_index_out_of_range, pos, words,
             strprintf("%s names operand descriptor %u, the table has %zu", name.c_str(), in.descriptor,
                       p.descriptors.size()));
      if (pica::is_flow_control(in.op)) target(in, name, pos, words);
    }
  }

  // Where each flow control instruction goes (3dbrew; picasso's encoder):
  // jmpc / jmpu jump to dst; call, callc and callu run num words from dst;
  // ifu and ifc run their else branch of num words at dst, or go on at dst
  // when num is 0 (an if at the end of the code may point just past it);
  // for runs up to and including dst.
  void target(const pica::Instruction& in, const std::string& name, uint64_t pos, const FieldPath& at) {
    const uint64_t dst = in.dst;
    const uint64_t end = dst + in.num;
    bool inside = true;
    switch (in.op) {
      case pica::Op::call:
      case pica::Op::callc:
      case pica::Op::callu:
        inside = dst < code_size() && end <= code_size();
        break;
      case pica::Op::ifu:
      case pica::Op::ifc:
        inside = end <= code_size();
        break;
      default:  // jmpc, jmpu, for
        inside = dst < code_size();
        break;
    }
    if (!inside)
      warn(Code::flow_target_out_of_code, pos, at,
           strprintf("%s targets word 0x%03" PRIx64 " (%u words), the code has %" PRIu64, name.c_str(), dst, in.num,
                     code_size()));
  }

  void dvle(const Dvle& d, const FieldPath& at) {
    if (d.type > 1)
      warn(Code::unknown_shader_type, d.offset + 6, at.field("type"),
           strprintf("type %u: 0 is a vertex shader, 1 a geometry shader", d.type));
    if (d.main >= code_size())
      warn(Code::main_out_of_code, d.offset + 8, at.field("main"),
           strprintf("main is word 0x%x, the code has %" PRIu64, d.main, code_size()));
    if (d.endmain > code_size())
      warn(Code::main_out_of_code, d.offset + 12, at.field("endmain"),
           strprintf("endmain is word 0x%x, past the code's %" PRIu64, d.endmain, code_size()));
    if (d.endmain < d.main)
      warn(Code::endmain_before_main, d.offset + 12, at.field("endmain"),
           strprintf("endmain 0x%x is below main 0x%x", d.endmain, d.main));

    FieldPath::Cursor cur;
    const FieldPath constants = at.cursor("constants", cur);
    for (size_t k = 0; k < d.constants.size() && !full(); ++k) {
      cur.index = k;
      const Constant& c = d.constants[k];
      const uint64_t pos = d.offset + d.constant_table.offset + uint64_t{kConstantSize} * k;
      const RegisterClass klass = constant_class(c.type);
      if (klass == RegisterClass::none) {
        warn(Code::unknown_constant_type, pos, constants.field("type"),
             strprintf("type %u: 0 is bool, 1 int, 2 float", c.type));
      } else if (c.index >= register_count(klass)) {
        warn(Code::constant_register_out_of_range, pos + 2, constants.field("index"),
             strprintf("%s constant for register %s%u: the file has %u", std::string(constant_type_name(c.type)).c_str(),
                       std::string(register_prefix(klass)).c_str(), c.index, register_count(klass)));
      }
    }

    const FieldPath labels = at.cursor("labels", cur);
    for (size_t k = 0; k < d.labels.size() && !full(); ++k) {
      cur.index = k;
      if (d.labels[k].address >= code_size())
        warn(Code::label_out_of_code, d.offset + d.label_table.offset + uint64_t{kLabelSize} * k + 4,
             labels.field("address"),
             strprintf("label at word 0x%x, the code has %" PRIu64, d.labels[k].address, code_size()));
    }

    const FieldPath outmaps = at.cursor("outmaps", cur);
    for (size_t k = 0; k < d.outmaps.size() && !full(); ++k) {
      cur.index = k;
      const Outmap& o = d.outmaps[k];
      const uint64_t pos = d.offset + d.outmap_table.offset + uint64_t{kOutmapSize} * k;
      if (output_semantic_name(o.semantic).empty())
        warn(Code::unknown_output_semantic, pos, outmaps.field("semantic"),
             strprintf("semantic %u is none of 0-6 (position .. texcoord2), 8 (view) or 9 (dummy)", o.semantic));
      if (o.reg > kMaxOutputRegister)
        warn(Code::outmap_register_out_of_range, pos + 2, outmaps.field("register"),
             strprintf("output register o%u: the outputs are o0-o%u", o.reg, kMaxOutputRegister));
    }

    const FieldPath uniforms = at.cursor("uniforms", cur);
    for (size_t k = 0; k < d.uniforms.size() && !full(); ++k) {
      cur.index = k;
      uniform(d.uniforms[k], d.offset + d.uniform_table.offset + uint64_t{kUniformSize} * k, uniforms);
    }
  }

  void uniform(const Uniform& u, uint64_t pos, const FieldPath& at) {
    const UniformRegister first = uniform_register(u.first);
    const UniformRegister last = uniform_register(u.last);
    // Made only for a warning: most uniforms have none.
    auto name = [&u] { return u.name.printable(); };
    if (first.klass == RegisterClass::none) {
      warn(Code::uniform_register_invalid, pos + 4, at.field("first"),
           strprintf("'%s' starts at register 0x%02x, in no register class", name().c_str(), u.first));
    } else if (last.klass == RegisterClass::none) {
      warn(Code::uniform_register_invalid, pos + 6, at.field("last"),
           strprintf("'%s' ends at register 0x%02x, in no register class", name().c_str(), u.last));
    } else if (u.last < u.first) {
      warn(Code::uniform_range_reversed, pos + 6, at.field("last"),
           strprintf("'%s' ends at register 0x%02x, before its first 0x%02x", name().c_str(), u.last, u.first));
    } else if (first.klass != last.klass) {
      warn(Code::uniform_range_crosses_classes, pos + 6, at.field("last"),
           strprintf("'%s' runs from %s%u to %s%u", name().c_str(), std::string(register_prefix(first.klass)).c_str(),
                     first.index, std::string(register_prefix(last.klass)).c_str(), last.index));
    }
  }

  const Shbin& s_;
  uint64_t base_;
  Context& ctx_;
};

}  // namespace

void check_shbin(const Shbin& shbin, uint64_t base, Context& ctx) { Checker(shbin, base, ctx).run(); }

}  // namespace sp::shbin
