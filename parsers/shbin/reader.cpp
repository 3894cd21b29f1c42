// A whole SHBIN, structure first (docs/formats/shbin.md, "Reading"): the
// DVLB and its offset table, the DVLP right after it, then each DVLE the
// table names. Nothing is assumed about order, size or alignment: every
// structure is found by its offset, every offset + count * size is
// computed in 64 bits and checked against the file before a byte is read
// or an entry allocated, and structures may overlap or be shared (two table
// entries naming one DVLE decode it once; tables of several DVLEs may
// alias, and every entry is charged to the decode budget, so the model
// stays O(input)). Strings end inside their table.
#include <algorithm>
#include <cinttypes>

#include "core/field_reader.h"
#include "core/strings.h"
#include "shbin/model.h"

namespace sp::shbin {
namespace {

// Budget charges, in records (limits.decode_budget_per_byte per input
// byte): roughly the model's bytes over 16, so that what aliasing tables
// can make the model hold stays a small multiple of the input. A file
// without aliasing costs well under one record per byte (a DVLE header is
// 64 bytes, an entry at least 8).
constexpr uint64_t kDvleCharge = 16;
constexpr uint64_t kEntryCharge = 4;
uint64_t text_charge(size_t bytes) { return 1 + bytes / 8; }

class Reader {
 public:
  Reader(Bytes file, uint64_t base, Context& ctx, Shbin& out)
      : file_(file), base_(base), ctx_(ctx), out_(out), r_(file, base, root_, ctx), claimed_(file.size(), false) {}

  bool run() {
    out_ = Shbin{};
    out_.file_size = file_.size();
    if (!dvlb() || !dvlp() || !dvles()) return false;
    collect_unclaimed();
    return true;
  }

 private:
  // ---- Structures -------------------------------------------------------------

  [[nodiscard]] uint64_t size() const { return file_.size(); }

  // Marks [pos, pos + n) as belonging to a structure (both inside the file).
  void claim(uint64_t pos, uint64_t n) {
    std::fill(claimed_.begin() + static_cast<ptrdiff_t>(pos), claimed_.begin() + static_cast<ptrdiff_t>(pos + n), true);
  }
  // The bytes of `r`, a fresh reader over part of the file.
  void claim(const FieldReader& r) { claim(r.offset() - base_, r.remaining()); }

  static bool magic(FieldReader& h, uint32_t expected, std::string_view what) {
    const uint64_t at = h.offset();
    uint32_t m = 0;
    if (!h.u32(m, "magic")) return false;
    if (m == expected) return true;
    return h.fail_at(Code::bad_magic, at, "magic",
                     strprintf("%s magic is %s, not %s", std::string(what).c_str(), fourcc_text(m).c_str(),
                               fourcc_text(expected).c_str()));
  }

  // The (offset, count) pair that `h` is at, of a header at file position
  // `origin`, and a reader over the records it locates (offsets count from
  // `origin`), whose bytes are claimed.
  std::optional<FieldReader> table(FieldReader& h, uint64_t origin, uint32_t record, const FieldPath& path,
                                   std::string_view count_name, TableRef& ref, const FieldPath& items) {
    const uint64_t at = h.offset();
    if (!h.u32(ref.offset, "offset") || !h.u32(ref.count, count_name)) return std::nullopt;
    std::optional<FieldReader> t =
        r_.table(origin, ref.offset, ref.count, record, {path, at, "offset", at + 4, count_name}, items);
    if (t) claim(*t);
    return t;
  }

  // The NUL-terminated string at `offset` of the string table `table`, read
  // from the field at file offset `field`.
  bool string(FieldReader& table, uint32_t offset, uint64_t field, const FieldPath& path, FileString& out) {
    FileText s;
    if (!table.string(offset, field, path, s)) return false;
    if (!ctx_.charge(text_charge(s.size()), field, path)) return false;
    out = std::string(s.bytes());
    return true;
  }

  // A table of bytes (the count is their number), as the model keeps it.
  static bool text(FieldReader& t, FileString& out) {
    Bytes b;
    if (!t.bytes(t.remaining(), b, {})) return false;
    out = std::string(reinterpret_cast<const char*>(b.data()), b.size());
    return true;
  }

  // ---- DVLB ------------------------------------------------------------------

