// The model back to bytes (write_shbin), and the two writers' layouts
// (lay_out): docs/formats/shbin.md, "Writers".
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <unordered_map>

#include "shbin/model.h"

namespace sp::shbin {
namespace {

// file_size zero bytes that structures are written into at any offset;
// whatever falls past the end is dropped (a model may hold an offset past
// the end on purpose: the file then holds that offset and nothing there).
class Image {
 public:
  explicit Image(uint64_t size) : buf_(static_cast<size_t>(size), 0) {}

  void bytes(uint64_t pos, const void* data, uint64_t n) {
    if (pos >= buf_.size()) return;
    const uint64_t fit = std::min<uint64_t>(n, buf_.size() - pos);
    if (fit != 0) std::memcpy(buf_.data() + pos, data, static_cast<size_t>(fit));
  }
  void u8(uint64_t pos, uint8_t v) { bytes(pos, &v, 1); }
  void u16(uint64_t pos, uint16_t v) {
    uint8_t le[2];
    store_le(le, v);
    bytes(pos, le, 2);
  }
  void u32(uint64_t pos, uint32_t v) {
    uint8_t le[4];
    store_le(le, v);
    bytes(pos, le, 4);
  }
  void table(uint64_t pos, const TableRef& t) {
    u32(pos, t.offset);
    u32(pos + 4, t.count);
  }
  void text(uint64_t pos, std::string_view s) { bytes(pos, s.data(), s.size()); }

  std::vector<uint8_t> take() { return std::move(buf_); }

