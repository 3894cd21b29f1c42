// The LLVM IR layer's view of a bitcode file (LLVMBitCodes.h; the seed spec
// and docs/formats/bitcode.md §IR records): per module, the identification, the MODULE_BLOCK
// records with named fields (names resolved through STRTAB for version 2,
// through the module-level VALUE_SYMTAB before), the type table, attribute
// groups and lists, integer constants, module-level values and metadata
// (metadata.h). Everything else
// is counted per block, not decoded. Cross-references (type indices, strtab
// ranges, attribute group and list ids, value ids of symbol-table entries)
// are checked, never trusted.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bitcode/metadata.h"
#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"
#include "core/parse_result.h"

namespace sp::bitcode {

enum class TypeKind : uint8_t {
  void_, half, bfloat, float_, double_, x86_fp80, fp128, ppc_fp128, label, metadata, x86_mmx, x86_amx, token,
  integer, pointer,   // typed pointer (pre-opaque bitcode, DXIL): element = pointee
  opaque_pointer, function, struct_, opaque, array, vector, target,
};

struct Type {
  TypeKind kind = TypeKind::void_;
  uint64_t count = 0;            // integer width, array / vector length
  uint32_t address_space = 0;
  bool vararg = false;
  bool packed = false;
  bool scalable = false;
  bool identified = false;       // a named (STRUCT_NAMED / OPAQUE / TARGET_TYPE) or numbered struct
  uint64_t element = 0;          // pointee, array / vector element, function result
  std::vector<uint64_t> members;  // struct elements, function parameters, target type parameters
  std::vector<uint64_t> int_params;  // target type integer parameters
  FileString name;                // STRUCT_NAME before it
};

struct Attribute {
  enum class Kind : uint8_t {
    enum_ = 0, int_ = 1, string = 3, string_value = 4, type = 5, type_value = 6,
    range = 7, range_list = 8,  // str_value holds the ranges as LLVM prints them ("i32 0, 10")
  };
  Kind kind = Kind::enum_;
  uint64_t code = 0;       // ATTR_KIND_* for the well-known kinds
  uint64_t value = 0;      // int_ value, type_value type index
  FileString key;         // string / string_value
  FileString str_value;   // string_value
};

struct AttributeGroup {
  uint64_t id = 0;
  uint64_t param_index = 0;  // 0 return, 0xFFFFFFFF function, else parameter + 1
  std::vector<Attribute> attributes;
  bool complete = true;      // false after an encoding not decoded (kept as a warning)
};

struct GlobalValue {
  enum class Kind : uint8_t { variable, function, alias, ifunc };
  Kind kind = Kind::variable;
  uint32_t code = 0;                   // the MODULE_CODE_* record
  FileString name;
  std::optional<std::pair<uint64_t, uint64_t>> strtab;  // offset, size (version 2)
  std::vector<uint64_t> fields;        // operands after the name
  uint64_t record_bit = 0;             // where the record starts, for deferred checks
  uint64_t record_index = 0;           // among the MODULE_BLOCK's records
};

struct IntegerConstant {
  uint64_t type = 0;
  int64_t value = 0;
};

// A module-level value, numbered as LLVM numbers them: the global values
// and the entries of the module's CONSTANTS_BLOCK, in record order (what a
// metadata VALUE's value id counts).
struct ModuleValue {
  enum class Kind : uint8_t { global, constant };
  Kind kind = Kind::global;
  uint32_t code = 0;     // MODULE_CODE_* or CST_CODE_*
  // A global's record type; a constant's SETTYPE (UINT64_MAX before any:
  // LLVM's i32 then).
  uint64_t type = 0;
  uint64_t global = 0;   // index into Module::globals (global)
  // CST_CODE_INTEGER's value, sign-extended from its width as LLVM writes
  // it (i1 true is -1); 0 for NULL of an integer type.
  std::optional<int64_t> integer;
};

struct Module {
  FileString producer;              // IDENTIFICATION STRING
  std::optional<uint64_t> epoch;
  uint64_t block_index = 0;         // of the MODULE_BLOCK among the top-level blocks
  uint64_t version = 0;
  FileString triple, datalayout, source_filename, inline_asm;
  std::vector<FileString> section_names, deplibs, gc_names;
  std::vector<Type> types;
  std::optional<uint64_t> declared_types;  // NUMENTRY
  std::vector<AttributeGroup> attribute_groups;
  std::vector<std::vector<uint64_t>> attribute_lists;  // PARAMATTR ENTRY: group ids
  std::vector<GlobalValue> globals;    // GLOBALVAR, FUNCTION, ALIAS, IFUNC in record order (value ids)
  std::optional<uint64_t> vst_offset;
  std::vector<IntegerConstant> integers;  // CST_CODE_INTEGER of every CONSTANTS_BLOCK
  uint64_t other_constants = 0;
  std::vector<ModuleValue> values;
  ModuleMetadata metadata;
  std::vector<std::pair<uint32_t, uint64_t>> block_counts;  // block id -> instances inside the module
  uint64_t function_bodies = 0;
  Bytes strtab;  // the first STRTAB blob after the module (v2 names)
};

struct File {
  bool wrapped = false;
  std::vector<Module> modules;
  Bytes strtab;   // the last STRTAB blob
  Bytes symtab;
};

struct ParsedFile {
  std::optional<File> file;  // set exactly when there is no error
};
using ParseResult = sp::ParseResultOf<ParsedFile>;

// Parses LLVM IR bitcode (bare or wrapped); `base_byte` is the offset of
// input[0] in the whole file (DXIL parts), for error offsets. Without
// `metadata`, metadata, metadata kind and attachment blocks are walked as
// the bitstream's records and not decoded: Module::metadata stays empty.
[[nodiscard]] ParseResult parse_bitcode(Bytes input, const Limits& limits = {}, uint64_t base_byte = 0,
                                        bool metadata = true);

// LLVM IR syntax for type `index` of `m` ("i32", "ptr", "[4 x float]",
// "%struct.node", "void (i32, ...)"; an identified struct without a name is
// "%<its table index>"), at most 256 characters ("..." after).
[[nodiscard]] std::string type_name(const Module& m, uint64_t index);
// The body of an identified struct ("{ i32, ptr }", "opaque").
[[nodiscard]] std::string struct_body(const Module& m, uint64_t index);

// The IR name of a well-known attribute kind (ATTR_KIND_*), or empty.
[[nodiscard]] std::string_view attribute_name(uint64_t code);
// LLVM's name of a linkage encoding of GLOBALVAR / FUNCTION records.
[[nodiscard]] std::string_view linkage_name(uint64_t encoding);

}  // namespace sp::bitcode
