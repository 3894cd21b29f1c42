// TYPE_BLOCK_ID_NEW (17): one Type per record (NUMENTRY and STRUCT_NAME
// aside), in LLVMBitCodes.h's TypeCodes. Internal to the IR reader.
#pragma once

#include <span>
#include <string>

#include "bitcode/module.h"

namespace sp::bitcode {

// Appends the type `code` with operands `ops` describes, or returns the
// problem. `pending_name` is the last STRUCT_NAME (consumed by identified
// structs, opaque and target types).
[[nodiscard]] std::string add_type(Module& m, uint32_t code, std::span<const uint64_t> ops, std::string& pending_name);

// Run when the type block ends: every type index in the table points into
// it, and types that print inline (all but identified structs) neither
// nest deeper than `max_depth` nor form a cycle. The problem, or empty.
[[nodiscard]] std::string check_type_table(const Module& m, uint32_t max_depth);

}  // namespace sp::bitcode
