// The IR layer (parsers/bitcode/module.h): real bitcode decodes with the
// facts its source implies, and cross-references are checked, not trusted.
#include <gtest/gtest.h>

#include <filesystem>

#include "bitcode/bcanalyzer.h"
#include "bitcode/describe.h"
#include "conformance/bitcode/module_builder.h"
#include "bitcode/module.h"
#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"
#include "core/strings.h"
#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::bitcode {
namespace {

namespace fs = std::filesystem;
using bitstream::Writer;
using build::chars;
using build::module_file;
using Spec = build::ModuleSpec;

Diagnostic error_of(const std::vector<uint8_t>& file) {
  ParseResult r = parse_bitcode(file);
  EXPECT_FALSE(r.ok()) << "parsed";
  return r.error.value_or(Diagnostic{});
}

TEST(BitcodeModule, DecodesAWrittenModule) {
  const ParseResult r = parse_bitcode(module_file({}));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.file->modules.size(), 1u);
  const Module& m = r.file->modules[0];
  EXPECT_EQ(m.producer, "shaderprobe-test");
  EXPECT_EQ(m.epoch, 0u);
  EXPECT_EQ(m.version, 2u);
  EXPECT_EQ(m.triple, "x86_64-unknown-linux");
  ASSERT_EQ(m.types.size(), 3u);
  EXPECT_EQ(type_name(m, 2), "i32 (ptr)");
  ASSERT_EQ(m.globals.size(), 2u);
  EXPECT_EQ(m.globals[0].name, "answer");
  EXPECT_EQ(m.globals[1].name, "main");
  ASSERT_EQ(m.attribute_groups.size(), 1u);
  ASSERT_EQ(m.attribute_groups[0].attributes.size(), 3u);
  EXPECT_EQ(attribute_name(m.attribute_groups[0].attributes[0].code), "nounwind");
  EXPECT_EQ(m.attribute_groups[0].attributes[2].key, "key");
  ASSERT_EQ(m.integers.size(), 2u);
  EXPECT_EQ(m.integers[0].value, -5);
  EXPECT_EQ(m.integers[1].value, INT64_MIN);  // signed VBR "-0"
  const std::string json = describe(*r.file, r.warnings).dump();
  EXPECT_NE(json.find("\"attributes\":[\"nounwind\",\"align(16)\",\"\\\"key\\\"\"]"), std::string::npos) << json;
}

TEST(BitcodeModule, TypeIndexOutOfRange) {
  Spec s;
  s.global[2] = 3;
  const Diagnostic d = error_of(module_file(s));
  EXPECT_EQ(d.code, Code::invalid_reference);
  EXPECT_EQ(d.unit, OffsetUnit::bit);
  EXPECT_EQ(d.path, "blocks[1].MODULE_BLOCK.records[2]");
  Spec t;
  t.types.push_back({11, 4, 9});  // [4 x type 9]
  EXPECT_EQ(error_of(module_file(t)).code, Code::invalid_record);
}

// A version-2 global value's strtab offset and size, then its fields:
// two operands pass the first check and fail the second.
TEST(BitcodeModule, AGlobalNeedsItsStrtabRangeThenItsFields) {
  Spec s;
  s.global = {0, 6};
  EXPECT_NE(error_of(module_file(s)).message.find("0 operands; LLVM needs at least 6"), std::string::npos);
  s.global = {0};
  EXPECT_NE(error_of(module_file(s)).message.find("without its strtab offset and size"), std::string::npos);
}

// A FUNCTION record needs eight fields after its strtab range (LLVM's
// BitcodeReader refuses fewer): seven, which would hold the type, the
// attribute list and the section, are still too few.
TEST(BitcodeModule, AFunctionNeedsEightFields) {
  Spec s;
  s.function.pop_back();  // [strtab 6+4, 7 fields]
  const Diagnostic d = error_of(module_file(s));
  EXPECT_EQ(d.code, Code::invalid_record);
  EXPECT_EQ(d.message, "7 operands; LLVM needs at least 8");
  EXPECT_EQ(d.path, "blocks[1].MODULE_BLOCK.records[3]");
}

