// Every plausibility limit in one place, with where its number comes from.
// Inputs beyond a limit end in `limit_exceeded` (or a more specific code),
// never in unbounded work or memory. Callers may raise them per parse.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

namespace sp {

struct Limits {
  // DXContainer parts. dxc writes at most ~12 parts (DXIL, ILDB, ILDN, HASH,
  // SFI0, ISG1, OSG1, PSG1, PSV0, RDAT, RTS0, SRCI, VERS, PRIV), fxc at most
  // ~8; 1024 leaves room for tools that append private parts while keeping
  // per-part bookkeeping trivially bounded.
  uint32_t max_parts = 1024;

  // Inflated size of zlib-compressed data (SRCI source contents). dxc embeds
  // the preprocessed source; 16 MiB is far above any real shader and keeps
  // peak memory for a 1 MiB input well under 64 MiB.
  uint64_t max_inflated_bytes = 16u << 20;

  // Nesting depth of recursive structures (RDEF and CTAB types, bitcode
  // blocks).
  uint32_t max_depth = 64;

  // Abbreviations in scope in one LLVM bitstream block (its own DEFINE_ABBREVs
  // plus those BLOCKINFO registered for its id). clang-22 defines at most ~20
  // per block and dxc's DXIL writer fewer; LLVM has no limit, but every
  // abbrev id must fit the block's code width, and 4096 (a 12-bit width) is
  // far above anything a writer emits while bounding the abbrev table.
  uint32_t max_abbrevs_per_block = 4096;

  // Operands of one bitstream record (or one abbreviation). The largest real
  // records are CST_CODE_DATA / METADATA arrays of big initialisers: a
  // 4M-element array is 32 MiB decoded, well past what shaders and the C/C++
  // corpus hold (LLVM only requires each element to fit in the bits left).
  uint32_t max_record_operands = 1u << 22;

  // Text a dump may print per input byte (dump --format=bcanalyzer): an LLVM
  // bitstream can pack a record operand into one bit, which prints as
  // " op12=1", so without a cap the text would outgrow the input a
  // hundredfold. Real files measure under 9 (the clang-22, clang-14 and DXIL
  // files of the comparison tests).
  uint32_t max_text_per_input_byte = 64;

  // Decoded records per input byte: every record on disk takes at least 4
  // bytes, so 1 record per byte allows 4x aliasing and no more.
  uint64_t decode_budget_per_byte = 1;

  // Warnings kept per parse; the rest are counted in one final warning.
  uint32_t max_warnings = 256;
};

// Every limit, the option that raises it (check and dump: --max-<name>;
// a limit added above needs no edit in the CLI) and what it bounds. A
// message that reports a limit names it by its option (limit_text), so
// the user reading the error knows what to pass.
struct LimitOption {
  std::string_view flag;
  std::variant<uint32_t Limits::*, uint64_t Limits::*> field;
  std::string_view help;
};
inline constexpr LimitOption kLimitOptions[] = {
    {"--max-parts", &Limits::max_parts, "Largest PartCount accepted"},
    {"--max-inflated-bytes", &Limits::max_inflated_bytes, "Largest decompressed size (SRCI)"},
    {"--max-depth", &Limits::max_depth, "Deepest nesting (bitcode blocks and types, RDEF and CTAB types, fxc relative addressing)"},
    {"--max-abbrevs-per-block", &Limits::max_abbrevs_per_block, "Most abbreviations in one bitcode block"},
    {"--max-record-operands", &Limits::max_record_operands, "Most operands of one bitcode record"},
    {"--max-text-per-input-byte", &Limits::max_text_per_input_byte, "Most characters a dump prints per input byte"},
    {"--decode-budget-per-byte", &Limits::decode_budget_per_byte, "Decoded records allowed per input byte"},
    {"--max-warnings", &Limits::max_warnings, "Warnings kept per parse (the rest are counted in one)"},
};

// The option that raises `field` ("--max-depth").
template <typename T>
constexpr std::string_view limit_option(T Limits::*field) {
  for (const LimitOption& o : kLimitOptions)
    if (const auto* f = std::get_if<T Limits::*>(&o.field); f != nullptr && *f == field) return o.flag;
  return "a limit";  // unreachable: every limit is listed (test Limits.EveryLimitHasAnOption)
}

// How a message names a limit and the value it had: "--max-depth (64)".
template <typename T>
std::string limit_text(T Limits::*field, T value) {
  return std::string(limit_option(field)) + " (" + std::to_string(value) + ")";
}

}  // namespace sp
