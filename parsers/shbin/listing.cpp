// The listing's frame and its directives (docs/formats/shbin.md, "The
// listing"). picasso places what a source declares by allocation order,
// not by register: .fvec / .ivec / .bool take the lowest free registers in
// declaration order, .constf / .consti the highest, .out the register it
// is given. So each DVLE table becomes the directives that reproduce it:
// uniforms in register order with hidden fillers (names starting with '_'
// stay out of the DVLE's table) over gaps, constants as .constf / .consti
// where the allocation from the top gives their register and as .setf /
// .seti (which name one) elsewhere, booleans as .setb (picasso has no
// .constb), outputs with their register and mask.
#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <set>

#include "core/strings.h"
#include "shbin/listing.h"
#include "shbin/listing_names.h"

namespace sp::shbin {
namespace listing {
namespace {

bool register_like(std::string_view s) {
  constexpr std::string_view kFiles = "ovrcib";
  return s.size() >= 2 && kFiles.find(s[0]) != std::string_view::npos && s[1] >= '0' && s[1] <= '9';
}

// picasso writes '$' of a source's names as '.' in the DVLE's table; the
// listing turns them back.
std::string source_name(FileText table_name) {
  std::string out(table_name.bytes());
  std::replace(out.begin(), out.end(), '.', '$');
  return out;
}

// A float24 as a decimal that reads back to the same float (and so, through
// picasso's conversion, to the same float24): the shortest round-trip form.
std::string float_text(float f) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, f);
  std::string s(buf, r.ptr);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

class Declarer {
 public:
  Declarer(const Dvle& d, Names* names, std::string& out, std::string_view prefix)
      : d_(d), names_(names), out_(out), prefix_(prefix) {}

  void run() {
    if (d_.type == static_cast<uint8_t>(ShaderType::geometry)) geometry();
    uniforms(RegisterClass::floating, ".fvec");
    uniforms(RegisterClass::integer, ".ivec");
    uniforms(RegisterClass::boolean, ".bool");
    inputs();
    constants();
    outputs();
  }

 private:
  void line(const std::string& text) {
    out_ += prefix_;
    out_ += text;
    out_ += '\n';
  }

  // A name the directives may declare: an identifier not declared before.
  bool usable(const std::string& name) {
    return is_identifier(name) && name.front() != '_' && declared_.insert(name).second;
  }

  Names::Alias* alias(RegisterClass klass, uint32_t index) {
    if (names_ == nullptr) return nullptr;
    switch (klass) {
      case RegisterClass::input: return index < 16 ? &names_->inputs[index] : nullptr;
      case RegisterClass::floating: return index < 96 ? &names_->floats[index] : nullptr;
      case RegisterClass::integer: return index < 4 ? &names_->integers[index] : nullptr;
      case RegisterClass::boolean: return index < 16 ? &names_->booleans[index] : nullptr;
      case RegisterClass::none: break;
    }
    return nullptr;
  }

  // picasso's .gsh: the mode, the first float register its allocator may
  // use (the file does not keep it: c0, and the fillers place the rest),
  // the fixed mode's array start and the vertex counts.
  void geometry() {
    switch (d_.geometry_mode) {
      case 0: line(".gsh point c0"); break;
      case 1: line(strprintf(".gsh variable c0 %u", d_.variable_vertex_count)); break;
      case 2: line(strprintf(".gsh fixed c0 c%u %u", d_.fixed_vertex_start, d_.fixed_vertex_count)); break;
      default: line(strprintf("; .gsh with geometry mode %u, which picasso cannot write", d_.geometry_mode)); break;
    }
  }

