// A Nintendo 3DS shader binary (SHBIN): a DVLB header with its table of DVLE
// offsets, one DVLP (the program: PICA200 code words and operand
// descriptors, shared by every DVLE) and the DVLEs (one entry point each,
// with its constants, labels, output map, uniforms and symbol table).
// docs/formats/shbin.md has the layout and its sources.
//
// The model keeps every field the reader read, offsets and counts as the
// file holds them beside the entries decoded from them, so that
// write_shbin() puts every byte back where it was: a decoded file
// re-encodes byte for byte, and a model edited field by field (a hostile
// count, an offset past the end) encodes to exactly that file. lay_out()
// recomputes the offsets and counts from the entries in picasso's or
// nihstro's layout, for models built from scratch.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "core/file_text.h"

namespace sp::shbin {

inline constexpr uint32_t kDvlbMagic = 0x424C5644;  // "DVLB"
inline constexpr uint32_t kDvlpMagic = 0x504C5644;  // "DVLP"
inline constexpr uint32_t kDvleMagic = 0x454C5644;  // "DVLE"

// The DVLP header's two sizes: picasso's 10 words (the seed's PKGHEADER,
// with line information and a string table) and nihstro's 7.
inline constexpr uint32_t kPicassoDvlpSize = 0x28;
inline constexpr uint32_t kNihstroDvlpSize = 0x1C;
inline constexpr uint32_t kDvleHeaderSize = 0x40;

// The record sizes of the tables.
inline constexpr uint32_t kDescriptorSize = 8;
inline constexpr uint32_t kLineSize = 8;
inline constexpr uint32_t kConstantSize = 20;
inline constexpr uint32_t kLabelSize = 16;
inline constexpr uint32_t kOutmapSize = 8;
inline constexpr uint32_t kUniformSize = 8;

// An (offset, count) pair of a header; for a string table the count is its
// size in bytes. Offsets count from the header that holds them (the DVLP's
// or the DVLE's), never from the file.
struct TableRef {
  uint32_t offset = 0;
  uint32_t count = 0;
  bool operator==(const TableRef&) const = default;
};

// ---- DVLP ------------------------------------------------------------------

// An operand descriptor: the destination mask and each source's negation
// and swizzle for the instructions that name it, and a word the hardware
// never reads (picasso and nihstro write 0; the seed calls it linker
// information).
struct OperandDescriptor {
  uint32_t value = 0;
  uint32_t unused = 0;
  bool operator==(const OperandDescriptor&) const = default;
};

// Line information, one per code word when present: the source file (an
// offset into the DVLP's string table) and line of the instruction.
struct LineInfo {
  uint32_t file_offset = 0;
  uint32_t line = 0;
  FileString file;  // the string at file_offset
  bool operator==(const LineInfo&) const = default;
};

struct Dvlp {
  uint64_t offset = 0;                    // in the file: right after the DVLB's offset table
  uint32_t header_size = kPicassoDvlpSize;  // kPicassoDvlpSize or kNihstroDvlpSize
  uint32_t version = 0;                   // the whole word (the seed: two version bytes, two reserved)
  TableRef code_table;                    // code words (4 bytes each)
  TableRef descriptor_table;              // operand descriptors (8 bytes each)
  // picasso points the offset at the DVLP's end with a count of 0; nihstro's
  // 7-word header ends with this offset (its "filename symbol offset") and
  // has no count: line_table.count and string_table are then 0.
  TableRef line_table;
  TableRef string_table;  // file names of the line information (count: bytes)

  std::vector<uint32_t> code;
  std::vector<OperandDescriptor> descriptors;
  std::vector<LineInfo> lines;
  FileString strings;  // the string table's bytes as read
  bool operator==(const Dvlp&) const = default;
};

// ---- DVLE ------------------------------------------------------------------

enum class ShaderType : uint8_t { vertex = 0, geometry = 1 };
enum class ConstantType : uint16_t { boolean = 0, integer = 1, floating = 2 };

// A register the constants (#pragma def, .constf) preload.
struct Constant {
  uint16_t type = 0;  // ConstantType
  uint16_t index = 0;  // register in its file: b<index>, i<index> or c<index>
  // Bool: value[0] is 1 or 0. Int: the four bytes of value[0] (x, y, z,
  // w). Float: four float24 in the low 24 bits of each word.
  std::array<uint32_t, 4> value{};

