// Writes the legacy fxc conformance suite, conformance/cases/fxc/:
//
//   gen_fxc_cases OUTDIR
//
// Every case is a whole DXBC container (signed by the project's writer)
// holding an SHDR or SHEX program built with fxc/builder.h, read as
// `check` reads it: the container, then the program by the fxc format the
// registry embeds in it. Valid programs come from builders.h (together
// every opcode of SM4.0 to 5.1); invalid and malformed ones are built here
// by editing a valid program's model or bytes, one or more per error class
// of docs/formats/fxc.md. Every case states what shaderprobe must report;
// the generator parses each and stops when the parse disagrees, then
// records the exact offset and path (and, for y_ cases, the whole dump)
// in the sidecar, with what vkd3d-compiler (the format's peer) did under
// `others`. Output is deterministic for the same vkd3d-compiler.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "conformance/adapters.h"
#include "conformance/fxc/builders.h"
#include "conformance/fxc/suite.h"
#include "conformance/generator.h"
#include "core/strings.h"
#include "formats/registry.h"
#include "fxc/builder.h"

namespace {

namespace fs = std::filesystem;
using namespace sp;
using namespace sp::fxc;
using namespace sp::fxc::build;
using conform::Sidecar;
using conform::gen::Spec;
using cases::Suite;

using Bytes8 = std::vector<uint8_t>;

// Wycheproof-style flags: what each case exercises.
const std::map<std::string, std::string> kFlags = {
    {"Valid", "a well-formed program"},
    {"Opcodes", "a group of opcodes of one shader model (together the valid cases use every opcode of opcodes.def)"},
    {"Declarations", "declarations: inputs, outputs, resources, samplers, UAVs, buffers, shader-stage state"},
    {"ControlFlow", "if/else, loops, switch, subroutines"},
    {"HullPhases", "the hull shader's declaration, control point, fork and join phases"},
    {"ClassLinkage", "SM5 function bodies, tables, interfaces and fcall"},
    {"Sm51", "SM5.1 resource ranges with register spaces"},
    {"ExtendedOpcode", "extended opcode tokens: texel offsets, resource dimension and stride, return types"},
    {"ExtendedOperand", "extended operand tokens: modifiers, minimum precision, non-uniform"},
    {"IndexRepresentation", "an operand index as immediate32, immediate64, relative, or both"},
    {"RelativeIndex", "relative addressing, nested"},
    {"CustomData", "custom-data blocks (comments, debug info, opaque, immediate constant buffer, messages) and "
                   "their own length word"},
    {"LengthWord", "a declaration whose length is in the DWORD after its opcode token"},
    {"Header", "the program's version and length tokens"},
    {"Version", "a shader model or program type outside SM4.0 to 5.1's"},
    {"UnknownOpcode", "an opcode value no shader model defines (including the DDK's reserved slots)"},
    {"InstructionLength", "an instruction's length field: 0, past the program, or not what its operands take"},
    {"OutOfBounds", "a length or count reaching past what contains it"},
    {"HugeCount", "a count far larger than the DWORDs that remain"},
    {"Wrap32", "a length whose byte count or end wraps around 2^32 in 32-bit arithmetic"},
    {"Operand", "an operand token: index representations, component counts, extended and index words"},
    {"Truncated", "a program chunk shorter than its header"},
    {"TrailingBytes", "bytes after the program's declared length inside its chunk"},
    {"Limit", "at or beyond a named limit of core/limits.h"},
    {"Semantics", "decodes token by token, but no compiler writes it: the semantic checks' warnings"},
    {"Rdef", "the RDEF chunk: constant buffers, variables, types, bindings, creator, RD11"},
    {"TypeGraph", "RDEF's type graph: members, sub types, base classes, interfaces; cycles and depth"},
    {"Stat", "the STAT chunk: fxc's statistics, 28, 29 or 37 DWORDs"},
    {"Ifce", "the IFCE chunk: class types, class instances, interface slots"},
    {"Unterminated", "a string with no NUL inside its chunk"},
    {"Aliasing", "records that share one table, so decoding grows faster than the input"},
    {"Text", "text fields holding bytes no printer may pass on as they are: invalid UTF-8, control characters, a NUL "
             "inside (conformance/hostile_text.h)"},
};

std::string class_of(const Spec& s) {
  return conform::gen::class_of(s, {Code::invalid_value, Code::unsupported_version},
                                {Code::limit_exceeded, Code::decode_budget_exceeded});
}

Bytes8 container(const Program& p) { return container_of(p); }

// A program chunk of raw bytes, named as fxc names it for the model.
Bytes8 container(uint32_t major, Bytes8 chunk) {
  return container_of({{major >= 5 ? "SHEX" : "SHDR", std::move(chunk)}});
}

// The program the edits below start from (ps_5_0):
//   0 dcl_constantbuffer cb0[4], immediateIndexed
//   1 dcl_output o0.xyzw
//   2 dcl_temps 2
//   3 mov r0.xyzw, cb0[1].xyzw
//   4 add o0.xyzw, r0.xyzw, l(1.0, 2.0, 3.0, 4.0)
//   5 ret
constexpr size_t kMov = 3, kAdd = 4, kRet = 5;
Program base_program() {
  Builder b(ProgramType::pixel, 5, 0);
  b.dcl_constant_buffer(0, 4);
  b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
  b.dcl_temps(2);
  b.emit(Opcode::mov, {temp(0).mask("xyzw"), cb(0, 1)});
  b.emit(Opcode::add, {output(0).mask("xyzw"), temp(0), imm(1.0f, 2.0f, 3.0f, 4.0f)});
  b.emit(Opcode::ret);
  return b.program();
}

void set_length(Instruction& in, uint32_t length) { in.token = (in.token & ~(0x7Fu << 24)) | (length & 0x7F) << 24; }

// The base program after `edit` changed its model, written as it is.
template <typename Edit>
Bytes8 edited(Edit edit) {
  Program p = base_program();
  edit(p);
  return container(p);
}

// The program written, then the DWORD at byte `at` of the chunk replaced:
// for what the writer cannot express (it writes an unknown opcode's words
// alone, and only the immediates a component count promises).
Bytes8 with_word(const Program& p, size_t at, uint32_t value) {
  Bytes8 chunk = write_program(p);
  store_le_at(chunk, at, value);
  return container(p.version.major(), std::move(chunk));
}

void valid_cases(Suite& s) {
  for (const cases::ProgramCase& c : cases::valid_programs())
    s.add("y_" + c.name, container(c.program), std::nullopt, c.flags, c.comment);
}

void opcode_cases(Suite& s) {
  // The DDK's reserved slots, the first value past the table, the largest.
  const Program base = base_program();
  const Instruction& mov = base.instructions[kMov];
  for (const uint32_t value : {107u, 112u, 209u, 218u, 235u, 0x7FFu})
    s.add(strprintf("n_unknown_opcode_%u", value), with_word(base, mov.offset, (mov.token & ~0x7FFu) | value),
          Code::unknown_opcode, {"UnknownOpcode"}, strprintf("mov's opcode replaced by %u, its length kept", value));
}

void length_cases(Suite& s) {
  const Program base = base_program();
  const auto declared = [&](size_t at) { return base.instructions[at].length_field(); };
  const auto length = [](size_t at, uint32_t n) { return [=](Program& p) { set_length(p.instructions[at], n); }; };
  s.add("n_instruction_length_0", edited(length(kMov, 0)), Code::instruction_length_invalid, {"InstructionLength"},
        "mov declares 0 DWORDs: a reader that trusts it never advances");
  s.add("n_instruction_length_0_last", edited(length(kRet, 0)), Code::instruction_length_invalid,
        {"InstructionLength"}, "the last instruction (ret) declares 0 DWORDs");
  s.add("n_instruction_length_past_program", edited(length(kRet, 2)), Code::instruction_out_of_bounds,
        {"InstructionLength", "OutOfBounds"}, "ret declares 2 DWORDs and is the program's last");
  s.add("n_instruction_length_127_past_program", edited(length(kMov, 127)), Code::instruction_out_of_bounds,
        {"InstructionLength", "OutOfBounds"}, "mov declares 127 DWORDs, the most a token holds");
  s.add("n_instruction_length_one_too_long", edited(length(kMov, declared(kMov) + 1)),
        Code::instruction_length_mismatch, {"InstructionLength"},
        strprintf("mov declares %u DWORDs, its operands take %u: add's token would be skipped (mov is no resource "
                  "access, which fxc may end with one DWORD more)",
                  declared(kMov) + 1,
                  declared(kMov)));
  {
    // fxc counts one DWORD past the operands of some resource accesses
    // (docs/formats/fxc.md, "A DWORD after the operands"): one is read as
    // that word, two are not fxc's.
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_resource(Dim::texture2dms, ReturnType::float_, 1, 4);
    b.dcl_temps(1);
    b.emit(Opcode::sample_pos, {temp(0).mask("xy"), resource(1).swizzle("xyxx"), imm(0)}).trailing_word(0);
    b.emit(Opcode::ret);
    s.add("y_samplepos_with_the_dword_fxc_appends", container(b.program()), std::nullopt, {"Valid", "InstructionLength"},
          "samplepos r0.xy, t1.xyxx, l(0) as fxc 9.30 wrote it: 8 DWORDs declared, the operands fill 7, the 8th is 0");
    Program two = b.program();
    Instruction& in = two.instructions[2];
    set_length(in, in.length_field() + 1);
    ++two.length;
    Bytes8 chunk = write_program(two);
    chunk.insert(chunk.begin() + 4 * (in.offset / 4 + in.length_field() - 1), {0, 0, 0, 0});
    s.add("n_samplepos_with_two_dwords_after_its_operands", container(two.version.major(), std::move(chunk)),
          Code::instruction_length_mismatch, {"InstructionLength"},
          "samplepos declares 9 DWORDs, its operands fill 7: fxc appends one at most");
  }
  s.add("n_instruction_length_one_too_short", edited(length(kMov, declared(kMov) - 1)),
        Code::instruction_length_mismatch, {"InstructionLength", "Operand"},
        strprintf("mov declares %u DWORDs: its source's last index runs past the instruction", declared(kMov) - 1));
  s.add("n_instruction_length_1_with_operands", edited(length(kAdd, 1)), Code::instruction_length_mismatch,
        {"InstructionLength", "Operand"}, "add declares only its opcode token");
  s.add("n_instruction_immediate_cut", edited(length(kAdd, declared(kAdd) - 2)), Code::instruction_length_mismatch,
        {"InstructionLength", "Operand"}, "add declares 2 DWORDs less: its l(1, 2, 3, 4) runs past the instruction");
  s.add("n_declaration_length_short", edited(length(0, 2)), Code::instruction_length_mismatch,
        {"InstructionLength", "Declarations"},
        strprintf("dcl_constantbuffer declares 2 DWORDs of its %u: cb0[4]'s indices run past it", declared(0)));
  {
    // The program's length stops inside add: add runs past the program.
    Program p = base_program();
    p.length = p.instructions[kAdd].offset / 4 + 3;
    s.add("n_program_length_cuts_instruction", container(p), Code::instruction_out_of_bounds,
          {"Header", "InstructionLength"}, "the program's length word ends 3 DWORDs into add");
  }
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.emit(Opcode::ret).extended(0);
    Program p = b.program();
    set_length(p.instructions[0], 1);
    p.length = 3;
    s.add("n_extended_opcode_token_past_instruction", container(p), Code::instruction_length_mismatch,
          {"InstructionLength", "ExtendedOpcode"},
          "ret's extended bit is set, its length (1) leaves no room for the extended token");
  }
  {
    // The chain's last token says another follows, and the program and the
    // file end there: a reader that reads on past its instruction reads
    // past the file (above, the bytes after the instruction hide that).
    Builder b(ProgramType::pixel, 5, 0);
    b.emit(Opcode::ret).extended(1);  // D3D10_SB_EXTENDED_OPCODE_SAMPLE_CONTROLS
    Program p = b.program();  // which ends each chain: bit 31 is set after
    p.extended(p.instructions[0])[0] |= 1u << 31;
    s.add("n_extended_opcode_chain_unended_at_end_of_file", container(p),
          Code::instruction_length_mismatch, {"InstructionLength", "ExtendedOpcode"},
          "ret's one extended token (sample controls) sets bit 31, another follows, and the file ends there");
  }
  {
    // SM5.1 declarations end in a register space: a 5.0 program relabelled
    // 5.1 lacks it, a 5.1 program relabelled 5.0 has a DWORD too many.
    Builder b50(ProgramType::pixel, 5, 0);
    b50.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
    Program p = b50.program();
    p.version.token |= 1;
    s.add("n_sm51_declaration_without_space", container(p), Code::instruction_length_mismatch,
          {"InstructionLength", "Sm51"}, "a ps_5_0 dcl_resource in a program that says ps_5_1: no space DWORD");
    Builder b51(ProgramType::pixel, 5, 1);
    b51.dcl_resource(Dim::texture2d, ReturnType::float_, Slot(0, 0, 0, 0));
    p = b51.program();
    s.add("n_sm50_declaration_with_space", with_word(p, 0, p.version.token & ~1u), Code::instruction_length_mismatch,
          {"InstructionLength", "Sm51"}, "a ps_5_1 dcl_resource (T0[0:0], space=0) in a program that says ps_5_0");
  }
}

