// Metadata records (metadata_reader.h), checked as LLVM 22's MetadataLoader
// checks them where it reports "Invalid record" and friends, and stricter
// where it would index past what was defined.
#include "bitcode/metadata_reader.h"

#include <algorithm>

#include "bitcode/metadata_strings.h"
#include "bitcode/names.h"
#include "bitcode/record_chars.h"
#include "core/strings.h"

namespace sp::bitcode {
namespace {

using bitstream::Reader;

// FUNCTION_BLOCK records that make no instruction (LLVMBitCodes.h:
// DECLAREBLOCKS, DEBUG_LOC_AGAIN, DEBUG_LOC, OPERAND_BUNDLE,
// BLOCKADDR_USERS and the debug records from 61): every other one adds to
// the list an instruction attachment indexes.
constexpr bool makes_instruction(uint32_t code) {
  return code != 1 && code != 33 && code != 35 && code != 55 && code != 60 && (code < 61 || code > 66);
}

// Records that define the next metadata id (MetadataLoader's NextMetadataNo++),
// besides STRINGS, which defines one per string.
constexpr bool defines_metadata(uint32_t code) {
  switch (code) {
    case kMdStringOld: case kMdValue: case kMdNode: case kMdDistinctNode: case kMdLocation: case kMdOldNode:
    case kMdOldFnNode: case kMdArgList:
      return true;
    default:
      // The debug-info records: GENERIC_DEBUG (12) to MACRO_FILE (34),
      // GLOBAL_VAR_EXPR (37), LABEL (40) to FIXED_POINT_TYPE (49) without
      // the reserved 42 and 43 and ARG_LIST.
      return (code >= 12 && code <= 34) || code == 37 || (code >= 40 && code <= 49 && code != 42 && code != 43);
  }
}

std::string ull(uint64_t v) { return std::to_string(v); }

Metadata entry(uint32_t code, std::span<const uint64_t> operands, bool distinct = false) {
  Metadata e;
  e.code = code;
  e.distinct = distinct;
  e.operands.assign(operands.begin(), operands.end());
  return e;
}

Metadata string_entry(uint32_t code, std::string text, uint64_t record_bit = 0) {
  Metadata e;
  e.code = code;
  e.string = FileString(std::move(text));
  e.record_bit = record_bit;
  return e;
}

}  // namespace

bool MetadataReader::reject(const Reader& r, Code code, std::string message) {
  return ctx_.fail_at_bit(code, r.record().start_bit, FieldPath::root(r.record_path()), std::move(message));
}

bool MetadataReader::fail(Code code, uint64_t bit, const Module& m, const std::string& field, std::string message) {
  const std::string where = "blocks[" + ull(m.block_index) + "].MODULE_BLOCK." + field;
  return ctx_.fail_at_bit(code, bit, FieldPath::root(where), std::move(message));
}

void MetadataReader::begin_module() {
  pending_name_.reset();
  function_ = 0;
  instructions_ = 0;
  kind_ids_.clear();
}

void MetadataReader::begin_function(const Module& m) {
  ++function_;
  instructions_ = 0;
  local_.clear();
  first_attachment_ = m.metadata.attachments.size();
}

bool MetadataReader::end_function(Module& m) {
  ModuleMetadata& md = m.metadata;
  const uint64_t count = md.nodes.size() + local_.size();
  auto at = [&](uint64_t id) -> const Metadata& {
    return id < md.nodes.size() ? md.nodes[id] : local_[id - md.nodes.size()];
  };
  const std::string function = "function_bodies[" + ull(function_ - 1) + "]";
  for (size_t i = 0; i < local_.size(); ++i) {
    if (!local_[i].is_tuple()) continue;
    for (uint64_t op : local_[i].operands)
      if (op > count)
        return fail(Code::invalid_reference, local_[i].record_bit, m, function + ".metadata[" + ull(i) + "]",
                    "operand !" + ull(op - 1) + " of " + ull(count) + " metadata");
  }
  for (size_t i = first_attachment_; i < md.attachments.size(); ++i)
    for (const auto& [kind, node] : md.attachments[i].kinds)
      if (node >= count || !at(node).is_node())
        return fail(Code::invalid_reference, md.attachments[i].record_bit, m,
                    "metadata_attachments[" + ull(i) + "]",
                    "!" + ull(node) + " is not a metadata node of the function's " + ull(count));
  md.function_local += local_.size();
  local_.clear();
  return true;
}

void MetadataReader::function_record(uint32_t code) {
  if (makes_instruction(code)) ++instructions_;
}

bool MetadataReader::record(const Reader& r, Module& m, uint32_t block, bool module_level) {
  if (block == kMetadataKindBlock) return kind(r, m);
  if (block == kMetadataAttachmentBlock) return attachment(r, m);
  // A function's METADATA_BLOCK holds what only that function uses: its
  // local values (VALUE of an argument or instruction, ARG_LIST) and, from
  // LLVM 3.9 on, the nodes and strings only its instructions name, numbered
  // after the module's and gone when the function ends.
  return metadata_record(r, m, module_level ? m.metadata.nodes : local_);
}

bool MetadataReader::metadata_record(const Reader& r, Module& m, std::vector<Metadata>& into) {
  const bitstream::Record& rec = r.record();
  ModuleMetadata& md = m.metadata;
  auto bad = [&](Code code, std::string message) { return reject(r, code, std::move(message)); };
  if (pending_name_ && rec.code != kMdNamedNode)
    return bad(Code::invalid_record, "NAME is not followed by its NAMED_NODE");
  auto add = [&](Metadata entry) {
    entry.record_bit = rec.start_bit;
    into.push_back(std::move(entry));
    // Each entry costs more than its operands: charged like one.
    return ctx_.charge_at_bit(1, rec.start_bit, [&] { return r.record_path(); });
  };
  switch (rec.code) {
    case kMdStringOld:
      return add(string_entry(rec.code, record_chars(rec.ops)));
    case kMdStrings: {
      if (!rec.has_blob) return bad(Code::invalid_metadata_strings, "METADATA_STRINGS without its blob");
      // Each length takes at least 6 bits of the blob before the
      // characters: a count they cannot hold is malformed before anything
      // is charged or kept for it.
      const uint64_t count = rec.ops.empty() ? 0 : static_cast<uint32_t>(rec.ops[0]);
      const uint64_t lengths = rec.ops.size() < 2 ? 0 : std::min<uint64_t>(static_cast<uint32_t>(rec.ops[1]), rec.blob.size());
      if (count > lengths * 8 / 6)
        return bad(Code::invalid_metadata_strings,
                   strprintf("%llu strings need more lengths than the blob's first %llu bytes hold",
                             static_cast<unsigned long long>(count), static_cast<unsigned long long>(lengths)));
      if (!ctx_.charge_at_bit(count, rec.start_bit, [&] { return r.record_path(); })) return false;
      const std::string_view problem = for_each_metadata_string(rec.ops, rec.blob, [&](Bytes s) {
        into.push_back(string_entry(kMdStrings, std::string(s.begin(), s.end()), rec.start_bit));
      });
      return problem.empty() || bad(Code::invalid_metadata_strings, std::string(problem));
    }
    case kMdValue: {
      // LLVM: [type, value]; a metadata, void or label type is invalid.
      if (rec.ops.size() != 2) return bad(Code::invalid_record, "VALUE needs its type and value id");
      if (rec.ops[0] >= m.types.size())
        return bad(Code::invalid_reference, "VALUE's type " + ull(rec.ops[0]) + " of " + ull(m.types.size()));
      const TypeKind k = m.types[rec.ops[0]].kind;
      if (k == TypeKind::metadata || k == TypeKind::void_ || k == TypeKind::label)
        return bad(Code::invalid_record, "VALUE of a metadata, void or label type");
      return add(entry(rec.code, rec.ops));
    }
    case kMdNode:
    case kMdDistinctNode:
      return add(entry(rec.code, rec.ops, rec.code == kMdDistinctNode));
    case kMdName:
      pending_name_ = FileString(record_chars(rec.ops));
      pending_name_bit_ = rec.start_bit;
      pending_name_path_ = r.record_path();
      return true;
    case kMdNamedNode:
      if (!pending_name_) return bad(Code::invalid_record, "NAMED_NODE without a NAME before it");
      md.named.push_back(NamedMetadata{std::move(*pending_name_), {rec.ops.begin(), rec.ops.end()}, rec.start_bit});
      pending_name_.reset();
      return true;
    case kMdKind:
      return kind(r, m);
    case kMdGlobalDeclAttachment: {
      // [value id, n x [kind, metadata]]
      if (rec.ops.size() < 3 || rec.ops.size() % 2 == 0)
        return bad(Code::invalid_record, "GLOBAL_DECL_ATTACHMENT needs a value id and pairs of kind and node");
      MetadataAttachment a;
      a.to = MetadataAttachment::To::global;
      a.global = rec.ops[0];
      a.record_bit = rec.start_bit;
      for (size_t i = 1; i + 1 < rec.ops.size(); i += 2) a.kinds.emplace_back(rec.ops[i], rec.ops[i + 1]);
      md.attachments.push_back(std::move(a));
      return true;
    }
    case kMdIndexOffset:
    case kMdIndex:
      return true;  // LLVM's lazy-loading index: where records are, not what
    default:
      if (!defines_metadata(rec.code)) {
        ++md.ignored_records;  // as LLVM 22, which skips codes it does not know
        return true;
      }
      // Debug-info and legacy records, kept typed with their operands; the
      // debug-info ones say in their first operand's low bit whether they
      // are distinct (LOCATION, GENERIC_DEBUG and the DI* records alike).
      if (rec.ops.empty() && rec.code != kMdArgList && rec.code != kMdOldNode && rec.code != kMdOldFnNode)
        return bad(Code::invalid_record, std::string(metadata_record_name(rec.code)) + " without operands");
      const bool debug_info = rec.code != kMdArgList && rec.code != kMdOldNode && rec.code != kMdOldFnNode;
      return add(entry(rec.code, rec.ops, debug_info && (rec.ops[0] & 1) != 0));
  }
}

bool MetadataReader::kind(const Reader& r, Module& m) {
  const bitstream::Record& rec = r.record();
  if (rec.code != kMdKind) return true;
  if (rec.ops.size() < 2) return reject(r, Code::invalid_record, "KIND needs an id and a name");
  // LLVM: "Conflicting METADATA_KIND records" for an id given twice.
  if (!kind_ids_.insert(rec.ops[0]).second)
    return reject(r, Code::invalid_record, "kind " + ull(rec.ops[0]) + " is defined twice");
  m.metadata.kinds.push_back(MetadataKind{rec.ops[0], FileString(record_chars(rec.ops.subspan(1)))});
  return true;
}

bool MetadataReader::attachment(const Reader& r, Module& m) {
  const bitstream::Record& rec = r.record();
  if (rec.code != kMdAttachment) return true;
  // [instruction id?, n x [kind, node]]: an odd count names an instruction.
  if (rec.ops.empty()) return reject(r, Code::invalid_record, "ATTACHMENT without operands");
  MetadataAttachment a;
  a.function = function_ == 0 ? 0 : function_ - 1;
  a.record_bit = rec.start_bit;
  size_t first = 0;
  if (rec.ops.size() % 2 == 1) {
    a.to = MetadataAttachment::To::instruction;
    a.instruction = rec.ops[0];
    if (a.instruction >= instructions_)
      return reject(r, Code::invalid_reference,
                    "instruction " + ull(a.instruction) + " of the function's " + ull(instructions_));
    first = 1;
  }
  for (size_t i = first; i + 1 < rec.ops.size(); i += 2) a.kinds.emplace_back(rec.ops[i], rec.ops[i + 1]);
  m.metadata.attachments.push_back(std::move(a));
  return true;
}

bool MetadataReader::end_block() {
  if (!pending_name_) return true;
  pending_name_.reset();
  return ctx_.fail_at_bit(Code::invalid_record, pending_name_bit_, FieldPath::root(pending_name_path_),
                          "NAME ends its block without its NAMED_NODE");
}

bool MetadataReader::finish(const Module& m) {
  const ModuleMetadata& md = m.metadata;
  const uint64_t count = md.nodes.size();
  auto node_at = [&](uint64_t id) { return id < count && md.nodes[id].is_node(); };
  for (uint64_t id = 0; id < count; ++id) {
    const Metadata& e = md.nodes[id];
    if (e.is_tuple()) {
      for (uint64_t op : e.operands)
        if (op > count)
          return fail(Code::invalid_reference, e.record_bit, m, "metadata[" + ull(id) + "]",
                      "operand !" + ull(op - 1) + " of " + ull(count) + " metadata");
    } else if (e.code == kMdValue && e.operands[1] >= m.values.size()) {
      return fail(Code::invalid_reference, e.record_bit, m, "metadata[" + ull(id) + "]",
                  "value " + ull(e.operands[1]) + " of the module's " + ull(m.values.size()));
    }
  }
  for (size_t i = 0; i < md.named.size(); ++i)
    for (uint64_t id : md.named[i].nodes)
      if (!node_at(id))
        return fail(Code::invalid_reference, md.named[i].record_bit, m, "named_metadata[" + ull(i) + "]",
                    "!" + ull(id) + " is not a metadata node of the " + ull(count));
  for (size_t i = 0; i < md.attachments.size(); ++i) {
    const MetadataAttachment& a = md.attachments[i];
    const std::string field = "metadata_attachments[" + ull(i) + "]";
    if (a.to == MetadataAttachment::To::global && a.global >= m.globals.size())
      return fail(Code::invalid_reference, a.record_bit, m, field,
                  "value " + ull(a.global) + " is not one of the " + ull(m.globals.size()) + " global values");
    for (const auto& [kind, node] : a.kinds) {
      if (!kind_ids_.contains(kind))
        return fail(Code::invalid_reference, a.record_bit, m, field, "kind " + ull(kind) + " is not defined");
      // A function's attachments were checked against its own metadata too.
      if (a.to == MetadataAttachment::To::global && !node_at(node))
        return fail(Code::invalid_reference, a.record_bit, m, field,
                    "!" + ull(node) + " is not a metadata node of the " + ull(count));
    }
  }
  return true;
}

const NamedMetadata* ModuleMetadata::find_named(std::string_view name) const {
  const auto it = std::find_if(named.begin(), named.end(), [&](const NamedMetadata& n) { return n.name.bytes() == name; });
  return it == named.end() ? nullptr : &*it;
}

const MetadataKind* ModuleMetadata::find_kind(uint64_t id) const {
  const auto it = std::find_if(kinds.begin(), kinds.end(), [&](const MetadataKind& k) { return k.id == id; });
  return it == kinds.end() ? nullptr : &*it;
}

std::string_view metadata_record_name(uint32_t code) {
  if (const std::string_view n = analyzer_record_name(kMetadataBlock, code); !n.empty()) return n;
  // What llvm-bcanalyzer-22's table leaves out (LLVMBitCodes.h names them).
  switch (code) {
    case 40: return "LABEL";
    case 41: return "STRING_TYPE";
    case 44: return "COMMON_BLOCK";
    case 45: return "GENERIC_SUBRANGE";
    case 47: return "ASSIGN_ID";
    case 48: return "SUBRANGE_TYPE";
    case 49: return "FIXED_POINT_TYPE";
    default: return {};
  }
}

}  // namespace sp::bitcode
