#include "conformance/bitcode/metadata_cases.h"

#include "bitcode/metadata.h"

namespace sp::bitcode::build {

std::vector<uint64_t> record(uint32_t code, std::vector<uint64_t> ops) {
  ops.insert(ops.begin(), code);
  return ops;
}

std::vector<uint64_t> text_record(uint32_t code, std::string_view text) {
  std::vector<uint64_t> r = chars(text);
  r.insert(r.begin(), code);
  return r;
}

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

std::vector<MetadataCase> metadata_cases() {
  std::vector<MetadataCase> out;
  auto add = [&](std::string name, std::string what, auto change, std::optional<Code> code, std::string path) {
    ModuleSpec s = with_metadata();
    change(s);
    out.push_back({std::move(name), std::move(what), std::move(s), code, std::move(path)});
  };
  const std::string module = "blocks[1].MODULE_BLOCK.";
  const std::string metadata_block = module + "blocks[4].METADATA_BLOCK.";
  add("metadata_tuples_kinds_attachments", "tuples, a distinct cycle, named metadata, kinds and attachments",
      [](ModuleSpec&) {}, std::nullopt, "");
  add("metadata_strings_blob_forward_reference", "LLVM 22's strings blob (an empty string too) and a forward reference",
      [](ModuleSpec& s) {
        s = ModuleSpec{};
        s.metadata_strings = {"a", "bc", ""};  // !0, !1, !2
        s.metadata = {record(kMdNode, {5}),    // !3 = !{!4}
                      record(kMdNode, {1, 2}), text_record(kMdName, "n"), record(kMdNamedNode, {4})};
      },
      std::nullopt, "");
  add("metadata_chain_300", "300 tuples, each naming the next: nothing walks the graph",
      [](ModuleSpec& s) {
        s = ModuleSpec{};
        for (uint64_t i = 0; i < 300; ++i) s.metadata.push_back(i + 1 < 300 ? record(kMdNode, {i + 2}) : record(kMdNode, {}));
        s.metadata.push_back(text_record(kMdName, "chain"));
        s.metadata.push_back(record(kMdNamedNode, {0}));
      },
      std::nullopt, "");
  add("metadata_unknown_record", "a record code LLVM 22 does not know, skipped as LLVM skips it",
      [](ModuleSpec& s) { s.metadata.insert(s.metadata.begin(), record(50, {1, 2})); }, std::nullopt, "");
  add("metadata_operand_past_the_last", "a tuple operand past the last metadata",
      [](ModuleSpec& s) { s.metadata[2] = record(kMdNode, {9}); }, Code::invalid_reference, module + "metadata[2]");
  add("metadata_named_node_is_a_string", "named metadata naming a string",
      [](ModuleSpec& s) { s.metadata[5] = record(kMdNamedNode, {0}); }, Code::invalid_reference,
      module + "named_metadata[0]");
  add("metadata_named_node_past_the_last", "named metadata past the last metadata",
      [](ModuleSpec& s) { s.metadata[5] = record(kMdNamedNode, {4}); }, Code::invalid_reference,
      module + "named_metadata[0]");
  add("metadata_name_then_another_record", "NAME followed by another record than NAMED_NODE",
      [](ModuleSpec& s) { s.metadata.insert(s.metadata.begin() + 5, record(kMdNode, {})); }, Code::invalid_record,
      metadata_block + "records[5]");
  add("metadata_name_ends_the_block", "NAME ending its block", [](ModuleSpec& s) { s.metadata.pop_back(); },
      Code::invalid_record, metadata_block + "records[4]");
  add("metadata_named_node_without_name", "NAMED_NODE without NAME",
      [](ModuleSpec& s) { s.metadata.erase(s.metadata.begin() + 4); }, Code::invalid_record,
      metadata_block + "records[4]");
  add("metadata_kind_twice", "a kind defined twice",
      [](ModuleSpec& s) { s.metadata_kinds.push_back(text_record(kMdKind, "\x01x")); }, Code::invalid_record,
      module + "blocks[5].METADATA_KIND_BLOCK.records[2]");
  add("metadata_value_type_past_the_table", "a VALUE of a type past the table",
      [](ModuleSpec& s) { s.metadata[1] = record(kMdValue, {3, 2}); }, Code::invalid_reference,
      metadata_block + "records[1]");
  add("metadata_value_of_a_label", "a VALUE of a label type",
      [](ModuleSpec& s) {
        s.types.push_back({5});  // label
        s.metadata[1] = record(kMdValue, {3, 2});
      },
      Code::invalid_record, metadata_block + "records[1]");
  add("metadata_value_past_the_module_values", "a VALUE naming no module value",
      [](ModuleSpec& s) { s.metadata[1] = record(kMdValue, {0, 4}); }, Code::invalid_reference,
      module + "metadata[1]");
  add("metadata_debug_record_without_operands", "a LOCATION record without operands",
      [](ModuleSpec& s) { s.metadata.push_back(record(kMdLocation, {})); }, Code::invalid_record,
      metadata_block + "records[6]");
  add("metadata_attachment_kind_undefined", "an attachment of an undefined kind",
      [](ModuleSpec& s) { s.attachments[1] = record(kMdAttachment, {7, 3}); }, Code::invalid_reference,
      module + "metadata_attachments[1]");
  add("metadata_attachment_instruction_past_the_function", "an attachment to an instruction past the function's",
      [](ModuleSpec& s) { s.attachments[0] = record(kMdAttachment, {2, 1, 4}); }, Code::invalid_reference,
      module + "blocks[6].FUNCTION_BLOCK.blocks[1].METADATA_ATTACHMENT_BLOCK.records[0]");
  add("metadata_attachment_of_a_string", "an attachment of a string",
      [](ModuleSpec& s) { s.attachments[1] = record(kMdAttachment, {0, 0}); }, Code::invalid_reference,
      module + "metadata_attachments[1]");
  add("metadata_attachment_past_the_function_metadata", "an attachment past the function's metadata",
      [](ModuleSpec& s) { s.attachments[1] = record(kMdAttachment, {0, 5}); }, Code::invalid_reference,
      module + "metadata_attachments[1]");
  add("metadata_function_node_past_the_last", "a function's tuple past its metadata",
      [](ModuleSpec& s) { s.function_metadata[0] = record(kMdNode, {6}); }, Code::invalid_reference,
      module + "function_bodies[0].metadata[0]");
  add("metadata_global_attachment_to_no_global", "a global attachment naming no global value",
      [](ModuleSpec& s) { s.metadata.push_back(record(kMdGlobalDeclAttachment, {2, 0, 3})); },
      Code::invalid_reference, module + "metadata_attachments[0]");
  add("metadata_strings_offset_past_the_blob", "a strings blob whose characters' offset leaves it",
      [](ModuleSpec& s) {
        s.metadata_strings = {"a", "b"};
        s.metadata_strings_offset = 4096;
      },
      Code::invalid_metadata_strings, metadata_block + "records[0]");
  add("metadata_strings_count_past_the_lengths", "a strings blob counting more strings than it has lengths",
      [](ModuleSpec& s) {
        s.metadata_strings = {"a", "b"};
        s.metadata_strings_count = 1000;
      },
      Code::invalid_metadata_strings, metadata_block + "records[0]");
  return out;
}

}  // namespace sp::bitcode::build