void operand_cases(Suite& s) {
  const auto source = [](Program& p) -> Operand& { return p.operands(p.instructions[kMov])[1]; };
  for (const uint32_t rep : {5u, 6u, 7u})
    s.add(strprintf("n_index_representation_%u", rep),
          edited([&](Program& p) { source(p).token = (source(p).token & ~(7u << 25)) | rep << 25; }),
          Code::operand_invalid, {"Operand", "IndexRepresentation"},
          strprintf("cb0[1]'s second index says representation %u (the DDK defines 0 to 4)", rep));
  s.add("n_index_immediate64_past_instruction",
        edited([&](Program& p) { source(p).token = (source(p).token & ~(7u << 25)) | 1u << 25; }),
        Code::instruction_length_mismatch, {"Operand", "IndexRepresentation"},
        "cb0[1]'s second index says immediate64: its second DWORD would be add's opcode token");
  s.add("n_index_relative_past_instruction",
        edited([&](Program& p) { source(p).token = (source(p).token & ~(7u << 25)) | 3u << 25; }),
        Code::instruction_length_mismatch, {"Operand", "RelativeIndex"},
        "cb0[1]'s second index says immediate32 + relative: the relative operand's token is past mov");
  s.add("n_operand_extended_past_instruction", edited([&](Program& p) { source(p).token |= 1u << 31; }),
        Code::instruction_length_mismatch, {"Operand", "ExtendedOperand"},
        "cb0[1]'s token says an extended token follows: its index DWORDs are read as one, then mov ends");
  s.add("n_index_dimension_past_instruction",
        edited([&](Program& p) { source(p).token = (source(p).token & ~(3u << 20)) | 3u << 20; }),
        Code::instruction_length_mismatch, {"Operand"}, "cb0[1]'s token says a third index: mov ends first");
  for (const uint32_t type : {4u, 5u}) {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_temps(1);
    b.emit(Opcode::mov, {temp(0).mask("xyzw"), type == 4 ? imm(1, 2, 3, 4) : imm64({1.0, 2.0, 3.0, 4.0})});
    b.emit(Opcode::ret);
    const Program p = b.program();
    // The source follows mov's token and r0.xyzw (a token and an index).
    const Instruction& mov = p.instructions[1];
    s.add(strprintf("n_immediate%u_n_components", type == 4 ? 32 : 64),
          with_word(p, mov.offset + 12, p.operands(mov)[1].token | 3), Code::operand_invalid,
          {"Operand"}, "an immediate with N components: how many values follow is unknown");
  }
  s.add("n_nested_relative_64", container(cases::nested_relative(64)), Code::limit_exceeded,
        {"RelativeIndex", "Limit"}, "64 relative operands nested in one operand: one past limits.max_depth");
  {
    // The innermost of three nested operands (r0.x) loses its index DWORD:
    // mov ends the program one DWORD early (ret dropped, that DWORD trails).
    Program p = cases::nested_relative(3);
    p.instructions.pop_back();
    Instruction& mov = p.instructions.back();
    set_length(mov, mov.length_field() - 1);
    p.length = mov.offset / 4 + mov.length_field();
    s.add("n_nested_relative_cut", container(p), Code::instruction_length_mismatch, {"RelativeIndex", "Operand"},
          "icb[icb[icb[r0.x + 0].x + 0].x + 0] with mov's length one short: the innermost index runs past it");
  }
}

