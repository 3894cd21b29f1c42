// The IR layer's metadata (parsers/bitcode/metadata.h): numbered as LLVM
// numbers it, references checked when the module or function ends (forward
// ones and cycles are legal), and every real module's named metadata read.
#include <gtest/gtest.h>

#include "bitcode/describe.h"
#include "bitcode/module.h"
#include "conformance/bitcode/module_builder.h"
#include "dxcontainer/container.h"
#include "support/test_files.h"

namespace sp::bitcode {
namespace {

using build::chars;
using build::module_file;
using build::ModuleSpec;
using build::Records;

std::vector<uint64_t> record(uint32_t code, std::vector<uint64_t> ops) {
  ops.insert(ops.begin(), code);
  return ops;
}

std::vector<uint64_t> text_record(uint32_t code, std::string_view text) {
  std::vector<uint64_t> r = chars(text);
  r.insert(r.begin(), code);
  return r;
}

// !0 = !"main", !1 = i32 -5, !2 = !{!"main", i32 -5, null},
// !3 = distinct !{!3} (a cycle), !dx.entryPoints = !{!2}; kinds dbg and
// tbaa; a function of two instructions with its own !4 = !{!0}, the
// second instruction's !tbaa !4 and the function's !dbg !3.
ModuleSpec with_metadata() {
  ModuleSpec s;
  s.metadata = {text_record(kMdStringOld, "main"),
                record(kMdValue, {0, 2}),
                record(kMdNode, {1, 2, 0}),
                record(kMdDistinctNode, {4}),
                text_record(kMdName, "dx.entryPoints"),
                record(kMdNamedNode, {2})};
  s.metadata_kinds = {text_record(kMdKind, std::string("\0dbg", 4)), text_record(kMdKind, "\x01tbaa")};
  s.instructions = {record(10, {}), record(10, {})};  // two INST_RETs
  s.function_metadata = {record(kMdNode, {1})};
  s.attachments = {record(kMdAttachment, {1, 1, 4}), record(kMdAttachment, {0, 3})};
  return s;
}

Module read(const ModuleSpec& s) {
  ParseResult r = parse_bitcode(module_file(s));
  EXPECT_TRUE(r.ok()) << r.error->to_string();
  return r.ok() ? std::move(r.file->modules.at(0)) : Module{};
}

Diagnostic error_of(const ModuleSpec& s) {
  ParseResult r = parse_bitcode(module_file(s));
  EXPECT_FALSE(r.ok()) << "parsed";
  return r.error.value_or(Diagnostic{});
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

struct Broken {
  std::string what;
  ModuleSpec spec;
  Code code;
  std::string path;
};

std::vector<Broken> broken_modules() {
  std::vector<Broken> out;
  auto add = [&](std::string what, auto change, Code code, std::string path) {
    ModuleSpec s = with_metadata();
    change(s);
    out.push_back({std::move(what), std::move(s), code, std::move(path)});
  };
  const std::string module = "blocks[1].MODULE_BLOCK.";
  const std::string metadata_block = module + "blocks[4].METADATA_BLOCK.";
  add("a node operand past the last metadata", [](ModuleSpec& s) { s.metadata[2] = record(kMdNode, {9}); },
      Code::invalid_reference, module + "metadata[2]");
  add("named metadata naming a string", [](ModuleSpec& s) { s.metadata[5] = record(kMdNamedNode, {0}); },
      Code::invalid_reference, module + "named_metadata[0]");
  add("named metadata past the last metadata", [](ModuleSpec& s) { s.metadata[5] = record(kMdNamedNode, {4}); },
      Code::invalid_reference, module + "named_metadata[0]");
  add("NAME followed by another record",
      [](ModuleSpec& s) { s.metadata.insert(s.metadata.begin() + 5, record(kMdNode, {})); }, Code::invalid_record,
      metadata_block + "records[5]");
  add("NAME ending the block", [](ModuleSpec& s) { s.metadata.pop_back(); }, Code::invalid_record,
      metadata_block + "records[4]");
  add("NAMED_NODE without NAME", [](ModuleSpec& s) { s.metadata.erase(s.metadata.begin() + 4); },
      Code::invalid_record, metadata_block + "records[4]");
  add("a kind defined twice", [](ModuleSpec& s) { s.metadata_kinds.push_back(text_record(kMdKind, "\x01x")); },
      Code::invalid_record, module + "blocks[5].METADATA_KIND_BLOCK.records[2]");
  add("a VALUE of a type past the table", [](ModuleSpec& s) { s.metadata[1] = record(kMdValue, {3, 2}); },
      Code::invalid_reference, metadata_block + "records[1]");
  add("a VALUE of a label type",
      [](ModuleSpec& s) {
        s.types.push_back({5});  // label
        s.metadata[1] = record(kMdValue, {3, 2});
      },
      Code::invalid_record, metadata_block + "records[1]");
  add("a VALUE naming no module value", [](ModuleSpec& s) { s.metadata[1] = record(kMdValue, {0, 4}); },
      Code::invalid_reference, module + "metadata[1]");
  add("a debug-info record without operands", [](ModuleSpec& s) { s.metadata.push_back(record(7, {})); },
      Code::invalid_record, metadata_block + "records[6]");
  add("an attachment of an undefined kind", [](ModuleSpec& s) { s.attachments[1] = record(kMdAttachment, {7, 3}); },
      Code::invalid_reference, module + "metadata_attachments[1]");
  add("an attachment to an instruction past the function's",
      [](ModuleSpec& s) { s.attachments[0] = record(kMdAttachment, {2, 1, 4}); }, Code::invalid_reference,
      module + "blocks[6].FUNCTION_BLOCK.blocks[1].METADATA_ATTACHMENT_BLOCK.records[0]");
  add("an attachment of a string", [](ModuleSpec& s) { s.attachments[1] = record(kMdAttachment, {0, 0}); },
      Code::invalid_reference, module + "metadata_attachments[1]");
  add("an attachment past the function's metadata",
      [](ModuleSpec& s) { s.attachments[1] = record(kMdAttachment, {0, 5}); }, Code::invalid_reference,
      module + "metadata_attachments[1]");
  add("a function's node past its metadata", [](ModuleSpec& s) { s.function_metadata[0] = record(kMdNode, {6}); },
      Code::invalid_reference, module + "function_bodies[0].metadata[0]");
  add("a global attachment to no global",
      [](ModuleSpec& s) { s.metadata.push_back(record(kMdGlobalDeclAttachment, {2, 0, 3})); },
      Code::invalid_reference, module + "metadata_attachments[0]");
  return out;
}

TEST(BitcodeMetadata, BrokenReferencesAndOrderAreErrorsNamingTheRecord) {
  for (const Broken& b : broken_modules()) {
    const Diagnostic d = error_of(b.spec);
    EXPECT_EQ(d.code, b.code) << b.what << ": " << d.to_string();
    EXPECT_EQ(d.path, b.path) << b.what;
    EXPECT_EQ(d.unit, OffsetUnit::bit) << b.what;
  }
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
