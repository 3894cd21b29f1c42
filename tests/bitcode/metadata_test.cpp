// The IR layer's metadata (parsers/bitcode/metadata.h): numbered as LLVM
// numbers it, references checked when the module or function ends (forward
// ones and cycles are legal), and every real module's named metadata read.
#include <gtest/gtest.h>

#include "bitcode/describe.h"
#include "bitcode/module.h"
#include "bitcode/names.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"
#include "conformance/bitcode/metadata_cases.h"
#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::bitcode {
namespace {

using build::chars;
using build::module_file;
using build::ModuleSpec;
using build::record;
using build::text_record;
using build::with_metadata;

Module read(const ModuleSpec& s) {
  ParseResult r = parse_bitcode(module_file(s));
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  return r.ok() ? std::move(r.file->modules.at(0)) : Module{};
}

TEST(BitcodeMetadata, NodesNamedMetadataKindsAndAttachments) {
  const Module m = read(with_metadata());
  const ModuleMetadata& md = m.metadata;
  ASSERT_EQ(md.nodes.size(), 4u);
  EXPECT_EQ(md.nodes[0].string, "main");
  EXPECT_TRUE(md.nodes[2].is_tuple());
  EXPECT_TRUE(md.nodes[3].distinct);
  ASSERT_NE(md.find_named("dx.entryPoints"), nullptr);
  EXPECT_EQ(md.find_named("dx.entryPoints")->nodes, std::vector<uint64_t>{2});
  ASSERT_EQ(md.kinds.size(), 2u);
  EXPECT_EQ(md.find_kind(1)->name, "tbaa");
  EXPECT_EQ(md.find_kind(2), nullptr);
  ASSERT_EQ(md.attachments.size(), 2u);
  EXPECT_EQ(md.attachments[0].to, MetadataAttachment::To::instruction);
  EXPECT_EQ(md.attachments[0].instruction, 1u);
  EXPECT_EQ(md.attachments[1].to, MetadataAttachment::To::function);
  EXPECT_EQ(md.function_local, 1u);
  const auto j = describe_metadata(m);
  EXPECT_EQ(j["named"][0]["nodes"][0]["operands"].dump(), R"(["!\"main\"","i32 -5",null])");
  EXPECT_EQ(j["nodes"][2]["operands"].dump(), R"(["!3"])");
  EXPECT_EQ(j["attachments"][0]["attachments"].dump(), R"({"tbaa":"!4"})");
}

TEST(BitcodeMetadata, ForwardReferencesAndStringsBlobNumberAsLlvmDoes) {
  ModuleSpec s;
  s.metadata_strings = {"a", "bc", ""};  // !0, !1, !2 (empty, still a string)
  s.metadata = {record(kMdNode, {5}),  // !3 = !{!4}, a forward reference
                record(kMdNode, {1, 2}), text_record(kMdName, "n"), record(kMdNamedNode, {4})};
  const Module m = read(s);
  ASSERT_EQ(m.metadata.nodes.size(), 5u);
  EXPECT_EQ(m.metadata.nodes[1].string, "bc");
  EXPECT_EQ(describe_metadata(m)["named"][0]["nodes"][0]["operands"].dump(), R"(["!\"a\"","!\"bc\""])");
}

TEST(BitcodeMetadata, UnknownRecordsAreIgnoredAsLlvmIgnoresThem) {
  ModuleSpec s;
  s.metadata = {record(50, {1, 2}), record(kMdNode, {})};
  const Module m = read(s);
  EXPECT_EQ(m.metadata.ignored_records, 1u);
  EXPECT_EQ(m.metadata.nodes.size(), 1u);
}

// A kind block and an attachment block hold their own records only: a
// node there is neither a node nor an attachment, as LLVM skips it.
TEST(BitcodeMetadata, OtherRecordsInKindAndAttachmentBlocksAreSkipped) {
  ModuleSpec s = build::with_metadata();
  s.metadata_kinds.push_back(record(kMdNode, {1}));
  s.attachments.push_back(record(kMdNode, {1}));
  const Module m = read(s);
  EXPECT_EQ(m.metadata.nodes.size(), 4u);
  EXPECT_EQ(m.metadata.kinds.size(), 2u);
  EXPECT_EQ(m.metadata.attachments.size(), 2u);
}

