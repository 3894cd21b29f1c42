// The structured dump: the model field by field, in the file's order, each
// table with where it lies and each entry with what it means.
#include "shbin/describe.h"

#include "core/diagnostic_json.h"
#include "core/strings.h"
#include "shbin/listing.h"
#include "shbin/pica.h"

namespace sp::shbin {
namespace {

using Json = nlohmann::ordered_json;

std::string hex(uint32_t v) { return strprintf("0x%08x", v); }

Json table(const TableRef& t, std::string_view count = "count") {
  Json j;
  j["offset"] = t.offset;
  j[std::string(count)] = t.count;
  return j;
}

std::string components(uint32_t mask, bool x_high) {
  std::string out;
  for (uint32_t c = 0; c < 4; ++c)
    if ((mask >> (x_high ? 3 - c : c)) & 1) out += pica::kComponents[c];
  return out;
}

std::string swizzle(uint32_t s) {
  std::string out;
  for (uint32_t c = 0; c < 4; ++c) out += pica::kComponents[pica::selector_of(s, c)];
  return out;
}

// A register of the 7-bit source space or the 5-bit destination space.
std::string source_register(uint32_t r) {
  return r < 0x10 ? strprintf("v%u", r) : r < 0x20 ? strprintf("r%u", r - 0x10) : strprintf("c%u", r - 0x20);
}
std::string dest_register(uint32_t r) { return r < 0x10 ? strprintf("o%u", r) : strprintf("r%u", r - 0x10); }

Json instruction(const Dvlp& p, size_t k) {
  const pica::Instruction in = pica::decode(p.code[k]);
  Json j;
  j["address"] = k;
  j["word"] = hex(p.code[k]);
  if (in.op == pica::Op::undefined) {
    j["opcode"] = strprintf("0x%02x", in.opcode);
    j["format"] = "undefined";
    return j;
  }
  j["opcode"] = std::string(pica::info_of(in.op).name);
  j["format"] = std::string(pica::format_name(in.format));
  j["text"] = instruction_text(in, p.descriptors);
  if (pica::has_descriptor(in.format)) j["descriptor"] = in.descriptor;
  if (pica::has_dest(in.format) && in.op != pica::Op::mova) j["dest"] = dest_register(in.dest);
  const uint32_t sources = pica::source_count(in.format);
  const uint32_t wide = pica::wide_source(in.format);
  if (sources > 0) {
    Json list = Json::array();
    for (uint32_t s = 1; s <= sources; ++s) list.push_back(source_register(s == 1 ? in.src1 : s == 2 ? in.src2 : in.src3));
    j["sources"] = std::move(list);
  }
  if (wide != 0 && in.relative != 0) {
    constexpr std::string_view kRelative[] = {"", "a0.x", "a0.y", "aL"};
    j["relative"] = {{"source", wide}, {"register", std::string(kRelative[in.relative & 3])}};
  }
  switch (in.format) {
    case pica::Format::f1c:
      j["compare_x"] = in.compare_x;
      j["compare_y"] = in.compare_y;
      break;
    case pica::Format::f2:
      j["condition"] = in.condition;
      j["ref_x"] = in.ref_x;
      j["ref_y"] = in.ref_y;
      j["dst"] = in.dst;
      j["num"] = in.num;
      break;
    case pica::Format::f3:
      j["uniform"] = in.op == pica::Op::loop ? strprintf("i%u", in.uniform & 3u) : strprintf("b%u", in.uniform);
      j["dst"] = in.dst;
      j["num"] = in.num;
      break;
    case pica::Format::f4:
      j["vertex"] = in.vertex;
      j["primitive"] = in.primitive;
      j["winding"] = in.winding;
      break;
    default:
      break;
  }
  if (in.unused != 0) j["unused_bits"] = hex(in.unused);
  return j;
}

Json descriptor(const OperandDescriptor& d) {
  const pica::Descriptor v{d.value};
  Json j;
  j["value"] = hex(d.value);
  if (d.unused != 0) j["unused"] = hex(d.unused);
  j["dest_mask"] = components(v.dest_mask(), true);
  Json sources = Json::array();
  for (uint32_t s = 0; s < 3; ++s) sources.push_back({{"negate", v.negate(s)}, {"swizzle", swizzle(v.swizzle(s))}});
  j["sources"] = std::move(sources);
  return j;
}

Json dvlp(const Dvlp& p) {
  Json j;
  j["offset"] = p.offset;
  j["header_size"] = p.header_size;
  j["version"] = p.version;
  j["code_table"] = table(p.code_table);
  j["descriptor_table"] = table(p.descriptor_table);
  j["line_table"] = table(p.line_table);
  if (p.header_size >= kPicassoDvlpSize) j["string_table"] = table(p.string_table, "size");
  Json code = Json::array();
  for (size_t k = 0; k < p.code.size(); ++k) code.push_back(instruction(p, k));
  j["code"] = std::move(code);
  Json descriptors = Json::array();
  for (const OperandDescriptor& d : p.descriptors) descriptors.push_back(descriptor(d));
  j["descriptors"] = std::move(descriptors);
  if (!p.lines.empty()) {
    Json lines = Json::array();
    for (const LineInfo& l : p.lines)
      lines.push_back({{"file_offset", l.file_offset}, {"file", l.file}, {"line", l.line}});
    j["lines"] = std::move(lines);
  }
  return j;
}

std::string uniform_range(const Uniform& u) {
  const UniformRegister first = uniform_register(u.first);
  const UniformRegister last = uniform_register(u.last);
  if (first.klass == RegisterClass::none || last.klass == RegisterClass::none) return "";
  const std::string a = std::string(register_prefix(first.klass)) + std::to_string(first.index);
  if (u.first == u.last) return a;
  return a + "-" + std::string(register_prefix(last.klass)) + std::to_string(last.index);
}

Json constant(const Constant& c) {
  Json j;
  const std::string_view type = constant_type_name(c.type);
  j["type"] = type.empty() ? Json(c.type) : Json(std::string(type));
  const RegisterClass klass = constant_class(c.type);
  j["register"] = klass == RegisterClass::none ? Json(c.index)
                                               : Json(std::string(register_prefix(klass)) + std::to_string(c.index));
  switch (klass) {
    case RegisterClass::floating: {
      const std::array<float, 4> f = c.floats();
      j["values"] = {f[0], f[1], f[2], f[3]};
      break;
    }
    case RegisterClass::integer: {
      const std::array<uint8_t, 4> i = c.integers();
      j["values"] = {i[0], i[1], i[2], i[3]};
      break;
    }
    case RegisterClass::boolean:
      j["value"] = c.value[0] != 0;
      break;
    default:
      break;
  }
  j["raw"] = {hex(c.value[0]), hex(c.value[1]), hex(c.value[2]), hex(c.value[3])};
  return j;
}

Json dvle(const Dvle& d) {
  Json j;
  j["offset"] = d.offset;
  j["version"] = strprintf("0x%04x", d.version);
  const std::string_view type = shader_type_name(d.type);
  j["type"] = type.empty() ? Json(d.type) : Json(std::string(type));
  j["merge_outmaps"] = (d.flags & 1) != 0;
  j["debug"] = (d.flags & 2) != 0;
  if ((d.flags & ~3u) != 0) j["flags"] = d.flags;
  j["main"] = d.main;
  j["endmain"] = d.endmain;
  j["input_mask"] = strprintf("0x%04x", d.input_mask);
  j["output_mask"] = strprintf("0x%04x", d.output_mask);
  j["geometry"] = {{"mode", d.geometry_mode},
                   {"fixed_vertex_start", d.fixed_vertex_start},
                   {"variable_vertex_count", d.variable_vertex_count},
                   {"fixed_vertex_count", d.fixed_vertex_count}};
  j["constant_table"] = table(d.constant_table);
  j["label_table"] = table(d.label_table);
  j["outmap_table"] = table(d.outmap_table);
  j["uniform_table"] = table(d.uniform_table);
  j["symbol_table"] = table(d.symbol_table, "size");
  Json constants = Json::array();
  for (const Constant& c : d.constants) constants.push_back(constant(c));
  j["constants"] = std::move(constants);
  Json labels = Json::array();
  for (const Label& l : d.labels)
    labels.push_back({{"id", hex(l.id)}, {"address", l.address}, {"length", l.length}, {"name", l.name}});
  j["labels"] = std::move(labels);
  Json outmaps = Json::array();
  for (const Outmap& o : d.outmaps) {
    const std::string_view semantic = output_semantic_name(o.semantic);
    Json m;
    m["semantic"] = semantic.empty() ? Json(o.semantic) : Json(std::string(semantic));
    m["register"] = strprintf("o%u", o.reg);
    m["mask"] = components(o.mask & 0xFu, false);
    if ((o.mask & ~0xFu) != 0 || o.reserved != 0) m["raw_mask"] = {o.mask, o.reserved};
    outmaps.push_back(std::move(m));
  }
  j["outmaps"] = std::move(outmaps);
  Json uniforms = Json::array();
  for (const Uniform& u : d.uniforms) {
    Json n;
    n["name"] = u.name;
    n["first"] = strprintf("0x%02x", u.first);
    n["last"] = strprintf("0x%02x", u.last);
    const UniformRegister r = uniform_register(u.first);
    n["class"] = r.klass == RegisterClass::input      ? "input"
                 : r.klass == RegisterClass::floating ? "float"
                 : r.klass == RegisterClass::integer  ? "int"
                 : r.klass == RegisterClass::boolean  ? "bool"
                                                      : "none";
    n["registers"] = uniform_range(u);
    uniforms.push_back(std::move(n));
  }
  j["uniforms"] = std::move(uniforms);
  return j;
}

}  // namespace

nlohmann::ordered_json describe(const Shbin& s, const std::vector<Diagnostic>& warnings) {
  Json j;
  j["format"] = "shbin";
  j["size"] = s.file_size;
  j["dvlb"] = {{"dvle_count", s.dvle_count}, {"dvle_offsets", s.dvle_offsets}};
  j["dvlp"] = dvlp(s.dvlp);
  Json dvles = Json::array();
  for (const Dvle& d : s.dvles) dvles.push_back(dvle(d));
  j["dvles"] = std::move(dvles);
  // Which DVLE each offset table entry names, when entries share one.
  if (s.dvle_of.size() != s.dvles.size()) j["dvle_of"] = s.dvle_of;
  Json unclaimed = Json::array();
  for (const Unclaimed& u : s.unclaimed) unclaimed.push_back({{"offset", u.offset}, {"size", u.bytes.size()}});
  j["unclaimed"] = std::move(unclaimed);
  Json warns = Json::array();
  for (const Diagnostic& w : warnings) warns.push_back(diagnostic_json(w));
  j["warnings"] = std::move(warns);
  return j;
}

}  // namespace sp::shbin