  // The uniforms of one class in register order, allocated from its
  // register 0 up.
  void uniforms(RegisterClass klass, std::string_view directive) {
    std::vector<const Uniform*> list;
    for (const Uniform& u : d_.uniforms)
      if (uniform_register(u.first).klass == klass) list.push_back(&u);
    // By register, then table order (the pointers are into one vector).
    // std::sort over a total order: clang-22 rejects stable_sort's
    // deprecated std::get_temporary_buffer under -Werror.
    std::sort(list.begin(), list.end(),
              [](const Uniform* a, const Uniform* b) { return a->first != b->first ? a->first < b->first : a < b; });
    uint32_t next = 0;
    for (const Uniform* u : list) {
      const UniformRegister first = uniform_register(u->first);
      const UniformRegister last = uniform_register(u->last);
      const std::string name = source_name(u->name);
      const uint32_t count = u->last >= u->first ? u->last - u->first + 1u : 0u;
      const std::string size = count > 1 ? strprintf("[%u]", count) : "";
      if (last.klass != klass || count == 0 || first.index < next || !usable(name)) {
        line(strprintf("; %s %s%s at %s%u: picasso cannot place it", std::string(directive).c_str(),
                       u->name.printable().c_str(), size.c_str(), std::string(register_prefix(klass)).c_str(),
                       first.index));
        continue;
      }
      if (first.index > next) {
        const uint32_t gap = first.index - next;
        line(strprintf("%s _gap%u%s", std::string(directive).c_str(), gaps_++,
                       gap > 1 ? strprintf("[%u]", gap).c_str() : ""));
      }
      line(std::string(directive) + " " + name + size);
      for (uint32_t k = 0; k < count; ++k)
        if (Names::Alias* a = alias(klass, first.index + k)) *a = {name, k, count > 1};
      next = first.index + count;
    }
  }

  // Input registers a uniform names (picasso's .in, which puts one there).
  void inputs() {
    for (const Uniform& u : d_.uniforms) {
      const UniformRegister first = uniform_register(u.first);
      if (first.klass != RegisterClass::input) continue;
      const std::string name = source_name(u.name);
      if (u.last != u.first || !usable(name)) {
        line(strprintf("; .in %s v%u-0x%02x: picasso cannot place it", u.name.printable().c_str(), first.index, u.last));
        continue;
      }
      line(strprintf(".in %s v%u", name.c_str(), first.index));
      if (Names::Alias* a = alias(RegisterClass::input, first.index)) *a = {name, 0, false};
    }
  }

  void constants() {
    uint32_t next_float = 95, next_int = 3;  // .constf / .consti allocate from the top
    for (const Constant& c : d_.constants) {
      const RegisterClass klass = constant_class(c.type);
      if (klass == RegisterClass::none || c.index >= register_count(klass)) {
        line(strprintf("; constant of type %u for register %u: picasso cannot write it", c.type, c.index));
        continue;
      }
      if (klass == RegisterClass::boolean) {
        line(strprintf(".setb b%u %s", c.index, c.value[0] != 0 ? "true" : "false"));
        continue;
      }
      std::string values;
      if (klass == RegisterClass::floating) {
        const std::array<float, 4> f = c.floats();
        values = float_text(f[0]) + ", " + float_text(f[1]) + ", " + float_text(f[2]) + ", " + float_text(f[3]);
      } else {
        const std::array<uint8_t, 4> i = c.integers();
        values = strprintf("%u, %u, %u, %u", i[0], i[1], i[2], i[3]);
      }
      const std::string_view file = register_prefix(klass);
      uint32_t& next = klass == RegisterClass::floating ? next_float : next_int;
      Names::Alias* a = alias(klass, c.index);
      const std::string name = strprintf("const_%s%u", std::string(file).c_str(), c.index);
      if (c.index == next && (a == nullptr || a->name.empty()) && usable(name)) {
        line(strprintf("%s %s(%s)", klass == RegisterClass::floating ? ".constf" : ".consti", name.c_str(),
                       values.c_str()));
        if (a != nullptr) *a = {name, 0, false};
        --next;
      } else {
        line(strprintf("%s %s%u(%s)", klass == RegisterClass::floating ? ".setf" : ".seti",
                       std::string(file).c_str(), c.index, values.c_str()));
      }
    }
  }

