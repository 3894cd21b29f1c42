#include "core/msvc_printf.h"

#include <cmath>

#include "core/strings.h"

namespace sp {
namespace {

// Rounds the decimal digits `digits` half up at `keep` (digits from `keep`
// on become zeros); a carry out of the first digit prepends a 1, which
// moves the decimal point: `whole` counts the digits before it.
void round_half_up(std::string& digits, size_t keep, size_t& whole) {
  if (keep >= digits.size()) return;
  bool carry = digits[keep] >= '5';
  for (size_t i = keep; i < digits.size(); ++i) digits[i] = '0';
  for (size_t i = keep; carry && i-- > 0;) {
    carry = digits[i] == '9';
    digits[i] = carry ? '0' : static_cast<char>(digits[i] + 1);
  }
  if (carry) {
    digits.insert(digits.begin(), '1');
    ++whole;
  }
}

}  // namespace

std::string msvc_fixed(double v) {
  // glibc's %f is exact: a double's fraction ends within 1074 decimals.
  const std::string exact = strprintf("%.1074f", std::fabs(v));
  size_t whole = exact.find('.');
  std::string digits = exact.substr(0, whole) + exact.substr(whole + 1);
  const size_t first = digits.find_first_not_of('0');
  if (first != std::string::npos) round_half_up(digits, first + 17, whole);
  round_half_up(digits, whole + 6, whole);
  return (std::signbit(v) ? "-" : "") + digits.substr(0, whole) + "." + digits.substr(whole, 6);
}

}  // namespace sp