 private:
  std::vector<uint8_t> buf_;
};

void write_dvlp(Image& out, const Dvlp& p) {
  const uint64_t at = p.offset;
  out.u32(at, kDvlpMagic);
  out.u32(at + 4, p.version);
  out.table(at + 8, p.code_table);
  out.table(at + 16, p.descriptor_table);
  out.u32(at + 24, p.line_table.offset);
  if (p.header_size >= kPicassoDvlpSize) {
    out.u32(at + 28, p.line_table.count);
    out.table(at + 32, p.string_table);
  }
  for (size_t k = 0; k < p.code.size(); ++k) out.u32(at + p.code_table.offset + 4 * k, p.code[k]);
  for (size_t k = 0; k < p.descriptors.size(); ++k) {
    const uint64_t d = at + p.descriptor_table.offset + uint64_t{kDescriptorSize} * k;
    out.u32(d, p.descriptors[k].value);
    out.u32(d + 4, p.descriptors[k].unused);
  }
  for (size_t k = 0; k < p.lines.size(); ++k) {
    const uint64_t l = at + p.line_table.offset + uint64_t{kLineSize} * k;
    out.u32(l, p.lines[k].file_offset);
    out.u32(l + 4, p.lines[k].line);
  }
  out.text(at + p.string_table.offset, p.strings.bytes());
}

void write_dvle(Image& out, const Dvle& d) {
  const uint64_t at = d.offset;
  out.u32(at, kDvleMagic);
  out.u16(at + 4, d.version);
  out.u8(at + 6, d.type);
  out.u8(at + 7, d.flags);
  out.u32(at + 8, d.main);
  out.u32(at + 12, d.endmain);
  out.u16(at + 16, d.input_mask);
  out.u16(at + 18, d.output_mask);
  out.u8(at + 20, d.geometry_mode);
  out.u8(at + 21, d.fixed_vertex_start);
  out.u8(at + 22, d.variable_vertex_count);
  out.u8(at + 23, d.fixed_vertex_count);
  out.table(at + 24, d.constant_table);
  out.table(at + 32, d.label_table);
  out.table(at + 40, d.outmap_table);
  out.table(at + 48, d.uniform_table);
  out.table(at + 56, d.symbol_table);
  for (size_t k = 0; k < d.constants.size(); ++k) {
    const uint64_t c = at + d.constant_table.offset + uint64_t{kConstantSize} * k;
    out.u16(c, d.constants[k].type);
    out.u16(c + 2, d.constants[k].index);
    for (uint32_t j = 0; j < 4; ++j) out.u32(c + 4 + 4 * j, d.constants[k].value[j]);
  }
  for (size_t k = 0; k < d.labels.size(); ++k) {
    const uint64_t l = at + d.label_table.offset + uint64_t{kLabelSize} * k;
    out.u32(l, d.labels[k].id);
    out.u32(l + 4, d.labels[k].address);
    out.u32(l + 8, d.labels[k].length);
    out.u32(l + 12, d.labels[k].name_offset);
  }
  for (size_t k = 0; k < d.outmaps.size(); ++k) {
    const uint64_t o = at + d.outmap_table.offset + uint64_t{kOutmapSize} * k;
    out.u16(o, d.outmaps[k].semantic);
    out.u16(o + 2, d.outmaps[k].reg);
    out.u16(o + 4, d.outmaps[k].mask);
    out.u16(o + 6, d.outmaps[k].reserved);
  }
  for (size_t k = 0; k < d.uniforms.size(); ++k) {
    const uint64_t u = at + d.uniform_table.offset + uint64_t{kUniformSize} * k;
    out.u32(u, d.uniforms[k].name_offset);
    out.u16(u + 4, d.uniforms[k].first);
    out.u16(u + 6, d.uniforms[k].last);
  }
  out.text(at + d.symbol_table.offset, d.symbols.bytes());
}

uint32_t u32_of(uint64_t v) {
  if (v > UINT32_MAX) throw std::invalid_argument("lay_out: the file would pass 4 GiB");
  return static_cast<uint32_t>(v);
}

// The symbol table of a DVLE from its names: the uniforms', then the
// labels', each NUL-terminated where it is first needed (picasso writes
// one per uniform in order and no labels).
void lay_out_symbols(Dvle& d) {
  std::string symbols;
  auto add = [&](const FileString& name) {
    const uint32_t at = u32_of(symbols.size());
    symbols += name.bytes();
    symbols += '\0';
    return at;
  };
  for (Uniform& u : d.uniforms) u.name_offset = add(u.name);
  for (Label& l : d.labels) l.name_offset = add(l.name);
  d.symbol_table.count = u32_of(symbols.size());
  d.symbols = std::move(symbols);
}

// The DVLP's file names from its lines, each once.
void lay_out_strings(Dvlp& p) {
  std::string strings;
  std::unordered_map<std::string_view, uint32_t> at;
  for (LineInfo& line : p.lines) {
    auto [it, added] = at.emplace(line.file.bytes(), u32_of(strings.size()));
    if (added) {
      strings += line.file.bytes();
      strings += '\0';
    }
    line.file_offset = it->second;
  }
  p.strings = std::move(strings);
}

// Each table of a DVLE after the other from `rel` (bytes from its header),
// in `order`.
enum class Table : uint8_t { constants, labels, outmaps, uniforms, symbols };
uint64_t place_tables(Dvle& d, uint64_t rel, std::initializer_list<Table> order) {
  for (Table t : order) {
    switch (t) {
      case Table::constants:
        d.constant_table = {u32_of(rel), u32_of(d.constants.size())};
        rel += uint64_t{kConstantSize} * d.constants.size();
        break;
      case Table::labels:
        d.label_table = {u32_of(rel), u32_of(d.labels.size())};
        rel += uint64_t{kLabelSize} * d.labels.size();
        break;
      case Table::outmaps:
        d.outmap_table = {u32_of(rel), u32_of(d.outmaps.size())};
        rel += uint64_t{kOutmapSize} * d.outmaps.size();
        break;
      case Table::uniforms:
        d.uniform_table = {u32_of(rel), u32_of(d.uniforms.size())};
        rel += uint64_t{kUniformSize} * d.uniforms.size();
        break;
      case Table::symbols:
        d.symbol_table.offset = u32_of(rel);
        rel += d.symbols.size();
        break;
    }
  }
  return rel;
}

}  // namespace

std::vector<uint8_t> write_shbin(const Shbin& s) {
  Image out(s.file_size);
  out.u32(0, kDvlbMagic);
  out.u32(4, s.dvle_count);
  for (size_t i = 0; i < s.dvle_offsets.size(); ++i) out.u32(8 + 4 * i, s.dvle_offsets[i]);
  write_dvlp(out, s.dvlp);
  for (const Dvle& d : s.dvles) write_dvle(out, d);
  for (const Unclaimed& u : s.unclaimed) out.text(u.offset, u.bytes);
  return out.take();
}

void lay_out(Shbin& s, Layout layout) {
  Dvlp& p = s.dvlp;
  if (layout == Layout::nihstro && (!p.lines.empty() || !p.strings.empty()))
    throw std::invalid_argument("lay_out: nihstro's 0x1C-byte DVLP header has no line information");
  // Every DVLE has an entry (a parsed model has no others): those dvle_of
  // does not name get one, in order.
  std::vector<bool> named(s.dvles.size(), false);
  for (uint32_t index : s.dvle_of) {
    if (index >= s.dvles.size()) throw std::invalid_argument("lay_out: dvle_of names no DVLE");
    named[index] = true;
  }
  for (size_t k = 0; k < s.dvles.size(); ++k)
    if (!named[k]) s.dvle_of.push_back(u32_of(k));
  s.dvle_count = u32_of(s.dvle_of.size());
  s.unclaimed.clear();
  p.offset = 8 + 4 * uint64_t{s.dvle_count};
  for (Dvle& d : s.dvles) lay_out_symbols(d);

  const uint64_t code_bytes = 4 * uint64_t{p.code.size()};
  const uint64_t descriptor_bytes = uint64_t{kDescriptorSize} * p.descriptors.size();
  uint64_t end = 0;  // of everything so far, in the file
  if (layout == Layout::picasso) {
    // DVLB, DVLP (header, code, descriptors, then the seed's line table and
    // file names when there are any), then each DVLE, word-aligned.
    p.header_size = kPicassoDvlpSize;
    lay_out_strings(p);
    uint64_t rel = kPicassoDvlpSize;
    p.code_table = {u32_of(rel), u32_of(p.code.size())};
    rel += code_bytes;
    p.descriptor_table = {u32_of(rel), u32_of(p.descriptors.size())};
    rel += descriptor_bytes;
    // picasso points the line table at the DVLP's end, with no lines.
    p.line_table = {u32_of(rel), u32_of(p.lines.size())};
    rel += uint64_t{kLineSize} * p.lines.size();
    p.string_table = p.strings.empty() ? TableRef{} : TableRef{u32_of(rel), u32_of(p.strings.size())};
    rel += p.strings.size();
    end = align_up4(p.offset + rel);
    for (Dvle& d : s.dvles) {
      d.offset = u32_of(end);
      const uint64_t size = place_tables(
          d, kDvleHeaderSize, {Table::constants, Table::labels, Table::outmaps, Table::uniforms, Table::symbols});
      end = align_up4(d.offset + size);
    }
  } else {
    // DVLB, the 7-word DVLP header, every DVLE header, the code and the
    // descriptors, then each DVLE's tables; no padding.
    p.header_size = kNihstroDvlpSize;
    p.line_table = {};
    p.string_table = {};
    end = p.offset + kNihstroDvlpSize;
    for (Dvle& d : s.dvles) {
      d.offset = u32_of(end);
      end += kDvleHeaderSize;
    }
    p.code_table = {u32_of(end - p.offset), u32_of(p.code.size())};
    end += code_bytes;
    p.descriptor_table = {u32_of(end - p.offset), u32_of(p.descriptors.size())};
    end += descriptor_bytes;
    for (Dvle& d : s.dvles)
      end = d.offset + place_tables(d, end - d.offset,
                                    {Table::outmaps, Table::constants, Table::uniforms, Table::labels, Table::symbols});
  }
  s.dvle_offsets.clear();
  for (uint32_t index : s.dvle_of) s.dvle_offsets.push_back(s.dvles[index].offset);
  s.file_size = end;
}

}  // namespace sp::shbin