// Binding declarations: typed ones and the extended resource-dimension
// token name a D3D10_SB_RESOURCE_DIMENSION, 1 to 12 (a driver indexes its
// tables with it), and each declares a register of its own kind (a reader
// trusting the opcode and one trusting the operand bind different things).
void declaration_cases(Suite& s) {
  const auto with_dimension = [](Opcode op, uint32_t dim) {
    Builder b(ProgramType::pixel, 5, 0);
    if (op == Opcode::dcl_resource) b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
    if (op == Opcode::dcl_uav_typed) b.dcl_uav_typed(Dim::texture2d, ReturnType::float_, 0);
    b.emit(Opcode::ret);
    Program p = b.program();
    Instruction& dcl = p.instructions[0];
    dcl.token = (dcl.token & ~(0x1Fu << 11)) | dim << 11;
    return container(p);
  };
  for (const uint32_t dim : {0u, 13u, 31u})
    s.add(strprintf("n_resource_dimension_%u", dim), with_dimension(Opcode::dcl_resource, dim), Code::invalid_value,
          {"Declarations"}, strprintf("dcl_resource of dimension %u (the DDK defines 1 to 12)", dim));
  s.add("n_uav_dimension_0", with_dimension(Opcode::dcl_uav_typed, 0), Code::invalid_value, {"Declarations"},
        "dcl_uav_typed of dimension 0 (unknown)");
  for (const uint32_t dim : {0u, 31u}) {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_sampler(0);
    b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
    b.dcl_temps(1);
    b.emit(Opcode::sample, {temp(0).mask("xyzw"), imm(0.f, 0.f, 0.f, 0.f), resource(0), sampler(0)})
        .extended(2 | dim << 6);  // D3D11_SB_EXTENDED_OPCODE_RESOURCE_DIM
    b.emit(Opcode::ret);
    s.add(strprintf("n_extended_resource_dimension_%u", dim), container(b.program()), Code::invalid_value,
          {"ExtendedOpcode"}, strprintf("sample with an extended resource-dimension token of dimension %u", dim));
  }
  const auto declaring = [](Opcode op, std::vector<Arg> operands, std::vector<uint32_t> words) {
    Builder b(ProgramType::compute, 5, 0);
    b.emit(op, std::move(operands), std::move(words));
    b.dcl_thread_group(1, 1, 1);
    b.emit(Opcode::ret);
    return container(b.program());
  };
  s.add("n_uav_declared_as_function_body", declaring(Opcode::dcl_uav_structured, {reg(RegType::fb, {0})}, {4}),
        Code::operand_invalid, {"Declarations", "Operand"}, "dcl_uav_structured of fb0, not of a u#");
  s.add("n_resource_declared_as_uav", declaring(Opcode::dcl_resource_raw, {uav(0).none()}, {}), Code::operand_invalid,
        {"Declarations", "Operand"}, "dcl_resource_raw of u0, not of a t#");
  s.add("n_constant_buffer_declared_as_temp", declaring(Opcode::dcl_constant_buffer, {temp(0)}, {}),
        Code::operand_invalid, {"Declarations", "Operand"}, "dcl_constantbuffer of r0, not of a cb#");
  s.add("n_tgsm_declared_as_sampler", declaring(Opcode::dcl_tgsm_raw, {sampler(0)}, {16}), Code::operand_invalid,
        {"Declarations", "Operand"}, "dcl_tgsm_raw of s0, not of a g#");
  s.add("n_resource_declared_without_its_number", declaring(Opcode::dcl_resource_raw, {reg(RegType::t, {})}, {}),
        Code::operand_invalid, {"Declarations", "Operand"},
        "dcl_resource_raw of a t without an index (found by fuzz_fxc_vkd3d: vkd3d-shader reads register ~0)");
  s.add("n_constant_buffer_declared_with_relative_index",
        declaring(Opcode::dcl_constant_buffer, {reg(RegType::cb).index(temp(0).select('x'), 1).index(16)}, {}),
        Code::operand_invalid, {"Declarations", "Operand"},
        "dcl_constantbuffer cb[r0.x + 1][16] (found by fuzz_fxc_vkd3d: vkd3d-shader reads register 0)");
}

