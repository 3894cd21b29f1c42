#include "conformance/shbin/edits.h"

#include "conformance/shbin/builders.h"
#include "conformance/shbin/samples.h"

namespace sp::shbin::build {
namespace {

// The textured quad in picasso's layout (textured_quad_picasso): 11 code
// words at 0x34, its DVLE at 0xA0 with one constant at 0xE0, three
// output map entries at 0xF4 and the uniform "projection" at 0x10C.
constexpr uint64_t kCode = 0x34;
constexpr uint64_t kDvle = 0xA0;
constexpr uint64_t kConstant = 0xE0;
constexpr uint64_t kOutmap = 0xF4;
constexpr uint64_t kUniform = 0x10C;
constexpr const char* kQuad = "textured_quad_picasso";

// A flow control word of `op` with its target and count.
uint32_t flow(pica::Op op, uint32_t dst, uint32_t num) {
  pica::Instruction in = pica::decode(uint32_t{pica::info_of(op).first} << 26);
  in.dst = static_cast<uint16_t>(dst);
  in.num = static_cast<uint8_t>(num);
  return pica::encode(in);
}

SemanticEdit word(std::string name, uint32_t k, uint32_t w, sp::Code warning, std::string comment) {
  return {std::move(name), kQuad, [=](Shbin& s) { s.dvlp.code[k] = w; }, warning, kCode + 4 * k,
          "dvlp.code[" + std::to_string(k) + "]", std::move(comment)};
}

SemanticEdit target(const std::string& name, pica::Op op, uint32_t dst, uint32_t num, std::string comment) {
  return word(name, 1, flow(op, dst, num), sp::Code::flow_target_out_of_code, std::move(comment));
}

SemanticEdit dvle(std::string name, std::function<void(Dvle&)> edit, sp::Code warning, uint64_t offset, std::string path,
                  std::string comment) {
  return {std::move(name), kQuad, [edit = std::move(edit)](Shbin& s) { edit(s.dvles[0]); }, warning, offset,
          "dvles[0]." + std::move(path), std::move(comment)};
}

SemanticEdit uniform_range(std::string name, uint16_t first, uint16_t last, sp::Code warning, bool at_first,
                           std::string comment) {
  return dvle(
      std::move(name),
      [=](Dvle& d) {
        d.uniforms[0].first = first;
        d.uniforms[0].last = last;
      },
      warning, kUniform + (at_first ? 4 : 6), at_first ? "uniforms[0].first" : "uniforms[0].last", std::move(comment));
}

}  // namespace

std::vector<SemanticEdit> semantic_edits() {
  using pica::Op;
  std::vector<SemanticEdit> out = {
      word("undefined_opcode", 3, 0x10u << 26, sp::Code::undefined_opcode, "word 3 has opcode 0x10, which is undefined"),
      word("descriptor_past_table", 2, 0x4E201000 | 100, sp::Code::descriptor_index_out_of_range,
           "mov names operand descriptor 100, the table has 8"),
      target("jmpc_at_end", Op::jmpc, 11, 0, "jmpc to word 11, the code's end"),
      target("jmpu_past_end", Op::jmpu, 0xFFF, 0, "jmpu to word 0xfff"),
      target("call_runs_past_end", Op::call, 9, 3, "call runs words 9-11 of 11"),
      target("callc_runs_past_end", Op::callc, 10, 2, "callc runs words 10-11 of 11"),
      target("callu_at_end", Op::callu, 11, 1, "callu runs word 11, the code's end"),
      target("ifc_else_past_end", Op::ifc, 10, 2, "ifc's else branch is words 10-11 of 11"),
      target("ifu_else_past_end", Op::ifu, 11, 1, "ifu's else branch is word 11, the code's end"),
      target("for_at_end", Op::loop, 11, 0, "for's body runs to word 11, the code's end"),
      dvle("shader_type_2", [](Dvle& d) { d.type = 2; }, sp::Code::unknown_shader_type, kDvle + 6, "type",
           "type 2: neither vertex (0) nor geometry (1)"),
      dvle("shader_type_255", [](Dvle& d) { d.type = 0xFF; }, sp::Code::unknown_shader_type, kDvle + 6, "type",
           "type 255"),
      dvle("main_at_end", [](Dvle& d) { d.main = 11; }, sp::Code::main_out_of_code, kDvle + 8, "main",
           "main is word 11, the code's end"),
      dvle("endmain_past_end", [](Dvle& d) { d.endmain = 12; }, sp::Code::main_out_of_code, kDvle + 12, "endmain",
           "endmain is word 12, past the code's 11"),
      dvle(
          "endmain_before_main",
          [](Dvle& d) {
            d.main = 5;
            d.endmain = 4;
          },
          sp::Code::endmain_before_main, kDvle + 12, "endmain", "main 5, endmain 4"),
      dvle("constant_type_3", [](Dvle& d) { d.constants[0].type = 3; }, sp::Code::unknown_constant_type, kConstant,
           "constants[0].type", "a constant of type 3: neither bool (0), int (1) nor float (2)"),
      dvle("constant_c96", [](Dvle& d) { d.constants[0].index = 96; }, sp::Code::constant_register_out_of_range,
           kConstant + 2, "constants[0].index", "a float constant for c96: the file is c0-c95"),
      dvle("constant_i4", [](Dvle& d) { d.constants[0] = constant_int(4, 1, 2, 3, 4); },
           sp::Code::constant_register_out_of_range, kConstant + 2, "constants[0].index",
           "an int constant for i4: the file is i0-i3"),
      dvle("constant_b16", [](Dvle& d) { d.constants[0] = constant_bool(16, true); },
           sp::Code::constant_register_out_of_range, kConstant + 2, "constants[0].index",
           "a bool constant for b16: the file is b0-b15"),
      dvle("output_semantic_7", [](Dvle& d) { d.outmaps[1].semantic = 7; }, sp::Code::unknown_output_semantic,
           kOutmap + 8, "outmaps[1].semantic", "semantic 7, which no writer names"),
      dvle("output_semantic_256", [](Dvle& d) { d.outmaps[1].semantic = 0x100; }, sp::Code::unknown_output_semantic,
           kOutmap + 8, "outmaps[1].semantic", "semantic 256"),
      dvle("output_o16", [](Dvle& d) { d.outmaps[2].reg = 16; }, sp::Code::outmap_register_out_of_range, kOutmap + 18,
           "outmaps[2].register", "an output map entry for o16: the outputs are o0-o15"),
      uniform_range("uniform_in_no_class", 0x74, 0x74, sp::Code::uniform_register_invalid, true,
                    "a uniform at 0x74, between the int and bool registers"),
      uniform_range("uniform_ends_in_no_class", 0x10, 0x90, sp::Code::uniform_register_invalid, false,
                    "a uniform from c0 to 0x90, past every class"),
      uniform_range("uniform_range_reversed", 0x13, 0x10, sp::Code::uniform_range_reversed, false,
                    "a uniform from c3 down to c0"),
      uniform_range("uniform_range_crosses_classes", 0x6E, 0x71, sp::Code::uniform_range_crosses_classes, false,
                    "a uniform from c94 to i1"),
  };
  // A label at the code's end, in the geometry shader, which has one.
  const Shbin both = sample("vertex_and_geometry_picasso");
  const Dvle& gs = both.dvles[1];
  out.push_back({"label_at_end", "vertex_and_geometry_picasso", [](Shbin& s) { s.dvles[1].labels[0].address = 9; },
                 sp::Code::label_out_of_code, gs.offset + gs.label_table.offset + 4, "dvles[1].labels[0].address",
                 "the geometry shader's label at word 9, the code's end"});
  return out;
}

std::vector<uint8_t> edited_file(const SemanticEdit& e) {
  Shbin s = sample(e.sample);
  e.edit(s);
  return write_shbin(s);
}

}  // namespace sp::shbin::build
