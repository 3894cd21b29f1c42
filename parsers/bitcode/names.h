// LLVM IR block ids (LLVMBitCodes.h: BlockIDs) and the names LLVM 22's
// llvm-bcanalyzer gives blocks and records (bcanalyzer_names.def, generated
// by parsers/bitcode/gen-bcanalyzer-names; its tables lag the format, e.g. type code
// 25 OPAQUE_POINTER has no name and prints as UnknownCode25).
#pragma once

#include <cstdint>
#include <string_view>

namespace sp::bitcode {

enum BlockId : uint32_t {
  kModuleBlock = 8,
  kParamAttrBlock = 9,
  kParamAttrGroupBlock = 10,
  kConstantsBlock = 11,
  kFunctionBlock = 12,
  kIdentificationBlock = 13,
  kValueSymtabBlock = 14,
  kMetadataBlock = 15,
  kMetadataAttachmentBlock = 16,
  kTypeBlock = 17,
  kUselistBlock = 18,
  kModuleStrtabBlock = 19,
  kGlobalValSummaryBlock = 20,
  kOperandBundleTagsBlock = 21,
  kMetadataKindBlock = 22,
  kStrtabBlock = 23,
  kFullLtoGlobalValSummaryBlock = 24,
  kSymtabBlock = 25,
  kSyncScopeNamesBlock = 26,
};

// METADATA_BLOCK records the dump treats specially.
inline constexpr uint32_t kMetadataStrings = 35;
inline constexpr uint32_t kMetadataIndexOffset = 38;
inline constexpr uint32_t kMetadataIndex = 39;

// llvm-bcanalyzer-22's name for an LLVM IR block or record, or empty when it
// has none (it then prints UnknownBlockN / UnknownCodeN).
[[nodiscard]] std::string_view analyzer_block_name(uint32_t block_id);
[[nodiscard]] std::string_view analyzer_record_name(uint32_t block_id, uint32_t code);

}  // namespace sp::bitcode
