#include "core/diagnostic.h"

#include <array>

#include "core/strings.h"

namespace sp {
namespace {

constexpr std::array kCodes = {
#define SP_DIAG(code, severity, owner, summary) CodeInfo{Code::code, #code, Severity::severity, #owner, summary},
#define ERROR error
#define WARNING warning
#include "core/diagnostic_codes.def"
#undef WARNING
#undef ERROR
#undef SP_DIAG
};

// Paths are bounded by FieldPath::str(), messages here: no diagnostic a
// parse reports grows with its input. A message is for people, and every
// printer takes it as it is (`check`'s line, the JSON of every dump): it
// is made valid UTF-8 here, once, whatever text from the file a call site
// put in it.
std::string message_text(std::string message) { return capped_text(cleaned_text(std::move(message))); }

}  // namespace

const CodeInfo& code_info(Code code) { return kCodes[static_cast<size_t>(code)]; }
std::string_view code_name(Code code) { return code_info(code).name; }
std::span<const CodeInfo> all_codes() { return kCodes; }

std::optional<Code> code_from_name(std::string_view name) {
  for (const CodeInfo& info : kCodes) {
    if (info.name == name) return info.code;
  }
  return std::nullopt;
}

std::string Diagnostic::to_string() const {
  std::string out(code_name(code));
  out += strprintf(unit == OffsetUnit::bit ? " at bit %llu" : " at %llu", static_cast<unsigned long long>(offset));
  out += ": ";
  if (!path.empty()) {
    out += path;
    out += ": ";
  }
  out += message;
  return out;
}

bool Context::fail(Code code, uint64_t offset, const FieldPath& at, std::string message) {
  if (!error_) error_ = Diagnostic{code, offset, at.str(), message_text(std::move(message))};
  return false;
}

// Past max_warnings a warning is dropped before its path is rendered: a
// file of thousands of findings (an 8 KiB SHBIN of undefined opcodes has
// some 2,000) would otherwise format every one of them.
void Context::warn(Code code, uint64_t offset, const FieldPath& at, std::string message) {
  if (warnings_truncated_) return;
  add_warning(Diagnostic{code, offset, at.str(), message_text(std::move(message))});
}

bool Context::fail_at_bit(Code code, uint64_t bit, const FieldPath& at, std::string message) {
  if (!error_) error_ = Diagnostic{code, bit, at.str(), message_text(std::move(message)), OffsetUnit::bit};
  return false;
}

void Context::warn_at_bit(Code code, uint64_t bit, const FieldPath& at, std::string message) {
  if (warnings_truncated_) return;
  add_warning(Diagnostic{code, bit, at.str(), message_text(std::move(message)), OffsetUnit::bit});
}

void Context::add_warning(Diagnostic d) {
  if (warnings_.size() < limits_.max_warnings) {
    warnings_.push_back(std::move(d));
  } else if (!warnings_truncated_) {
    warnings_truncated_ = true;
    warnings_.push_back(Diagnostic{Code::warnings_truncated, d.offset, {},
                                   "more than " + limit_text(&Limits::max_warnings, limits_.max_warnings) + " warnings",
                                   d.unit});
  }
}

std::string Context::budget_text() const {
  return " of " + limit_text(&Limits::decode_budget_per_byte, limits_.decode_budget_per_byte) + " records per input byte";
}

bool Context::over_budget(uint64_t records, uint64_t offset, const FieldPath& at, OffsetUnit unit) {
  std::string message = strprintf("%llu more records would exceed the decode budget", static_cast<unsigned long long>(records)) +
                        budget_text();
  return unit == OffsetUnit::bit ? fail_at_bit(Code::decode_budget_exceeded, offset, at, std::move(message))
                                 : fail(Code::decode_budget_exceeded, offset, at, std::move(message));
}

}  // namespace sp