// Custom data carries its length in the DWORD after the opcode token.
void custom_data_cases(Suite& s) {
  const auto with_length = [](uint32_t length) {
    Builder b(ProgramType::pixel, 5, 0);
    b.custom_data(CustomData::comment, words(1, 2, 3));
    b.emit(Opcode::ret);
    Program p = b.program();
    p.instructions[0].custom_length = length;
    return container(p);
  };
  // A debug layer message: its header, operands and string must fit it.
  const auto message = [](std::vector<uint32_t> data) {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_temps(1);
    b.custom_data(CustomData::shader_message, std::move(data));
    b.emit(Opcode::ret);
    return container(b.program());
  };
  constexpr uint32_t kPrintf = 0x00200102, kR0x = 0x0010000A;  // r0.x
  s.add("n_shader_message_header_cut", message({kPrintf, 1, 0, 0}), Code::truncated, {"CustomData"},
        "a shader message of 4 DWORDs: its header takes 5");
  s.add("n_shader_message_operands_past_it", message({kPrintf, 1, 0, 1, 0x10000000, kR0x, 0, 0}),
        Code::instruction_length_mismatch, {"CustomData", "Operand"},
        "a message whose operands are said to take 0x10000000 DWORDs");
  s.add("n_shader_message_string_past_it", message({kPrintf, 1, 0xFFFFFFFF, 0, 0, 0x41414141}),
        Code::instruction_length_mismatch, {"CustomData"}, "a message whose string is said to hold 0xFFFFFFFF characters");
  s.add("n_shader_message_string_unterminated", message({kPrintf, 1, 3, 0, 0, 0x41414141}), Code::unterminated_string,
        {"CustomData"}, "a message of 3 characters whose fourth byte is no NUL");
  s.add("n_shader_message_operand_count_too_large", message({kPrintf, 1, 0, 2, 2, kR0x, 0, 0}),
        Code::instruction_length_mismatch, {"CustomData", "Operand"},
        "a message of 2 operands whose operand DWORDs hold one");
  s.add("n_shader_message_operand_count_too_small", message({kPrintf, 1, 0, 0, 2, kR0x, 0, 0}),
        Code::instruction_length_mismatch, {"CustomData", "Operand"},
        "a message of no operands with 2 operand DWORDs");
  s.add("n_custom_data_length_0", with_length(0), Code::instruction_length_invalid, {"CustomData", "InstructionLength"},
        "a comment of 0 DWORDs: less than its own token and length");
  s.add("n_custom_data_length_1", with_length(1), Code::instruction_length_invalid, {"CustomData", "InstructionLength"},
        "a comment of 1 DWORD");
  s.add("n_custom_data_length_past_program", with_length(7), Code::instruction_out_of_bounds,
        {"CustomData", "OutOfBounds"}, "a comment of 7 DWORDs where 6 remain");
  s.add("n_custom_data_length_ffffffff", with_length(0xFFFFFFFF), Code::instruction_out_of_bounds,
        {"CustomData", "OutOfBounds", "Wrap32"}, "length 0xFFFFFFFF: start + length wraps to DWORD 1 in 32 bits");
  s.add("n_custom_data_length_fffffffe", with_length(0xFFFFFFFE), Code::instruction_out_of_bounds,
        {"CustomData", "OutOfBounds", "Wrap32"}, "length 0xFFFFFFFE: start + length wraps to DWORD 0 in 32 bits");
  s.add("n_custom_data_length_40000000", with_length(0x40000000), Code::instruction_out_of_bounds,
        {"CustomData", "OutOfBounds", "Wrap32"}, "length 0x40000000 DWORDs: 4 x length is 2^32, 0 in 32 bits");
  s.add("n_custom_data_length_80000000", with_length(0x80000000), Code::instruction_out_of_bounds,
        {"CustomData", "OutOfBounds", "Wrap32"}, "length 0x80000000: negative as a signed 32-bit value");
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.emit(Opcode::ret);
    Bytes8 chunk = write_program(b.program());
    chunk.resize(chunk.size() + 4);
    store_le_at(chunk, chunk.size() - 4, static_cast<uint32_t>(Opcode::customdata));
    store_le_at(chunk, 4, static_cast<uint32_t>(chunk.size() / 4));
    s.add("n_custom_data_length_word_missing", container(5, chunk), Code::instruction_out_of_bounds,
          {"CustomData", "OutOfBounds"}, "a custom-data token is the program's last DWORD: no length word");
  }
  // dcl_function_table and dcl_interface with their extended bit take a
  // length word too; their tables have counts of their own.
  const auto table = [](auto edit) {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_function_body(0);
    b.dcl_function_table(0, std::vector<uint32_t>(130, 0));
    b.dcl_interface(0, 1, 1, {0});
    b.emit(Opcode::ret);
    Program p = b.program();
    edit(p, p.instructions[1], p.instructions[2]);
    return container(p);
  };
  s.add("n_function_table_length_word_1", table([](Program&, Instruction& ft, Instruction&) { ft.custom_length = 1; }),
        Code::instruction_length_invalid, {"ClassLinkage", "LengthWord", "InstructionLength"},
        "a function table's length word says 1 DWORD");
  s.add("n_function_table_length_word_past_program",
        table([](Program&, Instruction& ft, Instruction&) { ft.custom_length = 0xFFFFFFF0; }), Code::instruction_out_of_bounds,
        {"ClassLinkage", "LengthWord", "OutOfBounds", "Wrap32"}, "a function table's length word says 0xFFFFFFF0");
  s.add("n_function_table_count_past_table", table([](Program& p, Instruction& ft, Instruction&) { p.words(ft)[1] = 131; }),
        Code::instruction_length_mismatch, {"ClassLinkage", "OutOfBounds"},
        "the table counts 131 bodies, its length holds 130");
  s.add("n_function_table_count_ffffffff", table([](Program& p, Instruction& ft, Instruction&) { p.words(ft)[1] = 0xFFFFFFFF; }),
        Code::instruction_length_mismatch, {"ClassLinkage", "OutOfBounds", "HugeCount"},
        "the table counts 0xFFFFFFFF bodies");
  s.add("n_interface_length_word_0", table([](Program&, Instruction&, Instruction& fp) {
          fp.token |= 1u << 31;
          fp.custom_length = 0;
        }),
        Code::instruction_length_invalid, {"ClassLinkage", "LengthWord", "InstructionLength"},
        "an interface with its extended bit set (its length in the next DWORD) and that DWORD 0");
  s.add("n_interface_table_count_past_table",
        table([](Program& p, Instruction&, Instruction& fp) { p.words(fp)[2] = (p.words(fp)[2] & 0xFFFF0000) | 0xFFFF; }),
        Code::instruction_length_mismatch, {"ClassLinkage", "OutOfBounds"},
        "the interface counts 0xFFFF function tables in its low 16 bits; it holds 1");
}