  void outputs() {
    for (const Outmap& o : d_.outmaps) {
      const std::string_view semantic = output_semantic_name(o.semantic);
      if (semantic.empty() || o.reg > kMaxOutputRegister) {
        line(strprintf("; output semantic %u in o%u (mask 0x%x): picasso cannot write it", o.semantic, o.reg, o.mask));
        continue;
      }
      std::string mask;
      if ((o.mask & 0xF) != 0xF && (o.mask & 0xF) != 0) {
        mask = ".";
        for (uint32_t c = 0; c < 4; ++c)
          if ((o.mask >> c) & 1) mask += pica::kComponents[c];
      }
      // The first output of a register names it; picasso's "-" declares
      // the others without an alias.
      std::string name = "-";
      if (aliased_outputs_.insert(o.reg).second) {
        std::string candidate = "out_" + std::string(semantic);
        for (uint32_t k = 1; declared_.contains(candidate); ++k)
          candidate = strprintf("out_%s_%u", std::string(semantic).c_str(), k);
        declared_.insert(candidate);
        name = candidate;
        if (names_ != nullptr) names_->outputs[o.reg] = name;
      }
      line(strprintf(".out %s %s o%u%s", name.c_str(), std::string(semantic).c_str(), o.reg, mask.c_str()));
    }
  }

