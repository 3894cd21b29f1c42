#include "conformance/d3d9/samples.h"

#include <cstring>
#include <stdexcept>

#include "conformance/d3d9/builders.h"
#include "conformance/hostile_text.h"

namespace sp::d3d9::build {
namespace {

// The file offset of a constant table's data in a shader whose first
// comment holds it (after the version token, the comment token and
// "CTAB").
constexpr size_t kTable = 12;

constexpr uint32_t kX = 0x00, kY = 0x55, kZ = 0xAA;  // replicate swizzles
constexpr uint32_t kNeg = 1, kBx2 = 4, kComp = 6, kAbsNeg = 12, kNot = 13;
constexpr uint32_t kSat = 1, kPartial = 2, kCentroid = 4;

uint32_t bits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}

std::vector<uint8_t> shader(uint32_t version, const std::vector<uint8_t>& table, std::vector<Instruction> body) {
  return write_program(program(version, table, std::move(body)));
}

uint32_t word_at(const std::vector<uint8_t>& file, size_t at) { return load_le<uint32_t>(file.data() + at); }

// One instruction of `info` with registers its layout asks for: a
// structural sample, not a meaningful program.
Instruction any_instruction(const OpcodeInfo& info, bool pixel, bool sm3) {
  std::vector<Parameter> params;
  std::vector<uint32_t> words;
  uint32_t next = 1;
  for (const Item item : layout_of(info, sm3, false)) {
    if (item == Item::source) {
      params.push_back(source(kTemp, next++, kIdentitySwizzle));
    } else if (item == Item::destination) {
      params.push_back(info.opcode == Opcode::dcl ? destination(kInput, 0) : destination(kTemp, 0));
    } else {
      // dcl's usage (texcoord in a pixel shader, position in a vertex
      // shader), def's floats, defi's integers, defb's boolean.
      words.push_back(info.opcode == Opcode::dcl ? (pixel ? 0x80000005u : 0x80000000u) : bits(0.25f));
    }
  }
  return instruction(info.opcode, std::move(params), std::move(words));
}

std::vector<uint8_t> every_opcode(bool pixel, uint32_t major) {
  const uint32_t version = version_token(pixel, major, 0);
  const std::vector<uint8_t> table = constant_table(
      {{"bias", kFloat4, 0, 1, {kVector, 3, 1, 4}},
       {"light", kFloat4, 1, 4, {kStruct, 0, 1, 1, 2, {{"color", {kVector, 3, 1, 3}}, {"on", {kScalar, 1}}}}},
       {"tex", kSamplerSet, 0, 1, {kObject, 12}}},
      pixel ? "ps_3_0" : "vs_2_0", version);
  std::vector<Instruction> body;
  for (const OpcodeInfo& info : all_opcodes()) body.push_back(any_instruction(info, pixel, major >= 3));
  return shader(version, table, std::move(body));
}

// The listing's features on a pixel shader 3.0 (tests/d3d9/listing_test.cpp).
std::vector<uint8_t> ps_3_0_features() {
  return shader(
      version_token(true, 3, 0), {},
      {
          instruction(Opcode::defb, {destination(kConstBool, 1)}, {1}),
          instruction(Opcode::defi, {destination(kConstInt, 0)}, {3, static_cast<uint32_t>(-1), 0, 0}),
          instruction(Opcode::def, {destination(kConst, 0)}, {bits(1.5e-6f), bits(-0.0f), bits(0.5f), bits(1e20f)}),
          instruction(Opcode::dcl, {destination(kInput, 0, 0x3, kCentroid)}, {0x80000005}),
          instruction(Opcode::dcl, {destination(kMiscType, 0, 0x3)}, {0x80000000}),
          instruction(Opcode::dcl, {destination(kSampler, 1)}, {0x98000000}),
          instruction(Opcode::dcl, {destination(kSampler, 2)}, {0xA0000000}),
          instruction(Opcode::setp, {destination(kPredicate, 0, 0x1), source(kInput, 0, kX), source(kConst, 0, kY)}, {},
                      1u << 16),
          instruction(Opcode::mov, {destination(kTemp, 0), source(kPredicate, 0, kX), source(kTemp, 1, kX, kAbsNeg)},
                      {}, kPredicatedBit),
          instruction(Opcode::texld, {destination(kTemp, 1, 0xF, kPartial), source(kInput, 0), source(kSampler, 1)}),
          instruction(Opcode::texld, {destination(kTemp, 2, 0xF, kSat), source(kInput, 0), source(kSampler, 2)}, {},
                      1u << 16),
          instruction(Opcode::texld, {destination(kTemp, 3), source(kInput, 0), source(kSampler, 1)}, {}, 2u << 16),
          instruction(Opcode::ifc, {source(kConst, 0, kX), source(kConst, 0, kY)}, {}, 4u << 16),
          instruction(Opcode::loop, {source(kLoop, 0), source(kConstInt, 0)}),
          instruction(Opcode::breakc, {source(kTemp, 0, kX), source(kTemp, 0, kY, kNeg)}, {}, 5u << 16),
          instruction(Opcode::mov, {destination(kTemp, 0), relative(source(kInput, 0), source(kLoop, 0))}),
          instruction(Opcode::endloop, {}),
          instruction(Opcode::else_, {}),
          instruction(Opcode::if_, {source(kConstBool, 1, kIdentitySwizzle, kNot)}),
          instruction(Opcode::endif, {}),
          instruction(Opcode::endif, {}),
          instruction(Opcode::sincos, {destination(kTemp, 4, 0x3), source(kTemp, 0, kZ)}),
          instruction(Opcode::mov, {destination(kColorOut, 0), source(kTemp, 0, 0x1B)}),
          instruction(Opcode::mov, {destination(kDepthOut, 0, 0x1), source(kMiscType, 0, kX)}),
      });
}

// A vertex shader 2.0 with a struct constant and relative addressing
// (tests/d3d9/listing_test.cpp).
std::vector<uint8_t> vs_2_0_struct_relative() {
  const Type light{kStruct, 0, 1, 1, 2, {{"direction", {kVector, 3, 1, 3}}, {"world", {kMatrixRows, 3, 4, 3}}}};
  const std::vector<uint8_t> table = constant_table({{"a_rather_long_constant_name", kFloat4, 2000, 8, light},
                                                     {"count", kInt4, 0, 1, {kScalar, 2}},
                                                     {"flag", kBool, 3, 1, {kScalar, 1}}},
                                                    "vs_2_0", version_token(false, 2, 0));
  return shader(version_token(false, 2, 0), table,
                {
                    instruction(Opcode::dcl, {destination(kInput, 0)}, {0x80000000}),
                    instruction(Opcode::dcl, {destination(kInput, 1)}, {0x80010005}),
                    instruction(Opcode::mova, {destination(kAddrOrTexture, 0, 0x1), source(kInput, 1, kX)}),
                    instruction(Opcode::mad, {destination(kRastOut, 0), source(kInput, 0, kIdentitySwizzle, kBx2),
                                              relative(source(kConst, 2000), source(kAddrOrTexture, 0, kX)),
                                              source(kConst, 2001, kIdentitySwizzle, kComp)}),
                    instruction(Opcode::sincos, {destination(kTemp, 0, 0x3), source(kInput, 0, kZ), source(kConst, 1),
                                                 source(kConst, 2)}),
                    instruction(Opcode::mul, {destination(kTexCrdOut, 1, 0x7), source(kTemp, 0), source(kConst2, 5)}),
                });
}

// A comment that is no constant table between two instructions, and bytes
// after the end token (a warning; both kept for the round trip).
std::vector<uint8_t> vs_2_x_comments_and_trailing() {
  const std::vector<uint8_t> note = {'N', 'O', 'T', 'E', 1, 2, 3, 4};
  Program p = program(version_token(false, 2, 1), {},
                      {instruction(Opcode::dcl, {destination(kInput, 0)}, {0x80000000}),
                       instruction(Opcode::mov, {destination(kRastOut, 0), source(kInput, 0)})});
  p.comments.push_back(Comment{0, 0xFFFE | (2u << 16), note, 1});
  std::vector<uint8_t> file = write_program(p);
  file.insert(file.end(), {0xAB, 0xCD, 0xEF});
  return file;
}

// The shader every damaged sample but a few starts from: a pixel shader 3.0
// with a one-constant table, a dcl and a mov.
std::vector<uint8_t> base() {
  const std::vector<uint8_t> table =
      constant_table({{"color", kFloat4, 0, 1, {kVector, 3, 1, 4}}}, "ps_3_0", version_token(true, 3, 0));
  return shader(version_token(true, 3, 0), table,
                {instruction(Opcode::dcl, {destination(kInput, 0, 0x3)}, {0x80000005}),
                 instruction(Opcode::mov, {destination(kColorOut, 0), source(kInput, 0)})});
}

// The base's bytes, damaged.
template <typename Damage>
std::vector<uint8_t> damaged(Damage damage) {
  std::vector<uint8_t> file = base();
  damage(file);
  return file;
}

std::vector<uint8_t> patched(size_t at, uint32_t value) {
  return damaged([&](std::vector<uint8_t>& f) { store_le_at<uint32_t>(f, at, value); });
}

// The end of the base's comment (its data starts at byte 8).
size_t comment_end(const std::vector<uint8_t>& file) { return 8 + 4 * size_t{word_at(file, 4) >> 16}; }

std::vector<uint8_t> mov_r0_r1(uint32_t token) {
  std::vector<uint8_t> file =
      shader(version_token(true, 3, 0), {}, {instruction(Opcode::mov, {destination(kTemp, 0), source(kTemp, 1)})});
  store_le_at<uint32_t>(file, 4, token);
  return file;
}

// A struct whose member is the struct itself.
std::vector<uint8_t> type_cycle(uint32_t& member_field) {
  std::vector<uint8_t> table =
      constant_table({{"s", kFloat4, 0, 1, {kStruct, 0, 1, 1, 1, {{"next", {}}}}}}, "ps_3_0", 0);
  const uint32_t type = load_le<uint32_t>(table.data() + 4 + 28 + 12);
  const uint32_t members = load_le<uint32_t>(table.data() + 4 + type + 12);
  store_le_at(table, 4 + members + 4, type);
  member_field = members + 4;
  return shader(version_token(true, 3, 0), table,
                {instruction(Opcode::mov, {destination(kColorOut, 0), source(kInput, 0)})});
}

// A table of 48 bytes whose strings and type live in its own header and
// whose one constant record ends it, claiming two constants: the second
// would be read past the comment.
std::vector<uint8_t> one_constant_too_many() {
  std::vector<uint8_t> table(4 + 48, 0);
  store_le_at(table, 0, kCtabFourcc);
  store_le_at(table, 4, uint32_t{28});       // size
  store_le_at(table, 4 + 4, uint32_t{26});   // creator: the empty string at byte 26
  store_le_at(table, 4 + 12, uint32_t{2});   // two constants
  store_le_at(table, 4 + 16, uint32_t{28});  // at 28: one record fits
  store_le_at(table, 4 + 24, uint32_t{26});  // target
  store_le_at(table, 4 + 28, uint32_t{26});  // name
  return shader(version_token(true, 3, 0), table, {});
}

std::vector<Sample> make_samples() {
  std::vector<Sample> out;
  auto valid = [&](std::string name, std::vector<uint8_t> bytes) {
    out.push_back({std::move(name), std::move(bytes)});
  };
  auto bad = [&](std::string name, std::vector<uint8_t> bytes, Code code, uint64_t offset, std::string path) {
    out.push_back({std::move(name), std::move(bytes), code, offset, std::move(path)});
  };
  valid("ps_3_0_every_opcode", every_opcode(true, 3));
  valid("vs_2_0_every_opcode", every_opcode(false, 2));
  valid("ps_3_0_features", ps_3_0_features());
  valid("vs_2_0_struct_relative", vs_2_0_struct_relative());
  valid("vs_2_x_no_table", shader(version_token(false, 2, 1), {},
                                  {instruction(Opcode::mov, {destination(kRastOut, 0), source(kInput, 0)})}));
  const std::vector<uint8_t> table_929 =
      constant_table({}, "ps_2_0", version_token(true, 2, 0), "Microsoft (R) HLSL Shader Compiler 9.29.952.3111");
  valid("ps_2_0_fxc_9_29", shader(version_token(true, 2, 0), table_929, {}));
  valid("vs_2_x_comments_and_trailing", vs_2_x_comments_and_trailing());
  valid("ps_3_0_base", base());

  // The token stream.
  bad("shader_model_1", patched(0, version_token(true, 1, 1)), Code::unsupported_version, 0, "version");
  bad("truncated_version", {0x00, 0x03, 0xFF}, Code::truncated, 0, "version");
  bad("comment_too_long", patched(4, 0xFFFE | (0x7FFFu << 16)), Code::comment_out_of_bounds, 4, "comments[0].length");
  bad("comment_truncated", damaged([](std::vector<uint8_t>& f) { f.resize(kTable + 8); }), Code::comment_out_of_bounds,
      4, "comments[0].length");
  bad("comment_one_dword_past_the_file", damaged([](std::vector<uint8_t>& f) {
        const size_t end = comment_end(f);
        store_le_at<uint32_t>(f, 4, 0xFFFE | static_cast<uint32_t>((end - 8) / 4 + 1) << 16);
        f.resize(end);
      }),
      Code::comment_out_of_bounds, 4, "comments[0].length");
  {
    std::vector<uint8_t> f = base();
    const size_t mov = f.size() - 4 - 12;
    store_le_at<uint32_t>(f, mov, 0x0F000001);  // mov of 15 tokens
    bad("instruction_past_the_end", f, Code::instruction_out_of_bounds, mov, "instructions[1].length");
  }
  {
    // mov of 3 tokens with 2 left in the file, and no end token.
    std::vector<uint8_t> f = mov_r0_r1(0x03000001);
    f.resize(f.size() - 4);
    bad("instruction_one_dword_past_the_file", f, Code::instruction_out_of_bounds, 4, "instructions[0].length");
  }
  bad("mov_of_three_tokens", mov_r0_r1(0x03000001), Code::instruction_length_mismatch, 4, "instructions[0].length");
  // Its length leaves the source out: the mismatch is found at the length,
  // before a read of a source the instruction does not hold.
  bad("mov_of_one_token", mov_r0_r1(0x01000001), Code::instruction_length_mismatch, 4, "instructions[0].length");
  bad("ret_of_one_token", mov_r0_r1(0x0100001C), Code::instruction_length_mismatch, 4, "instructions[0].length");
  {
    // c0 asks for a relative-address token its instruction's length leaves out.
    Parameter c0 = source(kConst, 0);
    c0.token |= kRelativeBit;
    std::vector<uint8_t> f =
        shader(version_token(true, 3, 0), {}, {instruction(Opcode::mov, {destination(kTemp, 0), c0})});
    store_le_at<uint32_t>(f, 4, 0x02000001);
    bad("relative_past_its_instruction", f, Code::instruction_length_mismatch, 16,
        "instructions[0].params[1].relative");
  }
  bad("unknown_opcode_cnd", mov_r0_r1(0x02000050), Code::unknown_opcode, 4, "instructions[0].opcode");
  {
    std::vector<uint8_t> f = mov_r0_r1(0x02000001);
    store_le_at<uint32_t>(f, 8, 0x000F0000);  // bit 31 clear
    bad("parameter_without_bit_31", f, Code::parameter_token_invalid, 8, "instructions[0].params[0]");
    f = mov_r0_r1(0x02000001);
    store_le_at<uint32_t>(f, f.size() - 4, 0x0001FFFF);
    bad("end_token_with_high_bits", f, Code::invalid_value, f.size() - 4, "end");
  }
  {
    std::vector<uint8_t> f = base();
    f.resize(f.size() - 4);
    bad("missing_end_token", f, Code::missing_end_token, f.size(), "");
  }

  // The constant table.
  bad("ctab_header_size", patched(kTable, 24), Code::size_mismatch, kTable, "ctab.size");
  bad("ctab_creator_offset", patched(kTable + 4, 0x10000), Code::offset_out_of_bounds, kTable + 4, "ctab.creator");
  bad("ctab_target_offset", patched(kTable + 24, 0xFFFFFFFF), Code::offset_out_of_bounds, kTable + 24, "ctab.target");
  bad("ctab_constants_offset", patched(kTable + 16, 0x10000), Code::offset_out_of_bounds, kTable + 16,
      "ctab.constants");
  bad("ctab_constant_count", patched(kTable + 12, 0x10000000), Code::count_too_large, kTable + 12, "ctab.constants");
  bad("ctab_one_constant_too_many", one_constant_too_many(), Code::count_too_large, kTable + 12, "ctab.constants");
  bad("ctab_name_offset", patched(kTable + 28, 0xFFFFFFF0), Code::offset_out_of_bounds, kTable + 28,
      "ctab.constants[0].name");
  bad("ctab_type_offset", patched(kTable + 40, 0xFFFFFFF0), Code::offset_out_of_bounds, kTable + 40,
      "ctab.constants[0].type");
  {
    std::vector<uint8_t> f = base();
    // 4 bytes of a 16-byte record
    store_le_at<uint32_t>(f, kTable + 40, static_cast<uint32_t>(comment_end(f) - kTable - 4));
    bad("ctab_type_record_at_the_end", f, Code::offset_out_of_bounds, kTable + 40, "ctab.constants[0].type");
  }
  {
    // The creator is the table's last string: it and its padding filled.
    std::vector<uint8_t> f = base();
    const uint32_t creator = word_at(f, kTable + 4);
    for (size_t i = kTable + creator; i < comment_end(f); ++i) f[i] = 'x';
    bad("ctab_unterminated_creator", f, Code::unterminated_string, kTable + creator, "ctab.creator");
  }
  {
    uint32_t member_field = 0;
    std::vector<uint8_t> f = type_cycle(member_field);
    bad("ctab_type_cycle", f, Code::type_cycle, kTable + member_field, "ctab.constants[0].type.members[0].type");
  }
  return out;
}

}  // namespace