  // The four float24 values as floats (decode_float24).
  [[nodiscard]] std::array<float, 4> floats() const;
  [[nodiscard]] std::array<uint8_t, 4> integers() const;
  bool operator==(const Constant&) const = default;
};

// A label of the program: the seed's LABELINFO. picasso writes none;
// nihstro one per label with id and length 0.
struct Label {
  uint32_t id = 0;       // the seed: numbered from 0x10000 in definition order
  uint32_t address = 0;  // in code words
  uint32_t length = 0;   // the seed: the subroutine's length up to its ret
  uint32_t name_offset = 0;
  FileString name;
  bool operator==(const Label&) const = default;
};

// An output register's semantic (#pragma output_map, picasso's .out).
struct Outmap {
  uint16_t semantic = 0;  // output_semantic_name()
  uint16_t reg = 0;       // o<reg>
  uint16_t mask = 0;      // components: bit 0 x .. bit 3 w
  uint16_t reserved = 0;
  bool operator==(const Outmap&) const = default;
};

// A named register range (#pragma bind_symbol, picasso's .fvec / .ivec /
// .bool / .in): first and last (inclusive) in the uniform register space.
struct Uniform {
  uint32_t name_offset = 0;
  uint16_t first = 0;
  uint16_t last = 0;
  FileString name;
  bool operator==(const Uniform&) const = default;
};

struct Dvle {
  uint32_t offset = 0;  // of its header, in the file
  uint16_t version = 0;  // picasso writes 0x1002, nihstro 0: reported, never checked
  uint8_t type = 0;      // ShaderType
  uint8_t flags = 0;     // bit 0: merge output maps (geometry shaders); bit 1: debug build
  uint32_t main = 0;     // entry point, in code words
  uint32_t endmain = 0;  // the word after the entry procedure
  uint16_t input_mask = 0;
  uint16_t output_mask = 0;
  // Geometry shaders: mode (0 point, 1 variable primitive, 2 fixed
  // primitive), the fixed mode's first vertex register, the variable
  // mode's vertex count and the fixed mode's.
  uint8_t geometry_mode = 0;
  uint8_t fixed_vertex_start = 0;
  uint8_t variable_vertex_count = 0;
  uint8_t fixed_vertex_count = 0;
  TableRef constant_table;
  TableRef label_table;
  TableRef outmap_table;
  TableRef uniform_table;
  TableRef symbol_table;  // count: bytes