void header_cases(Suite& s) {
  const Bytes8 ret = write_program(base_program());
  const auto patched = [&](size_t at, uint32_t v) {
    Bytes8 b = ret;
    store_le_at<uint32_t>(b, at, v);
    return container(5, b);
  };
  s.add("n_program_chunk_empty", container(5, {}), Code::truncated, {"Header", "Truncated"}, "an SHEX of 0 bytes");
  s.add("n_program_chunk_4_bytes", container(5, Bytes8(ret.begin(), ret.begin() + 4)), Code::truncated,
        {"Header", "Truncated"}, "an SHEX of the version token alone");
  const uint32_t version = load_le<uint32_t>(ret.data());
  for (const uint32_t type : {6u, 0xFFFFu})
    s.add(strprintf("n_program_type_%x", type), patched(0, (version & 0xFFFF) | type << 16), Code::invalid_value,
          {"Header", "Version"}, strprintf("program type %u (0 to 5 are ps, vs, gs, hs, ds, cs)", type));
  for (const auto& [major, minor] : {std::pair{3u, 0u}, std::pair{6u, 0u}, std::pair{0xFu, 0xFu}})
    s.add(strprintf("n_shader_model_%u_%u", major, minor), patched(0, (version & ~0xFFu) | major << 4 | minor),
          Code::unsupported_version, {"Header", "Version"},
          strprintf("shader model %u.%u in an SHEX", major, minor));
  const uint32_t words = static_cast<uint32_t>(ret.size() / 4);
  for (const uint32_t length : {0u, 1u, words + 1, 0xFFFFFFFFu, 0x40000000u})
    s.add(strprintf("n_program_length_%x", length), patched(4, length), Code::size_mismatch,
          {"Header", "OutOfBounds"},
          strprintf("a length word of %u DWORDs in a chunk of %u", length, words));
}

