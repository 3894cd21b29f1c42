#include "core/strings.h"

#include <cstdarg>
#include <cstdio>

namespace sp {

std::string strprintf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  va_list ap2;
  va_copy(ap2, ap);
  const int n = std::vsnprintf(nullptr, 0, fmt, ap);
  va_end(ap);
  std::string out;
  if (n > 0) {
    out.resize(static_cast<size_t>(n) + 1);
    std::vsnprintf(out.data(), out.size(), fmt, ap2);
    out.resize(static_cast<size_t>(n));
  }
  va_end(ap2);
  return out;
}

std::pair<uint32_t, size_t> decode_utf8(std::string_view s, size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  const size_t len = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (len == 0 || i + len > s.size()) return {0, 0};
  uint32_t cp = len == 2 ? (c & 0x1Fu) : len == 3 ? (c & 0x0Fu) : (c & 0x07u);
  for (size_t k = 1; k < len; ++k) {
    const auto cc = static_cast<unsigned char>(s[i + k]);
    if ((cc & 0xC0) != 0x80) return {0, 0};
    cp = (cp << 6) | (cc & 0x3Fu);
  }
  const bool ok = (len == 2 && cp >= 0x80) || (len == 3 && cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF)) ||
                  (len == 4 && cp >= 0x10000 && cp <= 0x10FFFF);
  return ok ? std::pair{cp, len} : std::pair<uint32_t, size_t>{0, 0};
}

std::string hex_text(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    out += kDigits[b >> 4];
    out += kDigits[b & 0xF];
  }
  return out;
}

std::string fourcc_text(uint32_t fourcc) {
  std::string out;
  for (int i = 0; i < 4; ++i) {
    const auto c = static_cast<unsigned char>((fourcc >> (8 * i)) & 0xFF);
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out.push_back(static_cast<char>(c));
    } else {
      constexpr std::string_view kHex = "0123456789ABCDEF";
      out += {'\\', 'x', kHex[c >> 4], kHex[c & 0xF]};
    }
  }
  return out;
}

std::string utf8_text(std::string_view s, bool keep_whitespace) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      const bool whitespace = c == '\t' || c == '\n' || c == '\r';
      if ((c < 0x20 && !(whitespace && keep_whitespace)) || c == 0x7F) {
        out += strprintf("\\x%02X", c);
      } else {
        out.push_back(static_cast<char>(c));
      }
      continue;
    }
    const size_t len = decode_utf8(s, i).second;
    if (len != 0) {
      out.append(s.substr(i, len));
      i += len - 1;
    } else {
      out += strprintf("\\x%02X", c);
    }
  }
  return out;
}

std::string cleaned_text(std::string s, bool keep_whitespace) {
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    const bool plain = (c >= 0x20 && c < 0x7F) || (keep_whitespace && (c == '\t' || c == '\n' || c == '\r'));
    if (!plain) return utf8_text(std::string_view(s), keep_whitespace);
  }
  return s;
}

std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i != 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

std::string capped_text(std::string s) {
  if (s.size() <= kMaxDiagnosticText) return s;
  const size_t left_out = s.size() - kMaxDiagnosticText;
  s.resize(kMaxDiagnosticText);
  return s + "...(" + grouped(left_out) + " more characters)";
}

}  // namespace sp
