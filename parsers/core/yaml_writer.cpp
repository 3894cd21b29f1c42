#include "core/yaml_writer.h"

#include <cstring>

#include "core/strings.h"

namespace sp::yaml {
namespace {

enum class Quoting { none, single, dbl };

bool is_alnum(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// YAML 1.2 core-schema null/bool/number spellings, which a plain scalar
// would turn into another type (llvm::yaml::isNull/isBool/isNumeric).
bool is_null(std::string_view s) { return s == "null" || s == "Null" || s == "NULL" || s == "~"; }

bool is_bool(std::string_view s) {
  return s == "true" || s == "True" || s == "TRUE" || s == "false" || s == "False" || s == "FALSE";
}

bool is_numeric(std::string_view s) {
  auto digits = [](std::string_view t, auto pred) {
    if (t.empty()) return false;
    for (char c : t)
      if (!pred(static_cast<unsigned char>(c))) return false;
    return true;
  };
  auto dec = [](unsigned char c) { return c >= '0' && c <= '9'; };
  // LLVM's isNumeric also takes a sign first; needs_quotes has no need of
  // it, as '-' opens an indicator and '+' is not a plain character, so a
  // signed number is quoted before its digits are looked at.
  if (s.empty()) return false;
  if (s == ".inf" || s == ".Inf" || s == ".INF") return true;
  if (s == ".nan" || s == ".NaN" || s == ".NAN") return true;
  if (s.size() > 2 && s[0] == '0' && s[1] == 'o')
    return digits(s.substr(2), [](unsigned char c) { return c >= '0' && c <= '7'; });
  if (s.size() > 2 && s[0] == '0' && s[1] == 'x')
    return digits(s.substr(2), [](unsigned char c) {
      return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    });
  // (\. [0-9]+ | [0-9]+ (\. [0-9]*)?) ([eE] [-+]? [0-9]+)?
  size_t i = 0;
  auto at = [&](size_t k) -> unsigned char { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0; };
  if (at(0) == '.') {
    if (!dec(at(1))) return false;
    i = 1;
    while (dec(at(i))) ++i;
  } else if (dec(at(0))) {
    while (dec(at(i))) ++i;
    if (at(i) == '.') {
      ++i;
      while (dec(at(i))) ++i;
    }
  } else {
    return false;
  }
  if (at(i) == 'e' || at(i) == 'E') {
    ++i;
    if (at(i) == '+' || at(i) == '-') ++i;
    if (!dec(at(i))) return false;
    while (dec(at(i))) ++i;
  }
  return i == s.size();
}

Quoting needs_quotes(std::string_view s) {
  if (s.empty()) return Quoting::single;
  Quoting q = Quoting::none;
  auto space = [](unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  if (space(static_cast<unsigned char>(s.front())) || space(static_cast<unsigned char>(s.back()))) q = Quoting::single;
  if (is_null(s) || is_bool(s) || is_numeric(s)) q = Quoting::single;
  if (std::strchr(R"(-?:\,[]{}#&*!|>'"%@`)", s[0]) != nullptr) q = Quoting::single;
  for (char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (is_alnum(c)) continue;
    switch (c) {
      case '_': case '-': case '^': case '.': case ',': case ' ': case '\t':
        continue;
      default:
        // Line breaks, DEL, other controls and every non-ASCII byte.
        if (c <= 0x1F || c >= 0x7F) return Quoting::dbl;
        q = Quoting::single;
    }
  }
  return q;
}

// Code points LLVM's escape writes as \x/\u/\U: the C1 controls (but
// NEL), U+FFFE/U+FFFF, and the invisible format characters. LLVM asks a
// full Unicode table (sys::unicode::isPrintable); unassigned code points
// are the one case this short list does not cover.
bool printable(uint32_t cp) {
  if (cp >= 0x80 && cp <= 0x9F) return false;
  if (cp == 0xAD || (cp >= 0x600 && cp <= 0x605) || cp == 0x61C || cp == 0x6DD || cp == 0x70F) return false;
  if ((cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F)) return false;
  if (cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF || (cp >= 0xFFF9 && cp <= 0xFFFB)) return false;
  if (cp >= 0xE0000 && cp <= 0xE007F) return false;
  return true;
}

// llvm::yaml::escape for double-quoted scalars (docs/obj2yaml-dxcontainer.md
// section 3.1): C escapes for controls, DEL raw, printable UTF-8 as is, an
// invalid sequence ends the string with U+FFFD.
std::string escape(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    switch (c) {
      case '\\': out += "\\\\"; continue;
      case '"': out += "\\\""; continue;
      case 0: out += "\\0"; continue;
      case 0x07: out += "\\a"; continue;
      case 0x08: out += "\\b"; continue;
      case 0x09: out += "\\t"; continue;
      case 0x0A: out += "\\n"; continue;
      case 0x0B: out += "\\v"; continue;
      case 0x0C: out += "\\f"; continue;
      case 0x0D: out += "\\r"; continue;
      case 0x1B: out += "\\e"; continue;
      default: break;
    }
    if (c < 0x20) {
      out += strprintf("\\x%02X", c);
      continue;
    }
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
      continue;
    }
    const auto [cp, len] = decode_utf8(s, i);
    if (len == 0) {
      out += "\xEF\xBF\xBD";  // U+FFFD, and LLVM stops here
      break;
    }
    if (cp == 0x85) out += "\\N";
    else if (cp == 0xA0) out += "\\_";
    else if (cp == 0x2028) out += "\\L";
    else if (cp == 0x2029) out += "\\P";
    else if (printable(cp)) out.append(s.substr(i, len));
    else if (cp <= 0xFF) out += strprintf("\\x%02X", cp);
    else if (cp <= 0xFFFF) out += strprintf("\\u%04X", cp);
    else out += strprintf("\\U%08X", cp);
    i += len - 1;
  }
  return out;
}

}  // namespace

std::string quoted_string(std::string_view s) {
  switch (needs_quotes(s)) {
    case Quoting::none:
      return std::string(s);
    case Quoting::single: {
      std::string out = "'";
      for (char c : s) {
        out.push_back(c);
        if (c == '\'') out.push_back('\'');
      }
      return out + "'";
    }
    case Quoting::dbl:
      return "\"" + escape(s) + "\"";
  }
  return std::string(s);
}

Node Node::str(std::string_view s) { return raw(quoted_string(s)); }
Node Node::hex(uint64_t v) { return raw(strprintf("0x%llX", static_cast<unsigned long long>(v))); }

Node& Node::add(std::string key, Node value) {
  entries_.emplace_back(std::move(key), std::move(value));
  return entries_.back().second;
}

Node& Node::push(Node value) {
  entries_.emplace_back(std::string(), std::move(value));
  return entries_.back().second;
}

class Renderer {
 public:
  std::string out;

  void map_body(const Node& m, size_t indent, bool first_inline) {
    bool first = true;
    for (const auto& [key, value] : m.entries_) {
      if (!(first && first_inline)) pad_to(indent);
      first = false;
      out += key;
      out += ':';
      value_after_key(key, value, indent);
    }
  }

 private:
  size_t column() const {
    const size_t nl = out.rfind('\n');
    return nl == std::string::npos ? out.size() : out.size() - nl - 1;
  }
  void pad_to(size_t indent) { out.append(indent, ' '); }
  void key_padding(const std::string& key) { out.append(key.size() < 16 ? 16 - key.size() : 1, ' '); }

  void value_after_key(const std::string& key, const Node& v, size_t indent) {
    switch (v.kind_) {
      case Node::Kind::scalar:
        key_padding(key);
        out += v.text_;
        out += '\n';
        return;
      case Node::Kind::flow_seq:
        key_padding(key);
        flow(v);
        out += '\n';
        return;
      case Node::Kind::map:
        if (v.empty()) {
          key_padding(key);
          out += "{}\n";
          return;
        }
        out += '\n';
        map_body(v, indent + 2, false);
        return;
      case Node::Kind::seq:
        if (v.empty()) {
          key_padding(key);
          out += "[]\n";
          return;
        }
        out += '\n';
        seq_body(v, indent + 2);
        return;
    }
  }

  void seq_body(const Node& s, size_t indent) {
    for (const auto& entry : s.entries_) {
      const Node& item = entry.second;
      pad_to(indent);
      out += "- ";
      switch (item.kind_) {
        case Node::Kind::scalar:
          out += item.text_;
          out += '\n';
          break;
        case Node::Kind::flow_seq:
          flow(item);
          out += '\n';
          break;
        case Node::Kind::map:
          if (item.empty()) {
            out += "{}\n";
          } else {
            map_body(item, indent + 2, true);
          }
          break;
        case Node::Kind::seq:
          if (item.empty()) {
            out += "[]\n";
          } else {
            out += '\n';
            seq_body(item, indent + 2);
          }
          break;
      }
    }
  }

  // "[ a, b, c ]", wrapping after column 70 like yaml::Output.
  void flow(const Node& s) {
    const size_t start = column();
    out += "[ ";
    bool first = true;
    for (const auto& entry : s.entries_) {
      if (!first) {
        out += ", ";
        if (column() > 70) {
          out += '\n';
          out.append(start + 2, ' ');
        }
      }
      first = false;
      out += entry.second.text_;
    }
    out += " ]";
  }
};

std::string Node::document(std::string_view tag) const {
  Renderer r;
  r.out = tag.empty() ? "---\n" : "--- " + std::string(tag) + "\n";
  r.map_body(*this, 0, false);
  r.out += "...\n";
  return r.out;
}

}  // namespace sp::yaml
