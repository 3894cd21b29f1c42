// PICA200 shader code words: the opcode table (opcodes.def), a word decoded
// into the fields of its format, and the inverse. encode(decode(w)) == w for
// every 32-bit w: bits no field of a format covers are kept in `unused`, so
// an instruction that a writer filled oddly survives the round trip (and a
// builder can set them on purpose).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace sp::shbin::pica {

enum class Format : uint8_t { f0, f1, f1i, f1u, f1c, f2, f3, f4, f5, f5i, undefined };
// 3dbrew's name of a format: "0", "1", "1i", "1u", "1c", "2", "3", "4", "5", "5i" ("undefined").
[[nodiscard]] std::string_view format_name(Format f);

enum class Op : uint8_t {
#define SP_PICA_OPCODE(first, last, id, name, format) id,
#include "shbin/opcodes.def"
#undef SP_PICA_OPCODE
  undefined,
};

struct OpcodeInfo {
  uint8_t first;  // the opcode values the row covers
  uint8_t last;
  Op op;
  std::string_view name;  // picasso's spelling
  Format format;
};

// The row of a 6-bit opcode value (word >> 26), or null when the PICA200
// defines no instruction there.
[[nodiscard]] const OpcodeInfo* opcode_info(uint32_t opcode);
[[nodiscard]] const OpcodeInfo& info_of(Op op);
[[nodiscard]] std::span<const OpcodeInfo> all_opcodes();

// The address register that relatively addresses a wide source: none, a0.x,
// a0.y, aL (picasso's a0, a1, lcnt).
enum Relative : uint8_t { kNoRelative = 0, kA0x = 1, kA0y = 2, kAL = 3 };

// flow control conditions (format 2): how cmp.x and cmp.y combine.
enum Condition : uint8_t { kOr = 0, kAnd = 1, kJustX = 2, kJustY = 3 };

// One code word's fields. Which are meaningful depends on the format
// (opcodes.def); the others stay 0. Register numbers are as encoded:
//   sources (7 bits wide, 5 narrow): 0x00-0x0F v0-v15, 0x10-0x1F r0-r15,
//   0x20-0x7F c0-c95; destination (5 bits): 0x00-0x0F o0-o15, 0x10-0x1F r0-r15.
struct Instruction {
  uint8_t opcode = 0;  // bits 26..31; mad / madi: the first value of their range
  Format format = Format::undefined;
  Op op = Op::undefined;
  uint8_t descriptor = 0;  // operand descriptor index (7 bits; 5 in formats 5 and 5i)
  uint8_t dest = 0;
  uint8_t src1 = 0;
  uint8_t src2 = 0;
  uint8_t src3 = 0;
  uint8_t relative = 0;   // Relative, of the wide source
  uint8_t compare_x = 0;  // cmp: the comparison of x and of y (eq ne lt le gt ge, 6, 7)
  uint8_t compare_y = 0;
  uint8_t num = 0;        // flow control: instruction count (call, if's else branch)
  uint16_t dst = 0;       // flow control: target address, in code words
  uint8_t condition = 0;  // Condition
  bool ref_x = false;     // the value cmp.x / cmp.y is tested against
  bool ref_y = false;
  uint8_t uniform = 0;    // format 3: b<uniform> (4 bits); for: i<uniform & 3>
  uint8_t vertex = 0;     // setemit: vertex id (2 bits)
  bool primitive = false; // setemit: emit a primitive after the vertex
  bool winding = false;   // setemit: invert the primitive's winding
  uint32_t unused = 0;    // the word's bits no field of the format covers

  bool operator==(const Instruction&) const = default;
};

[[nodiscard]] Instruction decode(uint32_t word);
// Fields are masked to their widths; for cmp, bit 26 comes from compare_x.
[[nodiscard]] uint32_t encode(const Instruction& in);

// Which of a format's operands are there.
[[nodiscard]] bool has_descriptor(Format f);
[[nodiscard]] bool has_dest(Format f);
[[nodiscard]] uint32_t source_count(Format f);
// The source (1-based) that is wide: it may be a c register and relatively
// addressed. 0 for formats without sources.
[[nodiscard]] uint32_t wide_source(Format f);

// Flow control: whether the instruction has a target (dst), and whether
// that target must lie strictly inside the code.
[[nodiscard]] bool is_flow_control(Op op);

// ---- Operand descriptors -----------------------------------------------------------
// [3:0] destination mask (bit 3 x .. bit 0 w), then for source k = 0, 1, 2:
// negation at bit 4 + 9k, swizzle at bits 5 + 9k .. 12 + 9k (two bits per
// component, x's selector highest). Bit 31 is unused.

// The component a swizzle reads for component `k` (0 x .. 3 w); the
// descriptor's, the listing's and the dump's one reading of a swizzle.
[[nodiscard]] inline constexpr uint32_t selector_of(uint32_t swizzle, uint32_t k) {
  return (swizzle >> (6 - 2 * k)) & 3;
}

struct Descriptor {
  uint32_t value = 0;
  [[nodiscard]] uint32_t dest_mask() const { return value & 0xF; }
  [[nodiscard]] bool dest_writes(uint32_t component) const { return ((value >> (3 - component)) & 1) != 0; }
  [[nodiscard]] bool negate(uint32_t source) const { return ((value >> (4 + 9 * source)) & 1) != 0; }
  [[nodiscard]] uint32_t swizzle(uint32_t source) const { return (value >> (5 + 9 * source)) & 0xFF; }
  // The component source `source` reads for component `component` (0 x .. 3 w).
  [[nodiscard]] uint32_t selector(uint32_t source, uint32_t component) const {
    return selector_of(swizzle(source), component);
  }
};
inline constexpr uint32_t kIdentitySwizzle = 0x1B;  // .xyzw
// A component's letter by its number, as masks and swizzles name them.
inline constexpr char kComponents[] = "xyzw";

}  // namespace sp::shbin::pica