void warning_cases(Suite& s) {
  const Bytes8 ret = write_program(base_program());
  for (const size_t extra : {size_t{4}, size_t{3}}) {
    Bytes8 b = ret;
    b.resize(b.size() + extra, 0xCD);
    s.add(strprintf("i_program_trailing_bytes_%zu", extra), container(5, b), std::nullopt, {"TrailingBytes"},
          strprintf("%zu bytes after the program's length inside SHEX (fxc writes none)", extra),
          {Code::program_trailing_bytes});
  }
  {
    // The length word ends at add: ret is left over, outside the program.
    Program p = base_program();
    p.length = p.instructions[kRet].offset / 4;
    s.add("i_program_length_before_last_instruction", container(p), std::nullopt, {"Header", "TrailingBytes"},
          "the length word leaves ret out: the program ends without it, its DWORD trails",
          {Code::program_trailing_bytes});
  }
  for (const uint32_t minor : {2u, 15u}) {
    Builder b(ProgramType::pixel, 5, 0);
    b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
    b.emit(Opcode::mov, {output(0).mask("xyzw"), imm(0.f, 0.f, 0.f, 1.0f)});
    b.emit(Opcode::ret);
    const Program p = b.program();
    s.add(strprintf("i_shader_model_5_%u", minor), with_word(p, 0, (p.version.token & ~0xFu) | minor), std::nullopt,
          {"Header", "Version"},
          strprintf("shader model 5.%u: no fxc writes it; shaderprobe reads it as 5.1 (register spaces)", minor));
  }
  {
    const Program p = base_program();
    s.add("i_sm50_program_in_shdr", container_of({{"SHDR", write_program(p)}}), std::nullopt, {"Header"},
          "a ps_5_0 program in an SHDR part (fxc names SM5 programs SHEX)");
    s.add("i_program_empty", container(Builder(ProgramType::pixel, 5, 0).program()), std::nullopt, {"Header"},
          "a version and a length of 2 DWORDs: no instruction, not even ret");
  }
  {
    Program p = base_program();
    s.add("i_shdr_and_shex", container_of({program_chunk(p), {"SHDR", write_program(p)}}), std::nullopt,
          {"Header"}, "a container with both an SHEX and an SHDR program: readers pick one, or refuse");
  }
}