// POINTER's address space must fit 32 bits; a name that begins with a
// digit is quoted, as llvm-dis quotes it, and one that begins with any
// other character of [-a-zA-Z$._0-9] is not.
TEST(BitcodeModule, PointerAddressSpacesAndQuotedNames) {
  Spec s;
  s.types.push_back({8, 0, 5});
  ParseResult r = parse_bitcode(module_file(s));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(type_name(r.file->modules[0], 3), "i32 addrspace(5)*");  // a typed pointer to type 0
  s.types.back() = {8, 0, uint64_t{1} << 32};
  EXPECT_NE(error_of(module_file(s)).message.find("address space does not fit 32 bits"), std::string::npos);
  Spec named;
  named.types = {{7, 32}, {25, 0}, {21, 0, 0, 1}, {19, '0', 'x'}, {20, 0, 0}, {19, 'x', '0'}, {20, 0, 0}};
  r = parse_bitcode(module_file(named));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(type_name(r.file->modules[0], 3), "%\"0x\"");
  EXPECT_EQ(type_name(r.file->modules[0], 4), "%x0");
  named.types = {{7, 32}, {25, 0}, {21, 0, 0, 1}, {19, '9', 'x'}, {20, 0, 0}, {19, '.', 'x'}, {20, 0, 0},
                 {19, '-', '1'}, {20, 0, 0}};
  r = parse_bitcode(module_file(named));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(type_name(r.file->modules[0], 3), "%\"9x\"");
  EXPECT_EQ(type_name(r.file->modules[0], 4), "%.x");
  EXPECT_EQ(type_name(r.file->modules[0], 5), "%-1");
}

// VECTOR's third operand says whether it is scalable: llvm-dis prints
// <vscale x 4 x i32> for it and <4 x i32> without it.
TEST(BitcodeModule, AScalableVectorPrintsVscale) {
  Spec s;
  s.types.push_back({12, 4, 0, 1});
  s.types.push_back({12, 4, 0, 0});
  s.types.push_back({12, 4, 0});
  const ParseResult r = parse_bitcode(module_file(s));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(type_name(r.file->modules[0], 3), "<vscale x 4 x i32>");
  EXPECT_EQ(type_name(r.file->modules[0], 4), "<4 x i32>");
  EXPECT_EQ(type_name(r.file->modules[0], 5), "<4 x i32>");
}

// NUMENTRY bounds the table: as many types as it declares are read, one
// more is refused at its record (LLVM: "Invalid TYPE table").
TEST(BitcodeModule, NoMoreTypesThanNumentryDeclares) {
  Spec s;
  s.types.insert(s.types.begin(), {1, 3});  // after the builder's NUMENTRY: 3 of the 3 types
  EXPECT_TRUE(parse_bitcode(module_file(s)).ok());
  s.types.push_back({7, 8});
  const Diagnostic d = error_of(module_file(s));
  EXPECT_EQ(d.code, Code::invalid_record);
  EXPECT_EQ(d.message, "more types than NUMENTRY declared (3)");
  EXPECT_EQ(d.path, "blocks[1].MODULE_BLOCK.blocks[0].TYPE_BLOCK_ID.records[5]");
}

// A FUNCTION record's type is the function type, or (typed pointers, as
// LLVM 3.7's DXIL writes) a pointer to one; a pointer to anything else is
// not a function.
TEST(BitcodeModule, FunctionTypeMustBeAFunction) {
  Spec s;
  s.function[2] = 0;
  EXPECT_EQ(error_of(module_file(s)).code, Code::invalid_reference);
  Spec to_function;
  to_function.types.push_back({8, 2});  // type 3: a pointer to type 2, i32 (ptr)
  to_function.function[2] = 3;
  const ParseResult r = parse_bitcode(module_file(to_function));
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  Spec to_integer;
  to_integer.types.push_back({8, 0});  // type 3: i32*
  to_integer.function[2] = 3;
  const Diagnostic d = error_of(module_file(to_integer));
  EXPECT_EQ(d.code, Code::invalid_reference);
  EXPECT_NE(d.message.find("not a function type"), std::string::npos) << d.message;
}