  bool dvlb() {
    const FieldPath path = root_.field("dvlb");
    std::optional<FieldReader> h = r_.sub(0, 8, path);
    if (!h || !magic(*h, kDvlbMagic, "the DVLB") || !h->u32(out_.dvle_count, "dvle_count")) return false;
    claim(0, 8);
    FieldPath::Cursor cur;
    const FieldPath entries = path.cursor("dvle_offsets", cur);
    std::optional<FieldReader> t = r_.table(8, 0, out_.dvle_count, 4, {path, 0, {}, base_ + 4, "dvle_count"}, entries);
    if (!t) return false;
    claim(*t);
    out_.dvle_offsets.resize(out_.dvle_count);
    for (uint32_t& offset : out_.dvle_offsets)
      if (!t->u32(offset, {})) return false;
    return true;
  }

  // ---- DVLP ------------------------------------------------------------------

  bool dvlp() {
    const FieldPath path = root_.field("dvlp");
    Dvlp& p = out_.dvlp;
    const uint64_t pos = 8 + uint64_t{out_.dvle_count} * 4;  // right after the offset table
    p.offset = pos;
    std::optional<FieldReader> h = r_.sub(pos, kNihstroDvlpSize, path);
    if (!h || !magic(*h, kDvlpMagic, "the DVLP") || !h->u32(p.version, "version")) return false;
    const FieldPath code_path = path.field("code_table");
    const FieldPath descriptor_path = path.field("descriptor_table");
    const FieldPath code_items = path.field("code");
    const FieldPath descriptor_items = path.field("descriptors");
    std::optional<FieldReader> code = table(*h, pos, 4, code_path, "count", p.code_table, code_items);
    if (!code) return false;
    std::optional<FieldReader> descriptors =
        table(*h, pos, kDescriptorSize, descriptor_path, "count", p.descriptor_table, descriptor_items);
    if (!descriptors || !h->u32(p.line_table.offset, "line_table.offset")) return false;
    p.header_size = picasso_header(pos) ? kPicassoDvlpSize : kNihstroDvlpSize;
    claim(pos, p.header_size);

    p.code.resize(p.code_table.count);
    for (uint32_t& word : p.code)
      if (!code->u32(word, {})) return false;
    p.descriptors.resize(p.descriptor_table.count);
    for (OperandDescriptor& d : p.descriptors)
      if (!descriptors->u32(d.value, "value") || !descriptors->u32(d.unused, "unused")) return false;
    if (p.header_size == kPicassoDvlpSize) return line_information(pos, path);
    return true;
  }

  // picasso's header is 0x28 bytes, nihstro's 0x1C, and nothing says which:
  // the longer one is taken when its last 12 bytes are in the file and
  // nothing the DVLP or the DVLB points at starts inside them (nihstro puts
  // its DVLE header right there).
  [[nodiscard]] bool picasso_header(uint64_t pos) const {
    const Dvlp& p = out_.dvlp;
    if (kPicassoDvlpSize > size() - pos) return false;
    if (p.code_table.count != 0 && p.code_table.offset < kPicassoDvlpSize) return false;
    if (p.descriptor_table.count != 0 && p.descriptor_table.offset < kPicassoDvlpSize) return false;
    for (uint32_t offset : out_.dvle_offsets)
      if (offset >= pos + kNihstroDvlpSize && offset < pos + kPicassoDvlpSize) return false;
    return true;
  }

  // The seed's line information and string table (file names), which
  // follow the program's tables in the 0x28-byte header.
  bool line_information(uint64_t pos, const FieldPath& path) {
    Dvlp& p = out_.dvlp;
    const FieldPath line_path = path.field("line_table");
    const FieldPath string_path = path.field("string_table");
    FieldPath::Cursor cur;
    const FieldPath items = path.cursor("lines", cur);
    const FieldPath file = items.field("file");
    std::optional<FieldReader> h = r_.sub(pos + 24, kPicassoDvlpSize - 24, path);
    if (!h) return false;
    std::optional<FieldReader> lines = table(*h, pos, kLineSize, line_path, "count", p.line_table, items);
    if (!lines) return false;
    std::optional<FieldReader> strings = table(*h, pos, 1, string_path, "size", p.string_table, string_path);
    if (!strings || !text(*strings, p.strings)) return false;
    p.lines.reserve(p.line_table.count);
    for (uint32_t k = 0; k < p.line_table.count; ++k) {
      cur.index = k;
      const uint64_t l = lines->offset();
      LineInfo& line = p.lines.emplace_back();
      if (!lines->u32(line.file_offset, {}) || !lines->u32(line.line, {})) return false;
      if (!ctx_.charge(kEntryCharge, l, items)) return false;
      if (!string(*strings, line.file_offset, l, file, line.file)) return false;
    }
    return true;
  }

