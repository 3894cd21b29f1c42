// The constant table as fxc's listing prints it: each constant declared in
// HLSL, then the registers it was given, in a table whose columns are as
// wide as their widest entry (docs/formats/d3d9.md, "The listing").
#include <algorithm>
#include <tuple>

#include "core/strings.h"
#include "d3d9/listing.h"

namespace sp::d3d9 {
namespace {

// D3DXPARAMETER_TYPE, as HLSL spells it.
constexpr std::string_view kTypeNames[] = {
    "void",        "bool",        "int",          "float",         "string",         "texture",    "texture1D",
    "texture2D",   "texture3D",   "textureCUBE",  "sampler",       "sampler1D",      "sampler2D",  "sampler3D",
    "samplerCUBE", "pixelshader", "vertexshader", "pixelfragment", "vertexfragment", "unsupported"};
// D3DXREGISTER_SET: the register file's letter.
constexpr std::string_view kRegisterLetters[] = {"b", "i", "c", "s"};

// The narrowest the Name and Reg columns get (their headings and fxc's
// padding: "Name         Reg   Size").
constexpr size_t kNameColumn = 12;
constexpr size_t kRegisterColumn = 5;

std::string type_name(const TypeInfo& t) {
  const std::string base = name_of(kTypeNames, t.type);
  switch (t.klass) {
    case kVector:
      return base + std::to_string(t.columns);
    case kMatrixRows:
      return strprintf("row_major %s%ux%u", base.c_str(), t.rows, t.columns);
    case kMatrixColumns:
      return strprintf("%s%ux%u", base.c_str(), t.rows, t.columns);
    default:
      return base;
  }
}

std::string array_suffix(const TypeInfo& t) { return t.elements > 1 ? strprintf("[%u]", t.elements) : ""; }

// One declaration, a struct's members inside braces. The reader bounded
// the nesting by limits.max_depth, and so this recursion.
void declare(const ConstantTable& table, uint32_t type, FileText name, const std::string& indent,
             TextBuffer& out) {
  const TypeInfo& t = table.types[type];
  if (t.klass != kStruct) {
    out.append("//   " + indent + type_name(t) + " " + listing_text(name) + array_suffix(t) + ";\n");
    return;
  }
  out.append("//   " + indent + "struct\n//   " + indent + "{\n");
  for (uint32_t k = 0; k < t.member_count; ++k) {
    const Member& m = table.members[t.first_member + k];
    declare(table, m.type, m.name, indent + "    ", out);
  }
  out.append("//\n//   " + indent + "} " + listing_text(name) + array_suffix(t) + ";\n");
}

std::string register_text(const Constant& c) {
  return name_of(kRegisterLetters, c.register_set) + std::to_string(c.register_index);
}

std::string padded(std::string_view s, size_t width) {
  std::string out(s);
  if (out.size() < width) out.append(width - out.size(), ' ');
  return out;
}

}  // namespace

void list_constants(const ConstantTable& table, TextBuffer& out) {
  out.append("//\n// Parameters:\n//\n");
  for (const Constant& c : table.constants) declare(table, c.type, c.name, "", out);
  out.append("//\n//\n// Registers:\n//\n");
  std::vector<const Constant*> rows;
  size_t name_width = kNameColumn;
  size_t register_width = kRegisterColumn;
  for (const Constant& c : table.constants) {
    rows.push_back(&c);
    name_width = std::max(name_width, listing_text(c.name).size());
    register_width = std::max(register_width, register_text(c).size());
  }
  // By register, constants sharing one in table order: std::sort with that
  // total order (the rows point into one array), as libstdc++'s
  // stable_sort uses std::get_temporary_buffer, deprecated in C++20 and an
  // error under clang-22's -Werror (the asan preset).
  std::sort(rows.begin(), rows.end(), [](const Constant* a, const Constant* b) {
    return std::tuple(a->register_set, a->register_index, a) < std::tuple(b->register_set, b->register_index, b);
  });
  out.append("//   " + padded("Name", name_width) + " " + padded("Reg", register_width) + " Size\n");
  out.append("//   " + std::string(name_width, '-') + " " + std::string(register_width, '-') + " ----\n");
  for (const Constant* c : rows)
    out.append("//   " + padded(listing_text(c->name), name_width) + " " + padded(register_text(*c), register_width) +
               strprintf(" %4u\n", c->register_count));
  out.append("//\n\n");
}

}  // namespace sp::d3d9