// A VALUE names a type of the module's table and one of its values: the
// last of each is in range, one past it is not.
TEST(BitcodeMetadata, ValuesNameTheLastTypeAndValueButNoneBeyond) {
  ModuleSpec s;  // types i32, ptr, i32 (ptr); values: 2 globals, 2 constants
  s.metadata = {record(kMdValue, {0, 3}), record(kMdValue, {1, 0})};
  EXPECT_EQ(read(s).metadata.nodes.size(), 2u);
  for (const auto& [value, message] : {std::pair{std::vector<uint64_t>{3, 2}, "VALUE's type 3 of 3"},
                                       std::pair{std::vector<uint64_t>{0, 4}, "value 4 of the module's 4"}}) {
    s.metadata = {record(kMdValue, value)};
    const ParseResult r = parse_bitcode(module_file(s));
    ASSERT_FALSE(r.ok()) << value[0] << " " << value[1];
    EXPECT_EQ(r.error->code, Code::invalid_reference) << r.error->to_string();
    EXPECT_NE(r.error->message.find(message), std::string::npos) << r.error->to_string();
  }
}

// An attachment names a kind the kind block defined: the last one is
// found, an id no KIND gave is not.
TEST(BitcodeMetadata, AttachmentsNameDefinedKindsOnly) {
  ModuleSpec s = build::with_metadata();
  s.attachments = {record(kMdAttachment, {1, 1, 4})};  // tbaa, the last kind
  EXPECT_EQ(read(s).metadata.attachments.size(), 1u);
  s.attachments = {record(kMdAttachment, {1, 2, 4})};  // kind 2: none
  const ParseResult r = parse_bitcode(module_file(s));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::invalid_reference) << r.error->to_string();
}

// A global's attachment (GLOBAL_DECL_ATTACHMENT) must name a tuple of
// the module's metadata, and the error says how many there are: here !0
// to !3, of which !0 is a string and !1 a value.
TEST(BitcodeMetadata, AGlobalAttachmentNamesATupleOfTheModule) {
  ModuleSpec s = with_metadata();
  s.metadata.push_back(record(kMdGlobalDeclAttachment, {0, 1, 3}));  // global 0, tbaa, !3
  EXPECT_EQ(read(s).globals.size(), 2u);
  for (const uint64_t node : {uint64_t{0}, uint64_t{1}, uint64_t{4}}) {
    s.metadata.back() = record(kMdGlobalDeclAttachment, {0, 1, node});
    const ParseResult r = parse_bitcode(module_file(s));
    ASSERT_FALSE(r.ok()) << node;
    EXPECT_EQ(r.error->code, Code::invalid_reference);
    EXPECT_EQ(r.error->message, "!" + std::to_string(node) + " is not a metadata node of the 4");
  }
}

// A tuple operand is the metadata id + 1 (0 is null): the error names
// the id the operand means, against how many there are, for a module's
// tuple and for a function's (numbered after the module's four).
TEST(BitcodeMetadata, AnOperandPastTheLastIsNamedByItsId) {
  ModuleSpec s = with_metadata();
  s.metadata[2] = record(kMdNode, {9});
  ParseResult r = parse_bitcode(module_file(s));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->message, "operand !8 of 4 metadata");
  EXPECT_EQ(r.error->path, "blocks[1].MODULE_BLOCK.metadata[2]");
  s = with_metadata();
  s.function_metadata[0] = record(kMdNode, {6});
  r = parse_bitcode(module_file(s));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->message, "operand !5 of 5 metadata");
  EXPECT_EQ(r.error->path, "blocks[1].MODULE_BLOCK.function_bodies[0].metadata[0]");
}

// An attachment indexes the function's instructions: every FUNCTION_BLOCK
// record makes one but DECLAREBLOCKS, the debug-location ones and the
// debug records (61 to 66); a code past those (a newer LLVM's
// instruction) counts as an instruction too.
TEST(BitcodeMetadata, AttachmentsCountEveryRecordThatMakesAnInstruction) {
  ModuleSpec s = with_metadata();
  s.instructions = {record(10, {}), record(61, {}), record(65, {}), record(66, {}), record(67, {})};  // two instructions
  s.attachments[0] = record(kMdAttachment, {1, 1, 4});
  EXPECT_EQ(read(s).metadata.attachments.at(0).instruction, 1u);
  s.attachments[0] = record(kMdAttachment, {2, 1, 4});
  const ParseResult r = parse_bitcode(module_file(s));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->code, Code::invalid_reference);
  EXPECT_EQ(r.error->message, "instruction 2 of the function's 2");
}

// A module whose METADATA_BLOCK holds one METADATA_STRINGS record of
// `ops` (each a vbr6 of the abbreviation) and `blob`.
std::vector<uint8_t> strings_module(const std::vector<uint64_t>& ops, const std::vector<uint8_t>& blob) {
  bitstream::Writer w(bitstream::kLlvmIrMagic);
  w.enter_block(kModuleBlock, 3);
  w.enter_block(kMetadataBlock, 4);
  std::vector<bitstream::AbbrevOp> abbrev = {{bitstream::Encoding::literal, kMdStrings}};
  for (size_t i = 0; i < ops.size(); ++i) abbrev.push_back({bitstream::Encoding::vbr, 6});
  abbrev.push_back({bitstream::Encoding::blob, 0});
  const uint32_t id = w.define_abbrev(abbrev);
  w.record(id, kMdStrings, ops, blob);
  w.end_block();
  w.end_block();
  return w.finish();
}