  // ---- DVLEs -----------------------------------------------------------------

  bool dvles() {
    const FieldPath table_path = root_.field("dvlb");
    FieldPath::Cursor entry;
    const FieldPath entries = table_path.cursor("dvle_offsets", entry);
    FieldPath::Cursor cur;
    const FieldPath dvle_path = root_.cursor("dvles", cur);
    const std::vector<uint32_t> first = first_entries();
    out_.dvle_of.reserve(out_.dvle_offsets.size());
    // Room for the distinct DVLEs at once (no reallocation peak with
    // 100,000 of them), but never more than the file has room for headers.
    size_t distinct = 0;
    for (size_t i = 0; i < first.size(); ++i) distinct += first[i] == i ? 1u : 0u;
    out_.dvles.reserve(std::min<size_t>(distinct, file_.size() / kDvleHeaderSize));
    for (size_t i = 0; i < out_.dvle_offsets.size(); ++i) {
      if (first[i] != i) {  // shares the DVLE of an earlier entry
        out_.dvle_of.push_back(out_.dvle_of[first[i]]);
        continue;
      }
      const uint32_t offset = out_.dvle_offsets[i];
      entry.index = i;
      if (offset >= size())
        return ctx_.fail(Code::offset_out_of_bounds, base_ + 8 + 4 * uint64_t{i}, entries,
                         strprintf("DVLE offset 0x%x is at or past the end of the file's %" PRIu64 " bytes", offset,
                                   size()));
      const auto index = static_cast<uint32_t>(out_.dvles.size());
      cur.index = index;
      out_.dvle_of.push_back(index);
      if (!dvle(offset, dvle_path)) return false;
    }
    return true;
  }

  // For each offset table entry, the first entry with its offset: sorted
  // rather than hashed, to keep the bookkeeping of 100,000 entries small.
  [[nodiscard]] std::vector<uint32_t> first_entries() const {
    const std::vector<uint32_t>& offsets = out_.dvle_offsets;
    std::vector<uint64_t> keys(offsets.size());
    for (size_t i = 0; i < offsets.size(); ++i) keys[i] = (uint64_t{offsets[i]} << 32) | i;
    std::sort(keys.begin(), keys.end());
    std::vector<uint32_t> first(offsets.size());
    for (size_t k = 0; k < keys.size(); ++k) {
      const auto i = static_cast<uint32_t>(keys[k]);
      first[i] = k > 0 && (keys[k] >> 32) == (keys[k - 1] >> 32) ? first[static_cast<uint32_t>(keys[k - 1])] : i;
    }
    return first;
  }