// A global's section is a 1-based index into the module's SECTIONNAME
// records (0: none); this module has none, so section 1 is a dangling
// reference, for a variable (field 5) and a function (field 6) alike.
TEST(BitcodeModule, ASectionMustBeOneOfTheSectionNames) {
  Spec variable;
  variable.global[7] = 1;
  Spec function;
  function.function[8] = 1;
  for (const Spec& s : {variable, function}) {
    const Diagnostic d = error_of(module_file(s));
    EXPECT_EQ(d.code, Code::invalid_reference);
    EXPECT_EQ(d.message, "section 1 of 0");
  }
}

TEST(BitcodeModule, StrtabRangeChecked) {
  for (auto [offset, size] : {std::pair<uint64_t, uint64_t>{6, 5}, {100, 1}, {~uint64_t{0}, 2}}) {
    Spec s;
    s.function[0] = offset;
    s.function[1] = size;
    const Diagnostic d = error_of(module_file(s));
    EXPECT_EQ(d.code, Code::invalid_reference);
    EXPECT_EQ(d.path, "blocks[1].MODULE_BLOCK.records[3]");
  }
}

// llvm-cat -b writes each module followed by its own STRTAB: a module's
// names come from the first STRTAB after it, not from the file's last.
TEST(BitcodeModule, EachModuleUsesTheStrtabAfterIt) {
  Spec second;
  second.strtab = "mainanswer";
  second.global[0] = 4;
  second.function[0] = 0;
  second.function[1] = 4;
  std::vector<uint8_t> file = module_file({});
  const std::vector<uint8_t> more = module_file(second);
  file.insert(file.end(), more.begin() + 4, more.end());  // the second stream without its magic
  const ParseResult r = parse_bitcode(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  ASSERT_EQ(r.file->modules.size(), 2u);
  for (const Module& m : r.file->modules) {
    EXPECT_EQ(m.globals[0].name, "answer");
    EXPECT_EQ(m.globals[1].name, "main");
  }
  EXPECT_EQ(r.file->modules[1].block_index, 4u);
}

// A type attribute (encoding 6: kind, type) names a type of the table:
// the last one is found, one past it is a dangling reference.
TEST(BitcodeModule, ATypeAttributeNamesATypeOfTheTable) {
  Spec s;
  s.more_attributes = {6, 3, 2};  // byval(i32 (ptr)), type 2 of 3
  const ParseResult r = parse_bitcode(module_file(s));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(r.file->modules[0].attribute_groups[0].attributes.back().value, 2u);
  s.more_attributes = {6, 3, 3};
  const Diagnostic d = error_of(module_file(s));
  EXPECT_EQ(d.code, Code::invalid_reference);
  EXPECT_EQ(d.message, "attribute type 3 of 3");
  EXPECT_EQ(d.path, "blocks[1].MODULE_BLOCK.blocks[1].PARAMATTR_GROUP_BLOCK_ID.records[0]");
}

// Range attributes (encoding 7: kind, width, range; 8: kind, count,
// width, ranges): a range of up to 64 bits is two values, a wider one a
// word giving the word counts of its bounds (low half, high half) and
// then their words. Whatever part is missing, the group is refused at
// its record.
TEST(BitcodeModule, RangeAttributesNeedEveryWordTheyCount) {
  Spec s;
  // range(i128 <1 words>, <1 words>), then nounwind: the words fit.
  s.more_attributes = {7, 92, 128, (uint64_t{1} << 32) | 1, 5, 6, 0, 18};
  const ParseResult r = parse_bitcode(module_file(s));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  const auto& attributes = r.file->modules[0].attribute_groups[0].attributes;
  ASSERT_EQ(attributes.size(), 5u);
  EXPECT_EQ(attributes[3].str_value, "i128 <1 words>, <1 words>");
  EXPECT_EQ(attributes[4].code, 18u);
  const std::vector<std::vector<uint64_t>> short_of_words = {
      {7, 92, 128, 1},                          // one word of the lower bound, none there
      {7, 92, 128, uint64_t{1} << 32},          // one word of the upper bound, none there
      {7, 92, 128, (uint64_t{1} << 32) | 1, 5},  // the upper bound's word missing
      {8, 92, 0},                               // a list without its width
  };
  for (const auto& more : short_of_words) {
    s.more_attributes = more;
    const Diagnostic d = error_of(module_file(s));
    EXPECT_EQ(d.code, Code::invalid_record) << more.size();
    EXPECT_EQ(d.message, "attribute runs past the end of its group record") << more.size();
    EXPECT_EQ(d.path, "blocks[1].MODULE_BLOCK.blocks[1].PARAMATTR_GROUP_BLOCK_ID.records[0]");
  }
}

TEST(BitcodeModule, AttributeGroupAndListIdsChecked) {
  Spec s;
  s.attr_list = {7};
  EXPECT_EQ(error_of(module_file(s)).code, Code::invalid_reference);
  Spec t;
  t.function[6] = 2;  // paramattr: list 2 of 1
  EXPECT_EQ(error_of(module_file(t)).code, Code::invalid_reference);
}

TEST(BitcodeModule, CyclicOrDeepTypesRejected) {
  Spec cycle;
  cycle.types = {{7, 32}, {11, 2, 1}};  // type 1: [2 x itself]
  cycle.global[2] = 0;
  const Diagnostic d = error_of(module_file(cycle));
  EXPECT_EQ(d.code, Code::invalid_record);
  EXPECT_EQ(d.message, "type 1 contains itself");
  Spec deep;
  deep.types = {{7, 8}};
  for (uint64_t i = 0; i < 100; ++i) deep.types.push_back({11, 2, i});
  deep.types.push_back({25, 0});
  deep.types.push_back({21, 0, 0, 101});
  deep.function[2] = 102;
  EXPECT_EQ(error_of(module_file(deep)).code, Code::invalid_record);
  // The same chain written the other way round (each array of the next
  // type, the i8 last): nesting is measured whatever the order.
  Spec backwards;
  backwards.types.clear();
  for (uint64_t i = 0; i < 100; ++i) backwards.types.push_back({11, 2, i + 1});
  backwards.types.push_back({7, 8});
  backwards.types.push_back({25, 0});
  backwards.types.push_back({21, 0, 100, 101});  // i8 (ptr)
  backwards.global[2] = 100;
  backwards.function[2] = 102;
  const Diagnostic b = error_of(module_file(backwards));
  EXPECT_EQ(b.code, Code::invalid_record);
  EXPECT_EQ(b.message.rfind("type 36 nests deeper than ", 0), 0u) << b.message;
  // A struct may contain a pointer to itself through its name.
  Spec named;
  named.types = {{7, 32}, {25, 0}, {21, 0, 0, 1}, {19, 'n', 'o', 'd', 'e'}, {20, 0, 3, 0}};
  const ParseResult r = parse_bitcode(module_file(named));
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(type_name(r.file->modules[0], 3), "%node");
  EXPECT_EQ(struct_body(r.file->modules[0], 3), "{ %node, i32 }");
}

TEST(BitcodeModule, NotLlvmIrOrNoModule) {
  Writer w(0x12345678);
  EXPECT_EQ(error_of(w.finish()).code, Code::bad_magic);
  Writer empty(bitstream::kLlvmIrMagic);
  EXPECT_EQ(error_of(empty.finish()).code, Code::no_module);
}

// Inputs that would make per-record linear lookups quadratic, `scale`
// times over: 15,000 attribute groups referenced by one list, a function
// type with 100,000 parameters, 10,000 distinct block ids.
std::vector<uint8_t> hostile_module(uint32_t scale) {
  Writer w(bitstream::kLlvmIrMagic);
  w.enter_block(kModuleBlock, 3);
  const uint64_t version[] = {1};
  w.record(1, version);
  w.enter_block(kTypeBlock, 4);
  const uint64_t i32[] = {32};
  w.record(7, i32);
  std::vector<uint64_t> fn = {0, 0};
  fn.resize(2 + 100000 * scale, 0);
  w.record(21, fn);
  w.end_block();
  w.enter_block(kParamAttrGroupBlock, 3);
  std::vector<uint64_t> list;
  for (uint64_t g = 1; g <= 15000 * scale; ++g) {
    const uint64_t group[] = {g, 0xFFFFFFFF, 0, 18};
    w.record(3, group);
    list.push_back(g);
  }
  w.end_block();
  w.enter_block(kParamAttrBlock, 3);
  w.record(2, list);
  w.end_block();
  for (uint32_t id = 100; id < 100 + 10000 * scale; ++id) {
    w.enter_block(id, 2);
    w.end_block();
  }
  w.end_block();
  return w.finish();
}

// Twice the input takes at most twice the steps, and no more steps than
// the entries and operands the input holds.
TEST(BitcodeModule, HostileModulesStayLinear) {
  const ParseResult half = parse_bitcode(hostile_module(1));
  ASSERT_TRUE(half.ok()) << half.error->to_string();
  const std::vector<uint8_t> file = hostile_module(2);
  const ParseResult r = parse_bitcode(file);
  ASSERT_TRUE(r.ok()) << r.error->to_string();
  EXPECT_EQ(r.file->modules[0].block_counts.size(), 20003u);
  EXPECT_EQ(type_name(r.file->modules[0], 1).size(), 259u);  // cut at 256 characters + "..."
  EXPECT_LE(r.steps, 2 * half.steps);
  // A step per entry and per operand, and one for the stream's end: the
  // 20,004 blocks entered and ended, 30,004 records, and their operands
  // (the function type's 200,002, four per group, the list's 30,000, two
  // more).
  EXPECT_LE(r.steps, 2 * 20004u + 30004 + 200002 + 4 * 30000 + 30000 + 2 + 1);
}

// Kept operands are charged to the decode budget: 200,000 one-bit
// characters of a TRIPLE would otherwise become 1.6 MB of 64-bit values.
TEST(BitcodeModule, KeptOperandsAreChargedToTheBudget) {
  Writer w(bitstream::kLlvmIrMagic);
  w.enter_block(kModuleBlock, 3);
  const bitstream::AbbrevOp ops[] = {{bitstream::Encoding::literal, 2}, {bitstream::Encoding::array, 0},
                                     {bitstream::Encoding::fixed, 1}};
  const uint32_t id = w.define_abbrev(ops);
  w.record(id, 2, std::vector<uint64_t>(200000, 1));
  w.end_block();
  const Diagnostic d = error_of(w.finish());
  EXPECT_EQ(d.code, Code::decode_budget_exceeded);
  EXPECT_EQ(d.path, "blocks[0].MODULE_BLOCK.records[0]");
}

// Every file the build generated, and the DXIL bitcode of every external
// container, decodes without error; spot facts from their sources.
TEST(BitcodeModule, RealFilesDecode) {
  size_t files = 0;
  if (fs::is_directory(SP_BITCODE_DIR)) {
    for (const auto& e : fs::directory_iterator(SP_BITCODE_DIR)) {
      if (e.path().extension() != ".bc") continue;
      const ParseResult r = parse_bitcode(test::read_file(e.path()));
      ASSERT_TRUE(r.ok()) << e.path() << ": " << r.error->to_string();
      EXPECT_TRUE(r.warnings.empty()) << e.path() << ": " << r.warnings[0].to_string();
      ++files;
      const std::string name = e.path().filename().string();
      const Module& m = r.file->modules[0];
      if (name.starts_with("wrapped")) {
        EXPECT_TRUE(r.file->wrapped);
        EXPECT_EQ(m.triple, "x86_64-apple-macosx11.0.0");
      } else {
        EXPECT_EQ(m.triple, "x86_64-pc-linux-gnu") << name;
      }
      if (name.starts_with("multi")) {
        EXPECT_EQ(r.file->modules.size(), 3u);
      }
      if (name.find("hello.c") != std::string::npos) {
        bool has_main = false;
        for (const GlobalValue& g : m.globals) has_main |= g.name == "main" && g.kind == GlobalValue::Kind::function;
        EXPECT_TRUE(has_main) << name;
      }
    }
  }
  for (const auto& path : test::external_files("vkd3d-proton", ".dxbc")) {
    const auto bytes = test::read_file(path);
    dxc::ParseResult c = dxc::parse_container(bytes);
    if (!c.ok()) continue;
    for (const dxc::Part& p : c.container->parts) {
      const auto* program = dxc::content_if<dxc::Program>(p);
      if (program == nullptr) continue;
      const ParseResult r = parse_bitcode(program->bitcode);
      ASSERT_TRUE(r.ok()) << path << ": " << r.error->to_string();
      EXPECT_EQ(r.file->modules.at(0).triple, "dxil-ms-dx") << path;
      ++files;
    }
  }
  if (files == 0) GTEST_SKIP() << "no real bitcode (clang-22 and ../shared/external absent)";
}

// Every prefix of a real file is rejected (or is the bare magic); copies at
// offsets 1..15 describe the same.
TEST(BitcodeModule, TruncationAndAlignmentOfARealFile) {
  const fs::path path = fs::path(SP_BITCODE_DIR) / "clang-22.g.structs.c.bc";
  if (!fs::exists(path)) GTEST_SKIP() << "not generated";
  const auto file = test::read_file(path);
  const ParseResult whole = parse_bitcode(file);
  ASSERT_TRUE(whole.ok());
  const std::string reference = describe(*whole.file, whole.warnings).dump();
  for (size_t n = 0; n < file.size(); n += 1) {
    const ParseResult r = parse_bitcode(Bytes(file).first(n));
    EXPECT_FALSE(r.ok()) << n;
  }
  for (size_t shift = 1; shift < 16; ++shift) {
    std::vector<uint8_t> buf(shift + file.size());
    std::copy(file.begin(), file.end(), buf.begin() + static_cast<std::ptrdiff_t>(shift));
    const ParseResult r = parse_bitcode(Bytes(buf).subspan(shift));
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(describe(*r.file, r.warnings).dump(), reference) << shift;
  }
}

// Random damage to real files (a few bytes overwritten, or a cut) through
// every consumer: each run ends in a result, never a crash (the asan preset
// checks the memory side).
TEST(BitcodeModule, RandomDamageOfRealFilesEndsCleanly) {
  std::vector<std::vector<uint8_t>> files;
  for (const char* name : {"clang-22.g.structs.c.bc", "clang-14.O2.classes.cpp.bc", "wrapped.structs.c.bc", "multi.bc"}) {
    const fs::path p = fs::path(SP_BITCODE_DIR) / name;
    if (fs::exists(p)) files.push_back(test::read_file(p));
  }
  for (const auto& path : test::external_files("vkd3d-proton", ".dxbc")) {
    const auto bytes = test::read_file(path);
    dxc::ParseResult c = dxc::parse_container(bytes);
    if (!c.ok()) continue;
    for (const dxc::Part& p : c.container->parts)
      if (const auto* program = dxc::content_if<dxc::Program>(p)) files.emplace_back(program->bitcode.begin(), program->bitcode.end());
    if (files.size() > 8) break;
  }
  if (files.empty()) GTEST_SKIP() << "no real bitcode";
  uint64_t seed = 12345;
  auto next = [&] {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  size_t accepted = 0;
  for (int round = 0; round < 1500; ++round) {
    auto bytes = files[next() % files.size()];
    const int edits = 1 + static_cast<int>(next() % 4);
    for (int e = 0; e < edits; ++e) bytes[next() % bytes.size()] = static_cast<uint8_t>(next());
    if (next() % 4 == 0) bytes.resize(next() % bytes.size());
    const ParseResult r = parse_bitcode(bytes);
    if (r.ok()) {
      ++accepted;
      (void)describe(*r.file, r.warnings).dump();
    }
    Limits limits;
    Context ctx(limits, bytes.size());
    std::string out;
    (void)dump_bcanalyzer(bytes, ctx, out);
  }
  std::printf("%zu of 1500 damaged files still parsed\n", accepted);
}

}  // namespace
}  // namespace sp::bitcode
