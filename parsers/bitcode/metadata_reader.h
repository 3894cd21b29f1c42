// Reads the metadata records of one module as the IR layer's walk meets
// them (module_reader.cpp hands each record over), and checks the
// references between them once the module has ended (metadata.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "bitcode/module.h"
#include "bitstream/reader.h"
#include "core/diagnostic.h"

namespace sp::bitcode {

class MetadataReader {
 public:
  explicit MetadataReader(Context& ctx) : ctx_(ctx) {}

  // A MODULE_BLOCK begins: what the last one defined is forgotten.
  void begin_module();

  // A record of a METADATA_BLOCK (module-level or a function's), of a
  // METADATA_KIND_BLOCK or of a function's METADATA_ATTACHMENT block.
  bool record(const bitstream::Reader& r, Module& m, uint32_t block, bool module_level);
  // A FUNCTION_BLOCK directly in the module begins: its instructions are
  // counted for the attachments that name one.
  void begin_function(const Module& m);
  // It ends: its metadata's references and its attachments' nodes must
  // point at the module's metadata or its own (counted as they stand then).
  bool end_function(Module& m);
  // A record directly in that FUNCTION_BLOCK.
  void function_record(uint32_t code);
  // A METADATA_BLOCK ends: a NAME must have had its NAMED_NODE.
  bool end_block();
  // The module ends: every reference must point at what its record allows.
  bool finish(const Module& m);

 private:
  bool metadata_record(const bitstream::Reader& r, Module& m, std::vector<Metadata>& into);
  bool kind(const bitstream::Reader& r, Module& m);
  bool attachment(const bitstream::Reader& r, Module& m);
  // Fails at the record the reader is on; `fail`, at one read before.
  bool reject(const bitstream::Reader& r, Code code, std::string message);
  bool fail(Code code, uint64_t bit, const Module& m, const std::string& field, std::string message);

  Context& ctx_;
  std::optional<FileString> pending_name_;  // NAME waiting for its NAMED_NODE
  uint64_t pending_name_bit_ = 0;
  std::string pending_name_path_;
  uint64_t function_ = 0;       // function bodies begun (the current one is function_ - 1)
  uint64_t instructions_ = 0;   // in the current function
  std::vector<Metadata> local_;  // the current function's metadata
  size_t first_attachment_ = 0;  // the current function's first attachment
  // The kind ids defined (a lookup per KIND and per attachment would
  // otherwise be a linear scan: quadratic on hostile input).
  std::unordered_set<uint64_t> kind_ids_;
};

}  // namespace sp::bitcode
