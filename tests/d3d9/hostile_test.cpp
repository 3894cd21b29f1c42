// Hostile Direct3D 9 shaders: each damage ends in its error code, at the
// byte offset of the field and under its path; nothing reads outside the
// input, nothing nests without bound.
#include <gtest/gtest.h>

#include "conformance/d3d9/builders.h"
#include "core/span_writer.h"
#include "d3d9/program.h"

namespace sp::d3d9 {
namespace {

using build::Type;
const Limits kLimits;

// The file offset of the constant table's data (after the version token,
// the comment token and "CTAB").
constexpr size_t kTable = 12;

std::vector<uint8_t> shader(const std::vector<uint8_t>& table, std::vector<Instruction> instructions) {
  return write_program(build::program(build::version_token(true, 3, 0), table, std::move(instructions)));
}

std::vector<Instruction> body() {
  return {build::instruction(Opcode::dcl, {build::destination(kInput, 0, 0x3)}, {0x80000005}),
          build::instruction(Opcode::mov, {build::destination(kColorOut, 0), build::source(kInput, 0)})};
}

std::vector<uint8_t> valid() {
  static const std::vector<uint8_t> table =
      build::constant_table({{"color", kFloat4, 0, 1, {.klass = kVector, .type = 3, .columns = 4}}}, "ps_3_0",
                            build::version_token(true, 3, 0));
  return shader(table, body());
}

void patch(std::vector<uint8_t>& file, size_t at, uint32_t value) { store_le(file.data() + at, value); }

Diagnostic error_of(const std::vector<uint8_t>& file, const Limits& limits = kLimits) {
  Context ctx(limits, file.size());
  Program program;
  EXPECT_FALSE(parse_program(file, 0, ctx, program));
  const std::optional<Diagnostic> error = ctx.take_error();
  return error.value_or(Diagnostic{Code::internal_error, 0, "", "no error"});
}

void expect_error(const std::vector<uint8_t>& file, Code code, uint64_t offset, const std::string& path,
                  const Limits& limits = kLimits) {
  const Diagnostic d = error_of(file, limits);
  EXPECT_EQ(d.code, code) << d.to_string();
  EXPECT_EQ(d.offset, offset) << d.to_string();
  EXPECT_EQ(d.path, path) << d.to_string();
}

TEST(D3d9Hostile, TheValidBaseParsesAndEveryProperPrefixFails) {
  const std::vector<uint8_t> file = valid();
  Context ctx(kLimits, file.size());
  Program program;
  ASSERT_TRUE(parse_program(file, 0, ctx, program)) << ctx.error()->to_string();
  for (size_t n = 0; n < file.size(); ++n) {
    const std::vector<uint8_t> prefix(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(n));
    const Diagnostic d = error_of(prefix);
    EXPECT_LE(d.offset, n) << d.to_string();
  }
}

TEST(D3d9Hostile, ShaderModel1IsUnsupported) {
  std::vector<uint8_t> file = valid();
  patch(file, 0, build::version_token(true, 1, 1));
  expect_error(file, Code::unsupported_version, 0, "version");
}

TEST(D3d9Hostile, ACommentLongerThanTheFileIsOutOfBounds) {
  std::vector<uint8_t> file = valid();
  patch(file, 4, 0xFFFE | (0x7FFFu << 16));
  expect_error(file, Code::comment_out_of_bounds, 4, "comments[0].length");
}

TEST(D3d9Hostile, ATruncatedCommentIsOutOfBounds) {
  std::vector<uint8_t> file = valid();
  file.resize(kTable + 8);
  expect_error(file, Code::comment_out_of_bounds, 4, "comments[0].length");
}

TEST(D3d9Hostile, ConstantTableOffsetsOutsideTheCommentAreErrors) {
  const std::vector<uint8_t> base = valid();
  std::vector<uint8_t> file = base;
  patch(file, kTable + 4, 0x10000);  // creator
  expect_error(file, Code::offset_out_of_bounds, kTable + 4, "ctab.creator");
  file = base;
  patch(file, kTable + 24, 0xFFFFFFFF);  // target
  expect_error(file, Code::offset_out_of_bounds, kTable + 24, "ctab.target");
  file = base;
  patch(file, kTable + 16, 0x10000);  // constant records
  expect_error(file, Code::offset_out_of_bounds, kTable + 16, "ctab.constants");
  file = base;
  patch(file, kTable + 12, 0x10000000);  // constant count
  expect_error(file, Code::count_too_large, kTable + 12, "ctab.constants");
  file = base;
  patch(file, kTable + 28, 0xFFFFFFF0);  // the first constant's name
  expect_error(file, Code::offset_out_of_bounds, kTable + 28, "ctab.constants[0].name");
  file = base;
  patch(file, kTable + 28 + 12, 0xFFFFFFF0);  // its type
  expect_error(file, Code::offset_out_of_bounds, kTable + 28 + 12, "ctab.constants[0].type");
  file = base;
  patch(file, kTable, 24);  // header size
  expect_error(file, Code::size_mismatch, kTable, "ctab.size");
}

TEST(D3d9Hostile, AStringThatRunsToTheEndOfTheCommentIsUnterminated) {
  std::vector<uint8_t> file = valid();
  // The creator is the table's last string: fill it and its padding.
  const uint32_t creator = load_le<uint32_t>(file.data() + kTable + 4);
  const size_t comment_end = 8 + 4 * size_t{load_le<uint32_t>(file.data() + 4) >> 16};
  for (size_t i = kTable + creator; i < comment_end; ++i) file[i] = 'x';
  expect_error(file, Code::unterminated_string, kTable + creator, "ctab.creator");
}

// A struct whose member is the struct itself.
TEST(D3d9Hostile, ATypeCycleIsFound) {
  const Type self{kStruct, 0, 1, 1, 1, {{"next", {}}}};
  std::vector<uint8_t> table = build::constant_table({{"s", kFloat4, 0, 1, self}}, "ps_3_0", 0);
  const uint32_t type = load_le<uint32_t>(table.data() + 4 + 28 + 12);
  const uint32_t members = load_le<uint32_t>(table.data() + 4 + type + 12);
  store_le(table.data() + 4 + members + 4, type);  // the member's type: the struct
  expect_error(shader(table, body()), Code::type_cycle, kTable + members + 4, "ctab.constants[0].type.members[0].type");
}

TEST(D3d9Hostile, StructsNestedPastTheDepthLimitAreAnError) {
  Type t;
  for (int i = 0; i < 6; ++i) t = Type{kStruct, 0, 1, 1, 1, {{"m", t}}};
  const std::vector<uint8_t> table = build::constant_table({{"s", kFloat4, 0, 1, t}}, "ps_3_0", 0);
  Limits limits;
  limits.max_depth = 4;
  const Diagnostic d = error_of(shader(table, body()), limits);
  EXPECT_EQ(d.code, Code::limit_exceeded) << d.to_string();
  EXPECT_EQ(d.path, "ctab.constants[0].type.members[0].type.members[0].type.members[0].type.members[0].type")
      << d.to_string();
  const std::vector<uint8_t> file = shader(table, body());
  Context ctx(kLimits, file.size());
  Program program;
  EXPECT_TRUE(parse_program(file, 0, ctx, program)) << "6 deep is fine under the default limit";
}

// One struct of 300 members, each of a second struct of 300 members: 90,000
// members from 5 KB. The decode budget stops the walk.
TEST(D3d9Hostile, MembersReachedManyTimesExhaustTheDecodeBudget) {
  constexpr uint32_t kCount = 300;
  ByteWriter w;
  w.put_u32_le(kCtabFourcc);
  const uint32_t outer = 28 + 20, inner = outer + 16, names = inner + 16, records = names + 4;
  for (uint32_t v : {28u, names, 0u, 1u, 28u, 0u, names}) w.put_u32_le(v);       // header
  for (uint32_t v : {names, uint32_t{kFloat4}, 1u, outer, 0u}) w.put_u32_le(v);  // the constant
  for (uint32_t v : {uint32_t{kStruct}, 1u | (1u << 16), 1u | (kCount << 16), records}) w.put_u32_le(v);
  for (uint32_t v : {uint32_t{kStruct}, 1u | (1u << 16), 1u | (kCount << 16), records + 8 * kCount}) w.put_u32_le(v);
  w.put_cstring("abc");
  for (uint32_t k = 0; k < kCount; ++k) {  // the outer struct's members: each of the inner struct
    w.put_u32_le(names);
    w.put_u32_le(inner);
  }
  for (uint32_t k = 0; k < kCount; ++k) {  // the inner struct's members: the outer's header record, a scalar
    w.put_u32_le(names);
    w.put_u32_le(28 + 20 + 16 + 16 + 4 + 8 * 2 * kCount);
  }
  for (uint32_t v : {uint32_t{kScalar} | (3u << 16), 1u | (1u << 16), 1u, 0u}) w.put_u32_le(v);  // a float
  const std::vector<uint8_t> table = w.take();
  const Diagnostic d = error_of(shader(table, body()));
  EXPECT_EQ(d.code, Code::decode_budget_exceeded) << d.to_string();
}

TEST(D3d9Hostile, AnInstructionPastTheEndIsOutOfBounds) {
  std::vector<uint8_t> file = valid();
  const size_t mov = file.size() - 4 - 12;
  patch(file, mov, 0x0F000001);  // mov of 15 tokens
  expect_error(file, Code::instruction_out_of_bounds, mov, "instructions[1].length");
}

TEST(D3d9Hostile, ALengthTheParametersDoNotFillIsAMismatch) {
  std::vector<uint8_t> file =
      shader({}, {build::instruction(
                     Opcode::mov, {build::destination(kTemp, 0), build::source(kTemp, 1), build::source(kTemp, 2)})});
  expect_error(file, Code::instruction_length_mismatch, 4, "instructions[0].length");
  // An instruction with no parameters and a length of its own.
  file = shader({}, {build::instruction(Opcode::ret, {}, {0x80000000})});
  expect_error(file, Code::instruction_length_mismatch, 4, "instructions[0].length");
}

TEST(D3d9Hostile, ARelativeAddressPastItsInstructionIsAMismatch) {
  Parameter c = build::source(kConst, 0);
  c.token |= build::kRelativeBit;  // asks for a token the length does not count
  std::vector<uint8_t> file = shader({}, {build::instruction(Opcode::mov, {build::destination(kTemp, 0), c})});
  patch(file, 4, 0x02000001);
  expect_error(file, Code::instruction_length_mismatch, 16, "instructions[0].params[1].relative");
}

TEST(D3d9Hostile, UnknownOpcodesAndStrayTokensAreErrors) {
  std::vector<uint8_t> file =
      shader({}, {build::instruction(Opcode::mov, {build::destination(kTemp, 0), build::source(kTemp, 1)})});
  std::vector<uint8_t> cnd = file;
  patch(cnd, 4, 0x02000050);  // cnd: shader model 1 only
  expect_error(cnd, Code::unknown_opcode, 4, "instructions[0].opcode");
  std::vector<uint8_t> stray = file;
  patch(stray, 8, 0x000F0000);  // bit 31 clear
  expect_error(stray, Code::parameter_token_invalid, 8, "instructions[0].params[0]");
  std::vector<uint8_t> end = file;
  patch(end, file.size() - 4, 0x0001FFFF);
  expect_error(end, Code::invalid_value, file.size() - 4, "end");
}

TEST(D3d9Hostile, AMissingEndTokenIsAnError) {
  std::vector<uint8_t> file = valid();
  file.resize(file.size() - 4);
  expect_error(file, Code::missing_end_token, file.size(), "");
  file.resize(3);
  expect_error(file, Code::truncated, 0, "version");
}

TEST(D3d9Hostile, BytesAfterTheEndTokenAreAWarningAndKept) {
  std::vector<uint8_t> file = valid();
  file.push_back(0x42);
  Context ctx(kLimits, file.size());
  Program program;
  ASSERT_TRUE(parse_program(file, 0, ctx, program));
  ASSERT_EQ(ctx.warnings().size(), 1u);
  EXPECT_EQ(ctx.warnings()[0].code, Code::bytes_after_end_token);
  EXPECT_EQ(write_program(program), file);
}

TEST(D3d9Hostile, AMisalignedCopyReadsAlike) {
  const std::vector<uint8_t> file = valid();
  std::vector<uint8_t> storage(file.size() + 1);
  std::copy(file.begin(), file.end(), storage.begin() + 1);
  const Bytes moved(storage.data() + 1, file.size());
  Context ctx(kLimits, file.size());
  Program program;
  ASSERT_TRUE(parse_program(moved, 0, ctx, program));
  EXPECT_EQ(write_program(program), file);
}

}  // namespace
}  // namespace sp::d3d9
