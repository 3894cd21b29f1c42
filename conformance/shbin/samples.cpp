#include "conformance/shbin/samples.h"

#include <stdexcept>

#include "conformance/shbin/builders.h"

namespace sp::shbin::build {
namespace {

std::string layout_name(Layout layout) { return layout == Layout::picasso ? "picasso" : "nihstro"; }

// nihstro writes version 0 where picasso writes 0x1002.
Shbin in_layout(Layout layout, const Code& code, std::vector<Dvle> dvles) {
  if (layout == Layout::nihstro)
    for (Dvle& d : dvles) d.version = 0;
  return shbin(layout, code, std::move(dvles));
}

Shbin every_format(Layout layout) {
  Dvle d = vertex(0, 41);
  d.labels = {label("target", 39, 0x10000)};
  return in_layout(layout, every_format_code(), {d});
}

// Every opcode of format `f` (cmp with every comparison, setemit with
// every flag), then end; flow control targets that end, so that every
// kind of target lies inside the code.
Code format_code(pica::Format f) {
  Code code;
  std::vector<uint32_t> flows;
  uint32_t k = 0;
  for (const pica::OpcodeInfo& row : pica::all_opcodes()) {
    if (row.format != f) continue;
    ++k;
    switch (f) {
      case pica::Format::f0: code.simple(row.op); break;
      case pica::Format::f1: code.binary(row.op, temp(k % 16), relative(c(k), pica::Relative(k % 4)), r(k % 16)); break;
      case pica::Format::f1i: code.binary(row.op, out(k % 8, "xy"), v(k % 16), relative(c(k), pica::kA0y)); break;
      case pica::Format::f1u:
        if (row.op == Op::mova) code.mova("xy", swizzled(c(k), "zw"));
        else code.unary(row.op, temp(k % 16, "x"), negated(swizzled(c(k), "w")));
        break;
      case pica::Format::f1c:
        for (uint8_t compare = 0; compare < 6; ++compare)
          code.cmp(relative(c(compare), pica::kAL), compare, static_cast<uint8_t>(5 - compare), r(compare));
        break;
      case pica::Format::f2:
        flows.push_back(code.conditional(row.op, pica::Condition(k % 4), (k & 1) != 0, (k & 2) != 0));
        break;
      case pica::Format::f3: flows.push_back(code.uniform(row.op, k % 4)); break;
      case pica::Format::f4:
        for (uint32_t vertex = 0; vertex < 4; ++vertex) code.setemit(vertex, (vertex & 1) != 0, (vertex & 2) != 0);
        break;
      case pica::Format::f5:
      case pica::Format::f5i: {
        const bool inverted = f == pica::Format::f5i;
        code.mad(row.op, temp(0), v(1), inverted ? r(2) : relative(c(7), pica::kA0x),
                 inverted ? relative(c(8), pica::kAL) : r(3));
        break;
      }
      case pica::Format::undefined: break;
    }
  }
  const uint32_t end = code.simple(Op::end);
  for (uint32_t at : flows) code.target(at, end, 1);
  return code;
}

// A vertex shader, a geometry shader and a third DVLE with no tables,
// named by the offset table five times in the order 0, 1, 2, 0, 1.
Shbin shared_entries(Layout layout) {
  Shbin s = vertex_and_geometry(layout);
  Dvle bare = vertex(0, 4);
  if (layout == Layout::nihstro) bare.version = 0;
  s.dvles.push_back(bare);
  s.dvle_of = {0, 1, 2, 0, 1};
  lay_out(s, layout);
  return s;
}

// The vertex and geometry shaders with a line of source for each word.
Shbin line_information() {
  Shbin s = vertex_and_geometry(Layout::picasso);
  for (uint32_t k = 0; k < s.dvlp.code.size(); ++k)
    s.dvlp.lines.push_back({0, 3 + k, k < 4 ? "vertex.v.pica" : "geometry.g.pica"});
  lay_out(s, Layout::picasso);
  return s;
}

// A geometry shader of `mode` alone: it copies its vertex out and emits.
Shbin geometry_shader(Layout layout, uint8_t mode) {
  Code code;
  code.unary(Op::mov, out(0), v(0));
  code.setemit(0, mode != 0, false);
  code.simple(Op::emit);
  code.simple(Op::end);
  Dvle gs = geometry(0, code.size(), mode);
  gs.output_mask = 0x1;
  gs.outmaps = {outmap(0, 0)};
  if (mode == 1) gs.variable_vertex_count = 3;
  return in_layout(layout, code, {gs});
}

// The textured quad's program and no DVLE at all.
Shbin no_dvles(Layout layout) { return in_layout(layout, textured_quad_code(), {}); }

// A DVLE of a header alone: every table empty.
Shbin empty_dvle(Layout layout) {
  const Code code = textured_quad_code();
  return in_layout(layout, code, {vertex(0, code.size())});
}

// Bytes after the last structure that are not padding: kept, and written
// back (picasso never writes them; a file may carry them).
Shbin unclaimed_bytes() {
  Shbin s = textured_quad(Layout::picasso);
  s.unclaimed = {{s.file_size + 2, std::string("\xAB\0\xCD", 3)}};
  s.file_size += 8;
  return s;
}

// Each DVLE's tables placed again in the reverse of picasso's order, from
// its header's end: the symbol table first, so the records after it start
// at odd offsets.
Shbin tables_reversed() {
  Shbin s = vertex_and_geometry(Layout::picasso);
  for (Dvle& d : s.dvles) {
    uint32_t at = kDvleHeaderSize;
    const auto place = [&](TableRef& t, uint64_t bytes) {
      t.offset = at;
      at += static_cast<uint32_t>(bytes);
    };
    place(d.symbol_table, d.symbols.size());
    place(d.uniform_table, uint64_t{kUniformSize} * d.uniforms.size());
    place(d.outmap_table, uint64_t{kOutmapSize} * d.outmaps.size());
    place(d.label_table, uint64_t{kLabelSize} * d.labels.size());
    place(d.constant_table, uint64_t{kConstantSize} * d.constants.size());
  }
  return s;
}

// Two vertex shaders with the same uniforms, the first naming the
// second's uniform and symbol tables (offsets count from each DVLE, so the
// first points forward into the second); its own stay zero.
Shbin tables_shared() {
  const Code code = textured_quad_code();
  Dvle first = vertex(0, code.size());
  first.uniforms = {uniform("projection", RegisterClass::floating, 0, 4), uniform("flags", RegisterClass::boolean, 3)};
  first.outmaps = {outmap(0, 0)};
  Dvle second = first;
  second.outmaps = {outmap(0, 0), outmap(2, 1)};
  Shbin s = shbin(Layout::picasso, code, {first, second});
  Dvle& a = s.dvles[0];
  const Dvle& b = s.dvles[1];
  a.uniform_table.offset = b.offset + b.uniform_table.offset - a.offset;
  a.symbol_table.offset = b.offset + b.symbol_table.offset - a.offset;
  return s;
}

}  // namespace

std::vector<Sample> samples() {
  std::vector<Sample> out;
  for (Layout layout : {Layout::picasso, Layout::nihstro}) {
    const std::string name = layout_name(layout);
    out.push_back({"textured_quad_" + name, textured_quad(layout)});
    out.push_back({"every_format_" + name, every_format(layout)});
    out.push_back({"vertex_and_geometry_" + name, vertex_and_geometry(layout)});
    out.push_back({"shared_entries_" + name, shared_entries(layout)});
    out.push_back({"no_dvles_" + name, no_dvles(layout)});
    out.push_back({"empty_dvle_" + name, empty_dvle(layout)});
  }
  for (pica::Format f : {pica::Format::f0, pica::Format::f1, pica::Format::f1i, pica::Format::f1u, pica::Format::f1c,
                         pica::Format::f2, pica::Format::f3, pica::Format::f4, pica::Format::f5, pica::Format::f5i}) {
    const Code code = format_code(f);
    out.push_back({"format_" + std::string(pica::format_name(f)) + "_picasso",
                   shbin(Layout::picasso, code, {vertex(0, code.size())})});
  }
  out.push_back({"geometry_point_nihstro", geometry_shader(Layout::nihstro, 0)});
  out.push_back({"geometry_variable_picasso", geometry_shader(Layout::picasso, 1)});
  out.push_back({"line_information_picasso", line_information()});
  out.push_back({"unclaimed_bytes_picasso", unclaimed_bytes()});
  out.push_back({"tables_reversed_picasso", tables_reversed()});
  out.push_back({"tables_shared_picasso", tables_shared()});
  return out;
}

Shbin sample(const std::string& name) {
  for (Sample& s : samples())
    if (s.name == name) return std::move(s.shbin);
  throw std::out_of_range("no SHBIN sample named " + name);
}

std::vector<Table> tables(Shbin& s) {
  std::vector<Table> out;
  const auto add = [&](std::string path, std::string count, uint32_t record, uint64_t origin, uint64_t at,
                       TableRef& ref) {
    out.push_back({std::move(path), std::move(count), record, origin, origin + at, &ref});
  };
  Dvlp& p = s.dvlp;
  add("dvlp.code_table", "count", 4, p.offset, 8, p.code_table);
  add("dvlp.descriptor_table", "count", kDescriptorSize, p.offset, 16, p.descriptor_table);
  if (p.header_size >= kPicassoDvlpSize) {
    add("dvlp.line_table", "count", kLineSize, p.offset, 24, p.line_table);
    add("dvlp.string_table", "size", 1, p.offset, 32, p.string_table);
  }
  for (size_t k = 0; k < s.dvles.size(); ++k) {
    Dvle& d = s.dvles[k];
    const std::string at = "dvles[" + std::to_string(k) + "].";
    add(at + "constant_table", "count", kConstantSize, d.offset, 24, d.constant_table);
    add(at + "label_table", "count", kLabelSize, d.offset, 32, d.label_table);
    add(at + "outmap_table", "count", kOutmapSize, d.offset, 40, d.outmap_table);
    add(at + "uniform_table", "count", kUniformSize, d.offset, 48, d.uniform_table);
    add(at + "symbol_table", "size", 1, d.offset, 56, d.symbol_table);
  }
  return out;
}

}  // namespace sp::shbin::build