  bool dvle(uint32_t pos, const FieldPath& path) {
    if (!ctx_.charge(kDvleCharge, base_ + pos, path)) return false;
    std::optional<FieldReader> h = r_.sub(pos, kDvleHeaderSize, path);
    if (!h || !magic(*h, kDvleMagic, "a DVLE")) return false;
    claim(pos, kDvleHeaderSize);
    Dvle& d = out_.dvles.emplace_back();
    d.offset = pos;
    if (!h->u16(d.version, "version") || !h->u8(d.type, "type") || !h->u8(d.flags, "flags") ||
        !h->u32(d.main, "main") || !h->u32(d.endmain, "endmain") || !h->u16(d.input_mask, "input_mask") ||
        !h->u16(d.output_mask, "output_mask") || !h->u8(d.geometry_mode, "geometry_mode") ||
        !h->u8(d.fixed_vertex_start, "fixed_vertex_start") ||
        !h->u8(d.variable_vertex_count, "variable_vertex_count") ||
        !h->u8(d.fixed_vertex_count, "fixed_vertex_count"))
      return false;

    const FieldPath constant_path = path.field("constant_table");
    const FieldPath label_path = path.field("label_table");
    const FieldPath outmap_path = path.field("outmap_table");
    const FieldPath uniform_path = path.field("uniform_table");
    const FieldPath symbol_path = path.field("symbol_table");
    FieldPath::Cursor cur;
    const FieldPath constant_items = path.cursor("constants", cur);
    const FieldPath label_items = path.cursor("labels", cur);
    const FieldPath outmap_items = path.cursor("outmaps", cur);
    const FieldPath uniform_items = path.cursor("uniforms", cur);
    std::optional<FieldReader> constants =
        table(*h, pos, kConstantSize, constant_path, "count", d.constant_table, constant_items);
    if (!constants) return false;
    std::optional<FieldReader> labels = table(*h, pos, kLabelSize, label_path, "count", d.label_table, label_items);
    if (!labels) return false;
    std::optional<FieldReader> outmaps =
        table(*h, pos, kOutmapSize, outmap_path, "count", d.outmap_table, outmap_items);
    if (!outmaps) return false;
    std::optional<FieldReader> uniforms =
        table(*h, pos, kUniformSize, uniform_path, "count", d.uniform_table, uniform_items);
    if (!uniforms) return false;
    std::optional<FieldReader> symbols = table(*h, pos, 1, symbol_path, "size", d.symbol_table, symbol_path);
    if (!symbols) return false;
    if (!ctx_.charge(text_charge(d.symbol_table.count), base_ + pos + 60, symbol_path)) return false;
    if (!text(*symbols, d.symbols)) return false;

    d.constants.reserve(d.constant_table.count);
    for (uint32_t k = 0; k < d.constant_table.count; ++k) {
      cur.index = k;
      if (!ctx_.charge(kEntryCharge, constants->offset(), constant_items)) return false;
      Constant& constant = d.constants.emplace_back();
      if (!constants->u16(constant.type, {}) || !constants->u16(constant.index, {})) return false;
      for (uint32_t& v : constant.value)
        if (!constants->u32(v, {})) return false;
    }

    const FieldPath label_name = label_items.field("name");
    d.labels.reserve(d.label_table.count);
    for (uint32_t k = 0; k < d.label_table.count; ++k) {
      cur.index = k;
      if (!ctx_.charge(kEntryCharge, labels->offset(), label_items)) return false;
      Label& label = d.labels.emplace_back();
      const uint64_t name_at = labels->offset() + 12;
      if (!labels->u32(label.id, {}) || !labels->u32(label.address, {}) || !labels->u32(label.length, {}) ||
          !labels->u32(label.name_offset, {}) || !string(*symbols, label.name_offset, name_at, label_name, label.name))
        return false;
    }

    d.outmaps.reserve(d.outmap_table.count);
    for (uint32_t k = 0; k < d.outmap_table.count; ++k) {
      cur.index = k;
      if (!ctx_.charge(kEntryCharge, outmaps->offset(), outmap_items)) return false;
      Outmap& o = d.outmaps.emplace_back();
      if (!outmaps->u16(o.semantic, {}) || !outmaps->u16(o.reg, {}) || !outmaps->u16(o.mask, {}) ||
          !outmaps->u16(o.reserved, {}))
        return false;
    }

    const FieldPath uniform_name = uniform_items.field("name");
    d.uniforms.reserve(d.uniform_table.count);
    for (uint32_t k = 0; k < d.uniform_table.count; ++k) {
      cur.index = k;
      const uint64_t u = uniforms->offset();
      if (!ctx_.charge(kEntryCharge, u, uniform_items)) return false;
      Uniform& uniform = d.uniforms.emplace_back();
      if (!uniforms->u32(uniform.name_offset, {}) || !uniforms->u16(uniform.first, {}) ||
          !uniforms->u16(uniform.last, {}) || !string(*symbols, uniform.name_offset, u, uniform_name, uniform.name))
        return false;
    }
    return true;
  }

  // ---- What no structure claims ------------------------------------------------

  // Runs of unclaimed bytes that are not all zero, trimmed of zeros at both
  // ends (a writer's padding is zero; anything else is kept for the round
  // trip).
  void collect_unclaimed() {
    const size_t n = file_.size();
    size_t pos = 0;
    while (pos < n) {
      if (claimed_[pos] || file_[pos] == 0) {
        ++pos;
        continue;
      }
      size_t end = pos;
      size_t last = pos;  // the last non-zero byte of the run
      while (end < n && !claimed_[end]) {
        if (file_[end] != 0) last = end;
        ++end;
      }
      out_.unclaimed.push_back(
          {pos, std::string(reinterpret_cast<const char*>(file_.data() + pos), last + 1 - pos)});
      pos = end;
    }
  }

  Bytes file_;
  uint64_t base_;
  Context& ctx_;
  Shbin& out_;
  const FieldPath root_ = FieldPath::root();
  FieldReader r_;  // the whole file
  std::vector<bool> claimed_;  // a bit per byte of the file
};

}  // namespace

bool parse_shbin(Bytes file, uint64_t base, Context& ctx, Shbin& out) {
  if (!Reader(file, base, ctx, out).run()) return false;
  check_shbin(out, base, ctx);
  return true;
}

}  // namespace sp::shbin
