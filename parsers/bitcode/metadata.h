// A module's metadata as its METADATA_BLOCK, METADATA_KIND_BLOCK and
// METADATA_ATTACHMENT records hold it (LLVMBitCodes.h: MetadataCodes;
// docs/formats/bitcode.md, "Metadata"), for the LLVM 3.7 bitcode DXIL uses
// (one STRING_OLD record per string, kinds in a METADATA_BLOCK) and for
// LLVM 22's (a METADATA_STRINGS blob, a METADATA_KIND_BLOCK, debug-info
// records). Module-level metadata is numbered as LLVM numbers it: each
// record that defines one takes the next id, METADATA_STRINGS one per
// string; a function's own metadata continues the numbering until the
// function ends. References are checked when the module (or the function)
// ends, since forward ones are legal, and never followed unchecked; graphs
// may have cycles, so nothing here walks them.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "core/file_text.h"

namespace sp::bitcode {

// MetadataCodes this layer reads by name (the rest are typed records).
enum MetadataCode : uint32_t {
  kMdStringOld = 1, kMdValue = 2, kMdNode = 3, kMdName = 4, kMdDistinctNode = 5, kMdKind = 6, kMdLocation = 7,
  kMdOldNode = 8, kMdOldFnNode = 9, kMdNamedNode = 10, kMdAttachment = 11, kMdStrings = 35,
  kMdGlobalDeclAttachment = 36, kMdIndexOffset = 38, kMdIndex = 39, kMdArgList = 46,
};

struct Metadata {
  // The record that defined it (kMdStrings for a string of the blob).
  uint32_t code = 0;
  // DISTINCT_NODE, or a debug-info record whose first operand says so.
  bool distinct = false;
  FileString string;               // STRING_OLD, STRINGS
  // As written: VALUE [type, value id]; NODE and DISTINCT_NODE one per
  // operand, metadata id + 1 (0 is null); other records their operands.
  std::vector<uint64_t> operands;
  uint64_t record_bit = 0;          // where its record starts, for later checks

  [[nodiscard]] bool is_string() const { return code == kMdStringOld || code == kMdStrings; }
  // An MDNode (a tuple or a debug-info node): what named metadata and
  // attachments may point at. VALUE and ARG_LIST are not nodes.
  [[nodiscard]] bool is_node() const { return !is_string() && code != kMdValue && code != kMdArgList; }
  // A plain tuple (`!{...}`), whose operands are metadata ids + 1.
  [[nodiscard]] bool is_tuple() const { return code == kMdNode || code == kMdDistinctNode; }
};

struct NamedMetadata {
  FileString name;
  std::vector<uint64_t> nodes;  // metadata ids
  uint64_t record_bit = 0;      // the NAMED_NODE record
};

struct MetadataKind {
  uint64_t id = 0;
  FileString name;
};

// An ATTACHMENT record of a function's METADATA_ATTACHMENT block, or a
// module's GLOBAL_DECL_ATTACHMENT.
struct MetadataAttachment {
  enum class To : uint8_t { function, instruction, global };
  To to = To::function;
  uint64_t function = 0;     // function body, in order (function, instruction)
  uint64_t instruction = 0;  // among the function's instructions (instruction)
  uint64_t global = 0;       // value id (global)
  std::vector<std::pair<uint64_t, uint64_t>> kinds;  // kind id, metadata id
  uint64_t record_bit = 0;
};

struct ModuleMetadata {
  std::vector<Metadata> nodes;  // module-level, by id
  std::vector<NamedMetadata> named;
  std::vector<MetadataKind> kinds;
  std::vector<MetadataAttachment> attachments;
  // Defined in functions' METADATA_BLOCKs: checked with their function,
  // not kept.
  uint64_t function_local = 0;
  uint64_t ignored_records = 0;  // codes LLVM 22 ignores (unknown ones)

  [[nodiscard]] const NamedMetadata* find_named(std::string_view name) const;
  [[nodiscard]] const MetadataKind* find_kind(uint64_t id) const;
};

// LLVMBitCodes.h's name of a metadata record code without its METADATA_
// prefix ("NODE", "LOCATION", "SUBPROGRAM"), or empty for a code LLVM 22
// does not define.
[[nodiscard]] std::string_view metadata_record_name(uint32_t code);

}  // namespace sp::bitcode