// What vkd3d-compiler did with the case, for the reader (docs/formats/
// fxc.md, "Known deviations", explains where it and shaderprobe differ).
std::string vkd3d_note(const fs::path& file) {
  const conform::AdapterConfig a = *conform::builtin_adapter("vkd3d-compiler");
  if (!conform::adapter_available(a)) return "not installed";
  const conform::AdapterOutcome o = conform::run_adapter(a, file);
  if (o.verdict == conform::Verdict::accept) return "accepts";
  // Its messages name the file as it was given: the case's name alone
  // keeps the note the same wherever the suite is written.
  std::string detail = o.detail;
  for (size_t at; (at = detail.find(file.string())) != std::string::npos;)
    detail.replace(at, file.string().size(), file.filename().string());
  const bool rejects = o.verdict == conform::Verdict::reject;
  return (rejects ? std::string("rejects") : std::string(conform::verdict_name(o.verdict))) + ": " + detail;
}

// The semantic checks' warnings: programs that decode token by token and
// that no compiler writes (docs/formats/fxc.md, "Semantic checks").
void semantic_cases(Suite& s) {
  const auto add = [&](std::string name, Builder& b, Code warning, std::string comment) {
    s.add("i_" + name, container(b.program()), std::nullopt, {"Semantics"}, std::move(comment), {warning});
  };
  const Arg x0 = temp(0).select('x');
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_temps(1);
    b.emit(Opcode::mov, {temp(1).mask("x"), imm(0)});
    b.emit(Opcode::ret);
    add("temp_past_dcl_temps", b, Code::register_out_of_range, "dcl_temps 1, then r1 written");
  }
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_indexable_temp(0, 4, 4);
    b.emit(Opcode::mov, {reg(RegType::x, {0, 4}).mask("xyzw"), imm(0, 0, 0, 0)});
    b.emit(Opcode::ret);
    add("indexable_temp_past_its_size", b, Code::register_out_of_range, "dcl_indexableTemp x0[4], then x0[4] written");
  }
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_indexable_temp(0, 4, 4);
    b.emit(Opcode::mov, {reg(RegType::x, {1, 0}).mask("xyzw"), imm(0, 0, 0, 0)});
    b.emit(Opcode::ret);
    add("indexable_temp_undeclared", b, Code::register_out_of_range, "x1[0] written, only x0 declared");
  }
  {
    Builder b(ProgramType::hull, 5, 0);
    b.emit(Opcode::hs_decls);
    b.emit(Opcode::hs_fork_phase);
    b.dcl_temps(2);
    b.emit(Opcode::mov, {temp(1).mask("x"), imm(0)});
    b.emit(Opcode::ret);
    b.emit(Opcode::hs_join_phase);
    b.emit(Opcode::mov, {temp(1).mask("x"), imm(0)});
    b.emit(Opcode::ret);
    add("temp_of_another_hull_phase", b, Code::register_out_of_range,
        "r1 declared in the fork phase, written in the join phase, which declares no temps");
  }
  const auto undeclared = [&](std::string name, uint32_t minor, const Arg& read, std::string comment) {
    Builder b(ProgramType::pixel, 5, minor);
    b.dcl_temps(1);
    b.emit(Opcode::mov, {temp(0).mask("xyzw"), read});
    b.emit(Opcode::ret);
    add("undeclared_" + name, b, Code::undeclared_resource, std::move(comment));
  };
  undeclared("constant_buffer", 0, cb(0, 0), "cb0[0] read without dcl_constantbuffer");
  undeclared("resource", 0, resource(0), "t0 read without dcl_resource");
  undeclared("uav", 0, uav(1), "u1 read without dcl_uav_*");
  undeclared("range_sm51", 1, reg(RegType::t, {3, 0}), "ps_5_1: T3[0] read, no range has id 3");
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_resource(Dim::texture2d, ReturnType::float_, 0);
    b.dcl_temps(1);
    b.emit(Opcode::sample, {temp(0).mask("xyzw"), imm(0.f, 0.f, 0.f, 0.f), resource(0), sampler(0)});
    b.emit(Opcode::ret);
    add("undeclared_sampler", b, Code::undeclared_resource, "sample through s0 without dcl_sampler");
  }
  const auto flow = [&](std::string name, std::initializer_list<Opcode> ops, std::string comment) {
    Builder b(ProgramType::pixel, 5, 0);
    b.dcl_temps(1);
    for (Opcode op : ops) {
      const bool tests = op == Opcode::if_ || op == Opcode::switch_ || op == Opcode::case_;
      b.emit(op, tests ? std::vector<Arg>{op == Opcode::case_ ? imm(0) : x0} : std::vector<Arg>{});
    }
    b.emit(Opcode::ret);
    add("unbalanced_" + name, b, Code::unbalanced_control_flow, std::move(comment));
  };
  flow("if_without_endif", {Opcode::if_}, "if_z with no endif before the end");
  flow("endif_without_if", {Opcode::endif}, "endif with no if open");
  flow("else_twice", {Opcode::if_, Opcode::else_, Opcode::else_, Opcode::endif}, "two else in one if");
  flow("loop_closed_by_endif", {Opcode::loop, Opcode::endif}, "loop closed by endif");
  flow("case_outside_switch", {Opcode::case_}, "case with no switch open");
  flow("switch_without_endswitch", {Opcode::switch_, Opcode::default_}, "switch with no endswitch");
  {
    Builder b(ProgramType::pixel, 5, 0);
    b.emit(Opcode::mov, {output(0).mask("xyzw"), imm(0, 0, 0, 0)});
    b.emit(Opcode::dcl_output, {output(0).mask("xyzw")});
    b.emit(Opcode::ret);
    add("declaration_after_instruction", b, Code::declaration_after_instruction, "dcl_output after mov");
  }
  {
    Builder b(ProgramType::hull, 5, 0);
    b.emit(Opcode::hs_decls);
    b.emit(Opcode::hs_control_point_phase);
    b.emit(Opcode::mov, {output(0).mask("xyzw"), imm(0, 0, 0, 0)});
    b.dcl_temps(1);
    b.emit(Opcode::ret);
    add("declaration_after_instruction_hull_phase", b, Code::declaration_after_instruction,
        "hs_5_0: dcl_temps after the control point phase's first instruction");
  }
}

