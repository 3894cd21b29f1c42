// The error model shared by every format: a stable code (diagnostic_codes.def),
// the byte offset in the input, the path of the field and a message. A parse
// ends at its first error; warnings are collected alongside.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/field_path.h"
#include "core/limits.h"

namespace sp {

enum class Code : uint16_t {
#define SP_DIAG(code, severity, owner, summary) code,
#include "core/diagnostic_codes.def"
#undef SP_DIAG
};

enum class Severity : uint8_t { error, warning };

struct CodeInfo {
  Code code;
  std::string_view name;
  Severity severity;
  std::string_view owner;  // the format that reports it, or "core"
  std::string_view summary;
};

[[nodiscard]] const CodeInfo& code_info(Code code);
[[nodiscard]] std::string_view code_name(Code code);
[[nodiscard]] std::optional<Code> code_from_name(std::string_view name);
// Every code in declaration order (for `shaderprobe codes` and the docs).
[[nodiscard]] std::span<const CodeInfo> all_codes();

// What Diagnostic::offset counts: bytes, or bits for the bit-granular
// formats (an LLVM bitstream field need not start on a byte).
enum class OffsetUnit : uint8_t { byte, bit };

struct Diagnostic {
  Code code{};
  uint64_t offset = 0;  // offset in the whole input, in `unit`s
  std::string path;     // e.g. parts[3].PSV0.resources[2]
  std::string message;
  OffsetUnit unit = OffsetUnit::byte;

  // "<code> at <offset>: <path>: <message>" — the CLI's one-line form; a bit
  // offset reads "at bit <offset>".
  [[nodiscard]] std::string to_string() const;
  bool operator==(const Diagnostic&) const = default;
};

// Where a parse records what it finds. Parsers return false after fail();
// the first error wins and later ones are ignored, so a failed parse stays
// failed (Wuffs' rule).
class Context {
 public:
  Context(const Limits& limits, uint64_t input_size)
      : limits_(limits), budget_(limits.decode_budget_per_byte * input_size + 64) {}
  // The Context keeps a reference to the limits: a temporary would dangle.
  Context(const Limits&&, uint64_t) = delete;

  bool fail(Code code, uint64_t offset, const FieldPath& at, std::string message);
  void warn(Code code, uint64_t offset, const FieldPath& at, std::string message);
  // The same with the offset counted in bits (OffsetUnit::bit).
  bool fail_at_bit(Code code, uint64_t bit, const FieldPath& at, std::string message);
  void warn_at_bit(Code code, uint64_t bit, const FieldPath& at, std::string message);

  // Charges `records` decoded records to the per-input budget
  // (limits.decode_budget_per_byte * input size). Structures that may alias
  // (several headers pointing at one table) could otherwise make the model
  // grow faster than the input.
  bool charge(uint64_t records, uint64_t offset, const FieldPath& at) {
    if (records > budget_) return over_budget(records, offset, at, OffsetUnit::byte);
    budget_ -= records;
    return true;
  }
  bool charge_at_bit(uint64_t records, uint64_t bit, const FieldPath& at) {
    if (records > budget_) return over_budget(records, bit, at, OffsetUnit::bit);
    budget_ -= records;
    return true;
  }
  // The same, the path's text made only for the report: a walk that
  // charges each record as it keeps it would otherwise build a string per
  // record. The text is held here while the report is made, since a
  // FieldPath only views its name.
  template <typename MakePath>
    requires std::is_invocable_r_v<std::string, MakePath>
  bool charge_at_bit(uint64_t records, uint64_t bit, MakePath&& make_path) {
    if (records <= budget_) {
      budget_ -= records;
      return true;
    }
    const std::string path = make_path();
    return over_budget(records, bit, FieldPath::root(path), OffsetUnit::bit);
  }

  // Work a parser counts where its cost grows with the input (entries
  // read, operands decoded, instructions checked): tests compare it between
  // inputs of two sizes to show the work stays linear, which wall time on a
  // shared machine cannot.
  void count_steps(uint64_t steps) { steps_ += steps; }
  [[nodiscard]] uint64_t steps() const { return steps_; }

  [[nodiscard]] const Limits& limits() const { return limits_; }
  // What charge() still allows, for callers that report overruns themselves,
  // and how their message names the budget's limit.
  [[nodiscard]] uint64_t budget() const { return budget_; }
  [[nodiscard]] std::string budget_text() const;
  [[nodiscard]] bool failed() const { return error_.has_value(); }
  [[nodiscard]] const std::optional<Diagnostic>& error() const { return error_; }
  [[nodiscard]] const std::vector<Diagnostic>& warnings() const { return warnings_; }
  std::optional<Diagnostic> take_error() { return std::move(error_); }
  std::vector<Diagnostic> take_warnings() { return std::move(warnings_); }

 private:
  bool over_budget(uint64_t records, uint64_t offset, const FieldPath& at, OffsetUnit unit);
  void add_warning(Diagnostic d);

  const Limits& limits_;
  uint64_t budget_;
  uint64_t steps_ = 0;
  std::optional<Diagnostic> error_;
  std::vector<Diagnostic> warnings_;
  bool warnings_truncated_ = false;
};

}  // namespace sp