const std::vector<Sample>& samples() {
  static const std::vector<Sample> kSamples = make_samples();
  return kSamples;
}

const Sample& sample(std::string_view name) {
  for (const Sample& s : samples())
    if (s.name == name) return s;
  throw std::out_of_range("no d3d9 sample " + std::string(name));
}

std::vector<uint8_t> with_hostile_texts(size_t k) {
  auto text = [&](size_t i) { return std::string(conform::hostile_text(k + i)); };
  const Type light{kStruct, 0, 1, 1, 2, {{text(1), {kVector, 3, 1, 3}}, {text(2), {kScalar, 1}}}};
  const std::vector<uint8_t> table = constant_table(
      {{text(0), kFloat4, 0, 1, {kVector, 3, 1, 4}}, {text(3), kFloat4, 1, 4, light}, {"plain", kFloat4, 5, 1, {kVector, 3, 1, 4}}},
      conform::hostile_text(k + 4), version_token(true, 3, 0), conform::hostile_text(k + 5));
  return shader(version_token(true, 3, 0), table,
                {instruction(Opcode::dcl, {destination(kInput, 0, 0x3)}, {0x80000005}),
                 instruction(Opcode::mov, {destination(kColorOut, 0), source(kInput, 0)})});
}

}  // namespace sp::d3d9::build
