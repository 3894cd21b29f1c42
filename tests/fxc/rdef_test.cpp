// RDEF: built chunks of every version round-trip, and hostile ones end in
// the error their flaw names (type cycles, a 100,000-deep type chain,
// offsets and counts past the chunk, unterminated strings) without
// recursion or an allocation sized by the file.
#include "fxc/rdef.h"

#include <gtest/gtest.h>

#include <optional>

#include "fxc/rdef_builder.h"

namespace sp::fxc {
namespace {

struct Parsed {
  bool ok = false;
  Rdef rdef;
  std::optional<Diagnostic> error;
};

// `bytes` must outlive the result (its strings point into them).
Parsed parse(const std::vector<uint8_t>& bytes, const Limits& limits) {
  Context ctx(limits, bytes.size());
  const FieldPath root = FieldPath::root("RDEF");
  Parsed p;
  p.ok = parse_rdef(ChunkScope{bytes, 0, root, ctx}, p.rdef);
  p.error = ctx.take_error();
  return p;
}

const Limits kLimits{};

Parsed parse(const std::vector<uint8_t>& bytes) { return parse(bytes, kLimits); }

// --- Models ------------------------------------------------------------------

Rdef model(uint8_t major, uint8_t minor) {
  Rdef r;
  r.major = major;
  r.minor = minor;
  r.program_type = 0xFFFF;
  r.flags = 0x100;
  r.creator.text = "Microsoft (R) HLSL Shader Compiler 9.30.9200.20499";
  if (major >= 5) r.rd11.emplace().magic = minor >= 1 ? kRd11Magic51 : kRd11Magic;
  return r;
}

RdefType numeric(uint16_t cls, uint16_t columns) { return numeric_type(cls, kFloatType, 1, columns); }

// A struct whose members are the given types, named m0, m1, ...
RdefType structure(std::initializer_list<uint32_t> member_types) {
  static constexpr std::string_view kNames[] = {"m0", "m1", "m2"};
  RdefType t;
  t.variable_class = kStruct;
  uint32_t k = 0;
  for (uint32_t type : member_types) {
    RdefMember& m = t.members.emplace_back();
    m.name.text = kNames[k];
    m.type.index = type;
    m.offset = 16 * k++;
  }
  return t;
}

// One cbuffer with one variable of type `type`.
void add_variable(Rdef& r, uint32_t type, std::string_view name = "v") {
  if (r.constant_buffers.empty()) {
    RdefConstantBuffer& cb = r.constant_buffers.emplace_back();
    cb.name.text = "$Globals";
    cb.size = 16;
  }
  RdefVariable& v = r.constant_buffers.front().variables.emplace_back();
  v.name.text = name;
  v.size = 16;
  v.flags = 2;
  v.type.index = type;
  if (r.rd11) {
    v.start_texture = v.start_sampler = UINT32_MAX;
  }
}

std::vector<uint8_t> bytes_of(Rdef r) {
  lay_out_rdef(r);
  return write_rdef(r);
}

// `path` is the field's whole path; the diagnostic holds it as printed
// (FieldPath::str(): a deep one elided in the middle).
void expect_error(const Parsed& p, Code code, const std::string& path) {
  EXPECT_FALSE(p.ok);
  ASSERT_TRUE(p.error.has_value());
  EXPECT_EQ(p.error->code, code) << p.error->to_string();
  EXPECT_EQ(p.error->path, FieldPath::root(path).str()) << p.error->to_string();
}

// --- Every version round-trips ---------------------------------------------

class RdefVersions : public testing::TestWithParam<std::pair<int, int>> {};

TEST_P(RdefVersions, BuiltChunkParsesAndWritesBackByteForByte) {
  Rdef r = model(static_cast<uint8_t>(GetParam().first), static_cast<uint8_t>(GetParam().second));
  r.types.push_back(numeric(kVector, 4));
  r.types.push_back(structure({0, 0}));
  add_variable(r, 1, "s");
  const uint8_t defaults[16] = {0, 0, 0x80, 0x3F};
  add_variable(r, 0, "f");
  r.constant_buffers.front().variables.back().default_value = defaults;
  RdefBinding& b = r.bindings.emplace_back();
  b.name.text = "$Globals";
  b.bind_count = 1;
  b.space = r.sm51() ? 3 : 0;
  b.id = r.sm51() ? 7 : 0;
  const auto bytes = bytes_of(r);

  const Parsed p = parse(bytes);
  ASSERT_TRUE(p.ok) << p.error->to_string();
  EXPECT_EQ(p.rdef.creator.text, r.creator.text);
  ASSERT_EQ(p.rdef.bindings.size(), 1u);
  EXPECT_EQ(p.rdef.bindings[0].space, b.space);
  EXPECT_EQ(p.rdef.bindings[0].id, b.id);
  ASSERT_EQ(p.rdef.constant_buffers.size(), 1u);
  const auto& vars = p.rdef.constant_buffers[0].variables;
  ASSERT_EQ(vars.size(), 2u);
  EXPECT_EQ(vars[0].name.text, "s");
  EXPECT_EQ(vars[1].default_value.size(), 16u);
  // The struct's two members share one float4: two types in all.
  ASSERT_EQ(p.rdef.types.size(), 2u);
  const RdefType& s = p.rdef.types[vars[0].type.index];
  ASSERT_EQ(s.members.size(), 2u);
  EXPECT_EQ(s.members[0].type.index, s.members[1].type.index);
  EXPECT_EQ(p.rdef.types[vars[1].type.index].columns, 4u);
  EXPECT_EQ(write_rdef(p.rdef), bytes);
}

INSTANTIATE_TEST_SUITE_P(Sm40To51, RdefVersions,
                         testing::Values(std::pair{4, 0}, std::pair{4, 1}, std::pair{5, 0}, std::pair{5, 1}));

TEST(Rdef, InterfacePointerReachesItsInterfaceThroughItsSubType) {
  Rdef r = model(5, 0);
  RdefType& cls = r.types.emplace_back();
  cls.variable_class = kInterfaceClass;
  cls.rows = 1;
  cls.name.text = "iChangeColour";
  RdefType pointer = numeric(kInterfacePointer, 4);
  pointer.variable_type = kInterfaceType;
  pointer.sub_type.index = 0;
  pointer.name.text = "iChangeColour";
  r.types.push_back(pointer);
  add_variable(r, 1, "gAbstractColourChanger");
  const auto bytes = bytes_of(r);
  const Parsed p = parse(bytes);
  ASSERT_TRUE(p.ok) << p.error->to_string();
  const RdefType& t = p.rdef.types[p.rdef.constant_buffers[0].variables[0].type.index];
  ASSERT_NE(t.sub_type.index, kNoType);
  EXPECT_EQ(p.rdef.types[t.sub_type.index].name.text, "iChangeColour");
  EXPECT_EQ(write_rdef(p.rdef), bytes);
}

// --- The type graph -----------------------------------------------------------

TEST(Rdef, TypeCycleIsAnError) {
  Rdef r = model(4, 0);
  r.types.push_back(structure({1}));  // A -> B
  r.types.push_back(structure({0}));  // B -> A
  add_variable(r, 0);
  expect_error(parse(bytes_of(r)), Code::rdef_type_cycle,
               "RDEF.constant_buffers[0].variables[0].type.members[0].members[0]");
}

TEST(Rdef, TypeContainingItselfThroughItsBaseClassIsAnError) {
  Rdef r = model(5, 0);
  r.types.push_back(numeric(kScalar, 1));
  r.types[0].base_class.index = 0;
  add_variable(r, 0);
  expect_error(parse(bytes_of(r)), Code::rdef_type_cycle, "RDEF.constant_buffers[0].variables[0].type.base_class");
}

TEST(Rdef, SharedTypesAreDecodedOnce) {
  // A diamond: S -> {B, C}, B -> D, C -> D, and a second variable of D.
  Rdef r = model(5, 0);
  r.types.push_back(structure({1, 2}));
  r.types.push_back(structure({3}));
  r.types.push_back(structure({3}));
  r.types.push_back(numeric(kVector, 4));
  add_variable(r, 0, "s");
  add_variable(r, 3, "d");
  const Parsed p = parse(bytes_of(r));
  ASSERT_TRUE(p.ok) << p.error->to_string();
  EXPECT_EQ(p.rdef.types.size(), 4u);
}

// Type i has one member of type i + 1; the last is a float.
Rdef chain(size_t depth) {
  Rdef r = model(4, 0);
  r.types.reserve(depth);
  for (size_t i = 0; i + 1 < depth; ++i) r.types.push_back(structure({static_cast<uint32_t>(i + 1)}));
  r.types.push_back(numeric(kScalar, 1));
  add_variable(r, 0);
  return r;
}

TEST(Rdef, HundredThousandDeepTypeChainIsALimitErrorWithoutRecursion) {
  const auto bytes = bytes_of(chain(100'000));
  const Parsed p = parse(bytes);
  ASSERT_FALSE(p.ok);
  EXPECT_EQ(p.error->code, Code::limit_exceeded) << p.error->to_string();
  // The 65th type is one too many for the default bound of 64.
  std::string path = "RDEF.constant_buffers[0].variables[0].type";
  for (int i = 0; i < 64; ++i) path += ".members[0]";
  EXPECT_EQ(p.error->path, FieldPath::root(path).str());
  EXPECT_NE(p.error->path.find("...(52 more)..."), std::string::npos);

  // Raised past the chain, the walk takes it whole: it keeps its own
  // stack, so the depth the input asks for is never the call stack's.
  Limits deep;
  deep.max_depth = 1'000'000;
  const Parsed whole = parse(bytes, deep);
  ASSERT_TRUE(whole.ok) << whole.error->to_string();
  EXPECT_EQ(whole.rdef.types.size(), 100'000u);
  EXPECT_EQ(write_rdef(whole.rdef), bytes);
}

TEST(Rdef, DepthBoundCountsTheLongestPathThroughSharedTypes) {
  // Variable 0 reaches the chain's tail at depth 2; variable 1 reaches it
  // through the whole chain. The tail is decoded once, and its height is
  // what the second path is checked with.
  Rdef r = chain(64);
  add_variable(r, 62, "short");
  std::swap(r.constant_buffers[0].variables[0], r.constant_buffers[0].variables[1]);
  EXPECT_TRUE(parse(bytes_of(r)).ok);
  Limits tight;
  tight.max_depth = 63;
  const auto bytes = bytes_of(r);
  // Types 0 to 61 are on the stack (62) when the edge to the done type 62
  // (height 2) makes 64.
  std::string path = "RDEF.constant_buffers[0].variables[1].type";
  for (int i = 0; i < 62; ++i) path += ".members[0]";
  expect_error(parse(bytes, tight), Code::limit_exceeded, path);
}

// --- Hostile offsets, counts and strings ---------------------------------------

std::vector<uint8_t> simple_sm5() {
  Rdef r = model(5, 0);
  r.types.push_back(numeric(kVector, 4));
  add_variable(r, 0);
  RdefBinding& b = r.bindings.emplace_back();
  b.name.text = "$Globals";
  return bytes_of(r);
}

uint32_t get_u32(const std::vector<uint8_t>& b, size_t at) { return load_le<uint32_t>(b.data() + at); }

TEST(Rdef, EveryPrefixIsAnErrorNotACrash) {
  const auto bytes = simple_sm5();
  for (size_t n = 0; n < bytes.size(); ++n) {
    const std::vector<uint8_t> prefix(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(n));
    const Parsed p = parse(prefix);
    // The last bytes are the padding after the last string: a prefix
    // that keeps every string's NUL still parses.
    if (p.ok) continue;
    ASSERT_TRUE(p.error.has_value()) << n;
  }
  EXPECT_FALSE(parse(std::vector<uint8_t>(bytes.begin(), bytes.begin() + 27)).ok);
}

TEST(Rdef, TruncatedHeaderAndRd11) {
  const auto bytes = simple_sm5();
  expect_error(parse({bytes.begin(), bytes.begin() + 20}), Code::truncated, "RDEF.flags");
  expect_error(parse({bytes.begin(), bytes.begin() + 44}), Code::truncated, "RDEF.rd11.variable_size");
}

TEST(Rdef, Rd11MagicAndSizesMustBeKnown) {
  auto bytes = simple_sm5();
  store_le_at<uint32_t>(bytes, 28, 0x12345678);
  expect_error(parse(bytes), Code::bad_magic, "RDEF.rd11.magic");
  bytes = simple_sm5();
  store_le_at<uint32_t>(bytes, 44, 44);  // variable size
  expect_error(parse(bytes), Code::unsupported_version, "RDEF.rd11.variable_size");
  bytes = simple_sm5();
  bytes[17] = 3;  // major
  expect_error(parse(bytes), Code::unsupported_version, "RDEF.major");
}

TEST(Rdef, HugeCountsFailBeforeAnyAllocation) {
  auto bytes = simple_sm5();
  store_le_at<uint32_t>(bytes, 8, 0xFFFFFFFF);  // binding count: 128 GiB of records
  const Parsed p = parse(bytes);
  expect_error(p, Code::count_too_large, "RDEF.binding_count");
  EXPECT_EQ(p.error->offset, 8u);
  bytes = simple_sm5();
  const uint32_t cb = get_u32(bytes, 4);
  store_le_at<uint32_t>(bytes, cb + 4, 0xFFFFFFFF);  // variable count
  expect_error(parse(bytes), Code::count_too_large, "RDEF.constant_buffers[0].variable_count");
}

TEST(Rdef, AliasedTablesAreChargedToTheDecodeBudget) {
  // 2,000 cbuffers all pointing at one table of 2,000 variables: 4 million
  // variable records from 130 KB.
  auto bytes = simple_sm5();
  const uint32_t cb = get_u32(bytes, 4);
  const std::vector<uint8_t> record(bytes.begin() + cb, bytes.begin() + cb + 24);
  const uint32_t variables = static_cast<uint32_t>(bytes.size());
  const std::vector<uint8_t> variable(bytes.begin() + get_u32(record, 8), bytes.begin() + get_u32(record, 8) + 40);
  store_le_at<uint32_t>(bytes, 4, static_cast<uint32_t>(bytes.size() + 2000 * 40));
  store_le_at<uint32_t>(bytes, 0, 2000);
  for (int i = 0; i < 2000; ++i) bytes.insert(bytes.end(), variable.begin(), variable.end());
  for (int i = 0; i < 2000; ++i) {
    const size_t at = bytes.size();
    bytes.insert(bytes.end(), record.begin(), record.end());
    store_le_at<uint32_t>(bytes, at + 4, 2000);
    store_le_at<uint32_t>(bytes, at + 8, variables);
  }
  const Parsed p = parse(bytes);
  ASSERT_FALSE(p.ok);
  EXPECT_EQ(p.error->code, Code::decode_budget_exceeded) << p.error->to_string();
}

TEST(Rdef, OffsetsOutsideTheChunk) {
  auto bytes = simple_sm5();
  store_le_at<uint32_t>(bytes, 12, 0x7FFFFFF0);  // binding table
  expect_error(parse(bytes), Code::offset_out_of_bounds, "RDEF.binding_count");
  bytes = simple_sm5();
  const uint32_t var = get_u32(bytes, get_u32(bytes, 4) + 8);
  store_le_at<uint32_t>(bytes, var + 16, 0xFFFFFFF0);  // the variable's type
  const Parsed p = parse(bytes);
  expect_error(p, Code::offset_out_of_bounds, "RDEF.constant_buffers[0].variables[0].type");
  EXPECT_EQ(p.error->offset, var + 16u);
  bytes = simple_sm5();
  store_le_at<uint32_t>(bytes, var + 16, static_cast<uint32_t>(bytes.size() - 8));  // a type record cut by the end
  expect_error(parse(bytes), Code::truncated, "RDEF.constant_buffers[0].variables[0].type");
  bytes = simple_sm5();
  // 16 default bytes from 4 before the end
  store_le_at<uint32_t>(bytes, var + 20, static_cast<uint32_t>(bytes.size() - 4));
  expect_error(parse(bytes), Code::offset_out_of_bounds, "RDEF.constant_buffers[0].variables[0].default_value_offset");
}

TEST(Rdef, StringsMustEndInsideTheChunk) {
  auto bytes = simple_sm5();
  store_le_at<uint32_t>(bytes, 24, static_cast<uint32_t>(bytes.size()));
  expect_error(parse(bytes), Code::offset_out_of_bounds, "RDEF.creator");
  bytes = simple_sm5();
  const size_t creator = get_u32(bytes, 24);
  bytes.resize(creator + 10);  // the creator loses its NUL
  store_le_at<uint32_t>(bytes, 8, 0);        // and nothing else points past the end
  store_le_at<uint32_t>(bytes, 0, 0);
  expect_error(parse(bytes), Code::unterminated_string, "RDEF.creator");
  bytes = simple_sm5();
  const uint32_t binding = get_u32(bytes, 12);
  store_le_at<uint32_t>(bytes, binding, 0xFFFFFFFF);
  expect_error(parse(bytes), Code::offset_out_of_bounds, "RDEF.bindings[0].name");
}

}  // namespace
}  // namespace sp::fxc