// The valid cases with RDEF and IFCE, each again with every text field
// made hostile (cases::with_hostile_texts): RDEF's creator and names,
// IFCE's class names, the signatures' names. Any bytes are allowed there;
// each printer, fxc's listing too, must print them (`conform` runs them
// all on every accepted case).
void text_cases(Suite& s) {
  size_t k = 0;
  std::vector<Spec> copies;
  for (const Spec& spec : s.specs) {
    if (spec.name != "y_ifce_class_linkage" && spec.name != "y_rdef_sm50_class_linkage" &&
        spec.name != "y_sm50_class_linkage")
      continue;
    size_t set = 0;
    Spec copy = spec;
    copy.name = "y_text_not_printable_" + spec.name.substr(2);
    copy.bytes = cases::with_hostile_texts(spec.bytes, k, set);
    copy.flags.push_back("Text");
    copy.comment = spec.name + " with every text field holding hostile bytes (invalid UTF-8, control characters, a NUL)";
    copies.push_back(std::move(copy));
  }
  for (Spec& c : copies) s.specs.push_back(std::move(c));
}

}  // namespace

int main(int argc, char** argv) {
  return conform::gen::generator_main(
      argc, argv, "legacy fxc",
      [](const std::vector<fs::path>&) {
        Suite s;
        for (auto* group : {&valid_cases, &opcode_cases, &length_cases, &operand_cases, &declaration_cases,
                            &custom_data_cases, &header_cases, &warning_cases, &semantic_cases,
                            &cases::rdef_cases, &cases::stat_ifce_cases, &text_cases})
          group(s);
        return s.specs;
      },
      [](const Spec& s, const fs::path& written) {
        Sidecar out = conform::gen::registry_sidecar(s, *formats::find("dxcontainer"), class_of(s), kFlags);
        out.others["vkd3d-compiler"] = vkd3d_note(written);
        return out;
      },
      kFlags);
}