  std::vector<Constant> constants;
  std::vector<Label> labels;
  std::vector<Outmap> outmaps;
  std::vector<Uniform> uniforms;
  FileString symbols;  // the symbol table's bytes as read
  bool operator==(const Dvle&) const = default;
};

// Bytes of the file that no structure claims and that are not zero (a
// writer's padding is zero): kept so that the file re-encodes exactly.
struct Unclaimed {
  uint64_t offset = 0;
  std::string bytes;
  bool operator==(const Unclaimed&) const = default;
};

struct Shbin {
  uint64_t file_size = 0;
  uint32_t dvle_count = 0;               // the DVLB's count (the reader: dvle_offsets.size())
  std::vector<uint32_t> dvle_offsets;    // from the start of the file
  Dvlp dvlp;
  // Each DVLE once, in the order the offset table first names it: entries
  // of the table that share an offset share their DVLE (dvle_of), which is
  // decoded once. Without sharing, dvles[i] is the table's entry i.
  std::vector<Dvle> dvles;
  std::vector<uint32_t> dvle_of;  // for each offset table entry, its index in dvles
  std::vector<Unclaimed> unclaimed;
  bool operator==(const Shbin&) const = default;
};

// ---- Reading, writing ---------------------------------------------------------

// A whole file: the structure, then the semantic checks (warnings). `out`
// is valid only when this returns true.
bool parse_shbin(Bytes file, uint64_t base, Context& ctx, Shbin& out);

// Where the last byte any structure claims ends: the bytes after it are
// padding, or `unclaimed`.
[[nodiscard]] uint64_t claimed_end(const Shbin& shbin);

// The semantic checks alone (checks.cpp), on a decoded model: warnings.
void check_shbin(const Shbin& shbin, uint64_t base, Context& ctx);

// Every structure at its offset, into file_size bytes (what lies past them
// is dropped, what lies between them is zero or `unclaimed`); header fields
// as the model holds them, table entries from the vectors.
[[nodiscard]] std::vector<uint8_t> write_shbin(const Shbin& shbin);

// The layouts of the two writers at hand (docs/formats/shbin.md,
// "Writers"): picasso (0x28-byte DVLP, each DVLE after the program with its
// tables in order constants, labels, outputs, uniforms, symbols, padded to
// 4 bytes) and nihstro (0x1C-byte DVLP, the DVLE headers right after it,
// then the program, then each DVLE's outputs, constants, uniforms, labels
// and symbols, unpadded).
enum class Layout : uint8_t { picasso, nihstro };

// Sets every offset, count, name offset, symbol table and the file size
// from the entries, in `layout`: write_shbin() of the result is what that
// writer would write. The offset table has the entries dvle_of lists, then
// one for each DVLE it does not name (all of them, when it is empty). Symbol tables hold the uniforms' names, then the labels', each
// once per entry. nihstro's header has no room for line information: a
// model with lines or file names throws std::invalid_argument.
void lay_out(Shbin& shbin, Layout layout);

// ---- What the fields mean ------------------------------------------------------

// float24 (1 sign, 7 exponent bits biased by 63, 16 mantissa bits) in the
// low 24 bits of `word`, as the PICA200 reads it: all-zero magnitude is
// ±0, anything else a normal float (no infinities, no NaNs).
[[nodiscard]] float decode_float24(uint32_t word);
// The inverse for the floats decode_float24 gives (picasso's conversion:
// the mantissa truncated, exponents out of range flushed or saturated).
[[nodiscard]] uint32_t encode_float24(float value);

// The classes of the uniform register space (the seed's bind symbol
// indices): v0-v15 at 0x00-0x0F, c0-c95 at 0x10-0x6F, i0-i3 at 0x70-0x73,
// b0-b15 at 0x78-0x87; anything else is in no class.
enum class RegisterClass : uint8_t { input, floating, integer, boolean, none };
struct UniformRegister {
  RegisterClass klass = RegisterClass::none;
  uint32_t index = 0;  // within the class
};
[[nodiscard]] UniformRegister uniform_register(uint32_t value);
// "v", "c", "i", "b" ("" for none).
[[nodiscard]] std::string_view register_prefix(RegisterClass klass);
// The uniform space value of class `klass` register `index`.
[[nodiscard]] uint16_t uniform_value(RegisterClass klass, uint32_t index);

// The file a constant of `type` loads, and how many registers it has; none
// for an unknown type.
[[nodiscard]] RegisterClass constant_class(uint16_t type);
[[nodiscard]] uint32_t register_count(RegisterClass klass);

// Output semantics: "position", "normalquat", "color", "texcoord0",
// "texcoord0w", "texcoord1", "texcoord2", "view" (8), "dummy" (9); "" for
// the others (7 among them: no writer names it).
[[nodiscard]] std::string_view output_semantic_name(uint16_t semantic);
[[nodiscard]] std::string_view shader_type_name(uint8_t type);  // "vertex", "geometry", ""
[[nodiscard]] std::string_view constant_type_name(uint16_t type);  // "bool", "int", "float", ""

// Highest output register a DVLE may map (o15).
inline constexpr uint32_t kMaxOutputRegister = 15;

}  // namespace sp::shbin