// METADATA_STRINGS is [count, offset] and a blob of vbr6 lengths, then
// the characters: each way of breaking it is refused at the record with
// the problem named.
TEST(BitcodeMetadata, AStringsRecordBrokenInEachWayIsRefused) {
  const std::vector<uint8_t> abc = {0x03, 0, 0, 0, 'a', 'b', 'c'};  // one length, 3, padded to 32 bits
  const ParseResult good = parse_bitcode(strings_module({1, 4}, abc));
  ASSERT_TRUE(good.ok()) << good.error->to_string();
  EXPECT_EQ(good.file->modules.at(0).metadata.nodes.at(0).string, "abc");
  struct Broken {
    std::vector<uint64_t> ops;
    std::vector<uint8_t> blob;
    std::string message;
  };
  const std::vector<Broken> cases = {
      {{0, 0}, {}, "empty blob"},
      {{1, 4, 0}, abc, "METADATA_STRINGS needs 2 operands"},
      {{1, 4}, {0xFF, 0xFF, 0xFF, 0xFF, 'a', 'b', 'c'}, "the lengths run out before the strings"},  // a chain of continuations
      {{0, 4}, abc, "no strings"},
      {{1, 2}, {0x04, 0, 'a', 'b', 'c'}, "a string runs past the blob"},
  };
  for (const Broken& b : cases) {
    const ParseResult r = parse_bitcode(strings_module(b.ops, b.blob));
    ASSERT_FALSE(r.ok()) << b.message;
    EXPECT_EQ(r.error->code, Code::invalid_metadata_strings) << b.message;
    EXPECT_EQ(r.error->message, b.message);
    EXPECT_EQ(r.error->path, "blocks[0].MODULE_BLOCK.blocks[0].METADATA_BLOCK.records[0]") << b.message;
  }
}

// The suite's metadata cases (conformance/bitcode/metadata_cases.h): the
// valid ones read, each broken one ends in its code at its record.
TEST(BitcodeMetadata, EveryMetadataCaseEndsAsItSays) {
  size_t broken = 0;
  for (const build::MetadataCase& c : build::metadata_cases()) {
    ParseResult r = parse_bitcode(module_file(c.spec));
    if (!c.error) {
      EXPECT_TRUE(r.ok()) << c.what << ": " << r.error->to_string();
      continue;
    }
    ASSERT_FALSE(r.ok()) << c.what;
    EXPECT_EQ(r.error->code, *c.error) << c.what << ": " << r.error->to_string();
    EXPECT_EQ(r.error->path, c.path) << c.what;
    EXPECT_EQ(r.error->unit, OffsetUnit::bit) << c.what;
    ++broken;
  }
  EXPECT_EQ(broken, 19u);
}

// Every DXIL module the shared dxc containers hold: its DXIL named
// metadata is there and points at tuples.
TEST(BitcodeMetadata, EveryRealDxilModuleNamesItsShaderModelAndEntryPoints) {
  size_t modules = 0;
  for (const auto& path : test::external_files("vkd3d-proton", ".dxbc")) {
    const auto file = test::read_file(path);
    const dxc::ParseResult c = dxc::parse_container(file);
    ASSERT_TRUE(c.ok()) << path;
    for (const dxc::Part& p : c.container->parts) {
      const auto* program = dxc::content_if<dxc::Program>(p);  // DXIL, ILDB
      if (program == nullptr) continue;
      const ParseResult r = parse_bitcode(program->bitcode);
      ASSERT_TRUE(r.ok()) << path << ": " << r.error->to_string();
      const ModuleMetadata& md = r.file->modules.at(0).metadata;
      for (const char* name : {"dx.version", "dx.shaderModel", "dx.entryPoints"}) {
        const NamedMetadata* n = md.find_named(name);
        ASSERT_NE(n, nullptr) << path << ": " << name;
        ASSERT_FALSE(n->nodes.empty()) << path << ": " << name;
        EXPECT_TRUE(md.nodes.at(n->nodes[0]).is_tuple()) << path << ": " << name;
      }
      ++modules;
    }
  }
  if (modules == 0) GTEST_SKIP() << "no ../shared/external/vkd3d-proton";
  EXPECT_EQ(modules, 82u);
}

}  // namespace
}  // namespace sp::bitcode
