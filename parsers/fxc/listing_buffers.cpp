// The listing's "Buffer Definitions": each constant buffer of RDEF with its
// variables as HLSL declarations, structures opened member by member. The
// layout was read off fxc's /Fc output (docs/formats/fxc.md, "The
// listing's header"): a declaration and its indent fill 35 columns before
// "// Offset:", members print their offset from the buffer's start (the
// sum of the offsets down the structure), top-level variables add their
// size and "[unused]".
//
// Structures are printed with an explicit stack: a type reached twice
// prints twice (as fxc writes it), so the text can outgrow the chunk, and
// the lister stops at `budget` characters rather than trusting the file.
#include "core/strings.h"
#include "fxc/listing.h"

namespace sp::fxc {
namespace {

// D3D_SHADER_VARIABLE_FLAGS: D3D_SVF_USED.
constexpr uint32_t kUsed = 2;

// D3D_SHADER_VARIABLE_TYPE's numeric types, by HLSL name.
std::string base_type_name(uint16_t type) {
  switch (type) {
    case 0:
      return "void";
    case 1:
      return "bool";
    case 2:
      return "int";
    case 3:
      return "float";
    case 19:
      return "uint";
    case 20:
      return "uint8";
    case 39:
      return "double";
    case 50:
      return "min8float";
    case 51:
      return "min10float";
    case 52:
      return "min16float";
    case 53:
      return "min12int";
    case 54:
      return "min16int";
    case 55:
      return "min16uint";
    default:
      return strprintf("type%u", type);
  }
}

// The HLSL spelling of a type that is not a structure.
std::string type_name(const RdefType& t) {
  switch (t.variable_class) {
    case kScalar:
      return base_type_name(t.variable_type);
    case kVector:
      return base_type_name(t.variable_type) + std::to_string(t.columns);
    case kMatrixRows:
    case kMatrixColumns:
      return std::string(t.variable_class == kMatrixRows ? "row_major " : "") + base_type_name(t.variable_type) +
             strprintf("%ux%u", t.rows, t.columns);
    case kInterfacePointer:
      return "interface " + listing_text(t.name.text);
    default:
      return t.name.text.empty() ? base_type_name(t.variable_type) : listing_text(t.name.text);
  }
}

// "name;" or "name[N];".
std::string declarator(FileText name, uint16_t elements) {
  std::string out = listing_text(name);
  if (elements > 0) out += strprintf("[%u]", elements);
  return out + ";";
}

class BufferLister {
 public:
  BufferLister(const Rdef& r, TextBuffer& out, size_t budget) : r_(r), out_(out), budget_(budget) {}

  bool run() {
    out_.append("// Buffer Definitions: \n//\n");
    for (const RdefConstantBuffer& cb : r_.constant_buffers) {
      const std::string kind =
          cb.type < std::size(kCbufferTypeNames) ? std::string(kCbufferTypeNames[cb.type]) : strprintf("buffer type %u ", cb.type);
      out_.append("// " + kind + listing_text(cb.name.text) + "\n// {\n//\n");
      for (size_t i = 0; i < cb.variables.size(); ++i)
        if (!variable(cb.variables[i], i == 0)) return false;
      out_.append("//\n// }\n//\n");
    }
    out_.append("//\n");
    return true;
  }

 private:
  // One structure being printed: its members are printed in turn, then
  // its closing line names the member or variable it is the type of.
  struct Frame {
    const RdefType* type;
    size_t next = 0;
    uint32_t indent = 0;                     // of the members
    uint32_t offset = 0;                     // of the structure, from the buffer's start
    std::string closing;                     // "} name;"
    const RdefVariable* variable = nullptr;  // when the structure is one's type
  };

  const RdefType* type_of(const RdefTypeRef& ref) const {
    return ref.index < r_.types.size() ? &r_.types[ref.index] : nullptr;
  }

  bool variable(const RdefVariable& v, bool first) {
    const RdefType* t = type_of(v.type);
    if (t == nullptr) return true;  // the reader resolves every type
    if (t->variable_class == kStruct) {
      if (!first) blank(0);
      open(*t, 0, v.start_offset, declarator(v.name.text, t->elements), &v);
      if (!members()) return false;
    } else {
      line(0, type_name(*t) + " " + declarator(v.name.text, t->elements), v.start_offset, &v);
    }
    if (v.default_value_offset != 0) {
      std::string values = "//      =";
      for (size_t k = 0; k + 4 <= v.default_value.size(); k += 4)
        values += strprintf(" 0x%08x", load_le<uint32_t>(v.default_value.data() + k));
      out_.append(values + " \n");
    }
    return out_.size() <= budget_;
  }

  // The structures opened from one variable, member by member.
  bool members() {
    while (!stack_.empty()) {
      if (out_.size() > budget_) return false;
      Frame& f = stack_.back();
      if (f.next == f.type->members.size()) {
        out_.append("//\n");
        line(f.indent - 4, f.closing, f.offset, f.variable);
        stack_.pop_back();
        continue;
      }
      const bool first = f.next == 0;
      const RdefMember& m = f.type->members[f.next++];
      const RdefType* t = type_of(m.type);
      if (t == nullptr) continue;
      const uint32_t offset = f.offset + m.offset;
      if (t->variable_class == kStruct) {
        if (!first) blank(f.indent);
        open(*t, f.indent, offset, declarator(m.name.text, t->elements), nullptr);
      } else {
        line(f.indent, type_name(*t) + " " + declarator(m.name.text, t->elements), offset, nullptr);
      }
    }
    return true;
  }

  void open(const RdefType& t, uint32_t indent, uint32_t offset, const std::string& name,
            const RdefVariable* variable) {
    const std::string pad(indent, ' ');
    out_.append("//   " + pad + "struct" + (t.name.text.empty() ? "" : " " + listing_text(t.name.text)) + "\n");
    out_.append("//   " + pad + "{\n");
    blank(indent + 4);
    stack_.push_back(Frame{&t, 0, indent + 4, offset, "} " + name, variable});
  }

  void blank(uint32_t indent) { out_.append("//   " + std::string(indent, ' ') + "\n"); }

  // A declaration and its offset; a top-level variable's line adds its
  // size and whether the program uses it.
  void line(uint32_t indent, const std::string& text, uint32_t offset, const RdefVariable* variable) {
    std::string s = "//   " + std::string(indent, ' ') + text;
    if (s.size() < 40) s.resize(40, ' ');
    // A space, then four columns: a fifth digit takes more room, not the space.
    s += strprintf("// Offset: %4u", offset);
    if (variable != nullptr) {
      s += strprintf(" Size:%6u", variable->size);
      if ((variable->flags & kUsed) == 0) s += " [unused]";
    }
    out_.append(s + "\n");
  }

  const Rdef& r_;
  TextBuffer& out_;
  size_t budget_;
  std::vector<Frame> stack_;
};

}  // namespace

bool list_buffer_definitions(const Rdef& rdef, TextBuffer& out, size_t budget) {
  return BufferLister(rdef, out, budget).run();
}

}  // namespace sp::fxc