  const Dvle& d_;
  Names* names_;
  std::string& out_;
  std::string_view prefix_;
  std::set<std::string> declared_;
  std::set<uint16_t> aliased_outputs_;
  uint32_t gaps_ = 0;
};

void header(const Shbin& s, std::string& out) {
  const Dvlp& p = s.dvlp;
  out += strprintf("; Nintendo 3DS shader binary (DVLB), %" PRIu64 " bytes, %u DVLE%s\n", s.file_size, s.dvle_count,
                   s.dvle_count == 1 ? "" : "s");
  out += strprintf("; DVLP at 0x%" PRIx64 ": version %u, 0x%x-byte header, %zu code words, %zu operand descriptors\n",
                   p.offset, p.version, p.header_size, p.code.size(), p.descriptors.size());
}

// `entries`: the offset table entries that name the DVLE (the first few).
void dvle_comment(const Shbin& s, size_t k, const std::string& entries, std::string& out) {
  const Dvle& d = s.dvles[k];
  const std::string_view type = shader_type_name(d.type);
  const std::string what = type.empty() ? strprintf("type %u", d.type) : std::string(type);
  out += strprintf("; DVLE %zu at 0x%x (table entr%s %s): %s shader, version 0x%04x, main 0x%03x, endmain 0x%03x", k,
                   d.offset, entries.find(',') == std::string::npos ? "y" : "ies", entries.c_str(), what.c_str(),
                   d.version, d.main, d.endmain);
  if (d.flags != 0) out += strprintf(", flags 0x%02x", d.flags);
  out += "\n";
}

// For each DVLE, the offset table entries naming it, up to a few and "...".
std::vector<std::string> entries_of(const Shbin& s) {
  std::vector<std::string> out(s.dvles.size());
  std::vector<uint32_t> listed(s.dvles.size(), 0);
  for (size_t i = 0; i < s.dvle_of.size(); ++i) {
    const uint32_t k = s.dvle_of[i];
    if (k >= out.size()) continue;
    if (listed[k] < 8) out[k] += (listed[k] == 0 ? "" : ", ") + std::to_string(i);
    if (listed[k] == 8) out[k] += ", ...";
    if (listed[k] <= 8) ++listed[k];
  }
  return out;
}

}  // namespace

bool is_identifier(std::string_view s) {
  if (s.empty() || register_like(s)) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
    if (!alpha && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

std::string alias_text(const Names::Alias& a) {
  return a.array ? strprintf("%s[%u]", a.name.c_str(), a.offset) : a.name;
}

std::string Names::source(uint32_t reg, uint32_t relative) const {
  constexpr std::string_view kIndex[] = {"", "a0", "a1", "lcnt"};
  const Alias* alias = nullptr;
  std::string plain;
  if (reg < 0x10) {
    alias = &inputs[reg];
    plain = strprintf("v%u", reg);
  } else if (reg < 0x20) {
    plain = strprintf("r%u", reg - 0x10);
  } else {
    alias = reg - 0x20 < floats.size() ? &floats[reg - 0x20] : nullptr;
    plain = strprintf("c%u", reg - 0x20);
  }
  const bool named = alias != nullptr && !alias->name.empty();
  if (relative == 0) return named ? alias_text(*alias) : plain;
  // name[a0+k] (picasso reads the index register first), c5[a0].
  const std::string_view index = kIndex[relative & 3];
  if (!named) return plain + "[" + std::string(index) + "]";
  return alias->offset == 0 ? alias->name + "[" + std::string(index) + "]"
                            : strprintf("%s[%s+%u]", alias->name.c_str(), std::string(index).c_str(), alias->offset);
}

std::string Names::dest(uint32_t reg) const {
  if (reg >= 0x10) return strprintf("r%u", reg - 0x10);
  return outputs[reg].empty() ? strprintf("o%u", reg) : outputs[reg];
}

std::string Names::boolean(uint32_t index) const {
  return index < booleans.size() && !booleans[index].name.empty() ? alias_text(booleans[index])
                                                                   : strprintf("b%u", index);
}

std::string Names::integer(uint32_t index) const {
  return index < integers.size() && !integers[index].name.empty() ? alias_text(integers[index])
                                                                   : strprintf("i%u", index);
}

}  // namespace listing

std::string instruction_text(const pica::Instruction& in, const std::vector<OperandDescriptor>& descriptors) {
  const listing::Names plain;
  return listing::instruction_text(in, descriptors, plain, false);
}

void list_shbin(const Shbin& s, TextBuffer& out) {
  std::string text;
  listing::header(s, text);
  // One DVLE: its names in the code, and its directives as they are. With
  // several, picasso would need a source file each (its DVLEs come one per
  // file): their directives are printed commented out, and the code uses
  // plain registers. Every DVLE's labels name their words.
  const bool one = s.dvles.size() == 1;
  listing::Names names;
  std::set<std::string> label_names;
  const std::vector<std::string> entries = listing::entries_of(s);
  for (size_t k = 0; k < s.dvles.size(); ++k) {
    listing::dvle_comment(s, k, entries[k], text);
    listing::Declarer(s.dvles[k], one ? &names : nullptr, text, one ? "" : "; ").run();
    // Entry points other than the first DVLE's are procedures of their own
    // (list_code names them main_<k>).
    const Dvle& first = s.dvles[0];
    if (k > 0 && (s.dvles[k].main != first.main || s.dvles[k].endmain != first.endmain))
      text += strprintf("; .entry main_%zu\n", k);
    for (const Label& l : s.dvles[k].labels) {
      const std::string name = listing::source_name(l.name);
      if (l.address < s.dvlp.code.size() && listing::is_identifier(name) && !names.labels.contains(l.address) &&
          label_names.insert(name).second)
        names.labels.emplace(l.address, name);
    }
  }
  text += "\n";
  listing::list_code(s, names, text);
  out.append(text);
}

bool write_listing(Bytes file, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error) {
  Context ctx(limits, file.size());
  Shbin shbin;
  if (!parse_shbin(file, 0, ctx, shbin)) {
    error = ctx.take_error();
    return false;
  }
  TextBuffer text;
  list_shbin(shbin, text);
  const uint64_t cap = uint64_t{limits.max_text_per_input_byte} * file.size() + 4096;
  if (text.size() > cap) {
    error = Diagnostic{Code::limit_exceeded, 0, "",
                       strprintf("the listing would take %zu bytes, more than %u per input byte", text.size(),
                                 limits.max_text_per_input_byte)};
    return false;
  }
  text.for_each_piece([&](std::string_view piece) { out.append(piece); });
  return true;
}

}  // namespace sp::shbin
