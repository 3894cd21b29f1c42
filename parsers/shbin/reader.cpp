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

#include "core/span_reader.h"
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
      : file_(file), base_(base), ctx_(ctx), out_(out), claimed_(file.size(), false) {}

  bool run() {
    out_ = Shbin{};
    out_.file_size = file_.size();
    const FieldPath root = FieldPath::root();
    if (!dvlb(root) || !dvlp(root) || !dvles(root)) return false;
    collect_unclaimed();
    return true;
  }

 private:
  // ---- Bytes ----------------------------------------------------------------

  [[nodiscard]] uint64_t size() const { return file_.size(); }
  [[nodiscard]] uint32_t u32(uint64_t pos) const { return load_le<uint32_t>(file_.data() + pos); }
  [[nodiscard]] uint16_t u16(uint64_t pos) const { return load_le<uint16_t>(file_.data() + pos); }
  [[nodiscard]] uint8_t u8(uint64_t pos) const { return file_[static_cast<size_t>(pos)]; }
  [[nodiscard]] uint64_t at(uint64_t pos) const { return base_ + pos; }

  // Marks [pos, pos + n) as belonging to a structure (both inside the file).
  void claim(uint64_t pos, uint64_t n) {
    std::fill(claimed_.begin() + static_cast<ptrdiff_t>(pos), claimed_.begin() + static_cast<ptrdiff_t>(pos + n), true);
  }

  // A header of `n` bytes at `pos`: all there, or `truncated` at pos.
  bool header(uint64_t pos, uint64_t n, const FieldPath& path, std::string_view what) {
    if (pos <= size() && n <= size() - pos) return true;
    return ctx_.fail(Code::truncated, at(pos), path,
                     strprintf("%s of %" PRIu64 " bytes at %" PRIu64 " runs past the file's %" PRIu64 " bytes",
                               std::string(what).c_str(), n, pos, size()));
  }

  bool magic(uint64_t pos, uint32_t expected, const FieldPath& path, std::string_view what) {
    const uint32_t m = u32(pos);
    if (m == expected) return true;
    return ctx_.fail(Code::bad_magic, at(pos), path.field("magic"),
                     strprintf("%s magic is %s, not %s", std::string(what).c_str(), fourcc_text(m).c_str(),
                               fourcc_text(expected).c_str()));
  }

  // The (offset, count) pair at `field` of a header at `origin`, and where
  // its records lie: [start, start + count * record) must be inside the
  // file. Offsets count from `origin`; the sums are 64-bit, so neither
  // can wrap.
  bool table(uint64_t origin, uint64_t field, uint32_t record, const FieldPath& path, std::string_view count_name,
             TableRef& ref, uint64_t& start) {
    ref.offset = u32(field);
    ref.count = u32(field + 4);
    if (ref.offset > size() - origin)
      return ctx_.fail(Code::offset_out_of_bounds, at(field), path.field("offset"),
                       strprintf("offset 0x%x from 0x%" PRIx64 " is past the end of the file's %" PRIu64 " bytes",
                                 ref.offset, origin, size()));
    start = origin + ref.offset;
    const uint64_t bytes = uint64_t{ref.count} * record;
    if (bytes > size() - start)
      return ctx_.fail(Code::count_too_large, at(field + 4), path.field(count_name),
                       strprintf("%u %s of %u bytes at %" PRIu64 " need %" PRIu64 " bytes, %" PRIu64 " remain",
                                 ref.count, record == 1 ? "bytes" : "records", record, start, bytes, size() - start));
    claim(start, bytes);
    return true;
  }

  // The NUL-terminated string at `offset` of a string table of `table`
  // (whose first byte is at file position `table_pos`), read from the field
  // at `field`.
  bool string(std::string_view table, uint64_t table_pos, uint32_t offset, uint64_t field, const FieldPath& path,
              FileString& out) {
    if (offset >= table.size())
      return ctx_.fail(Code::offset_out_of_bounds, at(field), path,
                       strprintf("string offset %u is outside the %zu-byte string table at %" PRIu64, offset,
                                 table.size(), table_pos));
    const auto bytes = Bytes(reinterpret_cast<const uint8_t*>(table.data()), table.size());
    const std::optional<FileText> s = cstring_at(bytes, offset);
    if (!s)
      return ctx_.fail(Code::unterminated_string, at(table_pos + offset), path,
                       strprintf("the string at offset %u runs to the end of its %zu-byte table without a NUL",
                                 offset, table.size()));
    if (!ctx_.charge(text_charge(s->size()), at(field), path)) return false;
    out = std::string(s->bytes());
    return true;
  }

  // ---- DVLB ------------------------------------------------------------------

  bool dvlb(const FieldPath& root) {
    const FieldPath path = root.field("dvlb");
    if (!header(0, 8, path, "the DVLB header")) return false;
    if (!magic(0, kDvlbMagic, path, "the DVLB")) return false;
    out_.dvle_count = u32(4);
    claim(0, 8);
    // The offset table: count * 4 in 64 bits against what follows.
    const uint64_t bytes = uint64_t{out_.dvle_count} * 4;
    if (bytes > size() - 8)
      return ctx_.fail(Code::count_too_large, at(4), path.field("dvle_count"),
                       strprintf("%u DVLE offsets need %" PRIu64 " bytes, %" PRIu64 " follow the DVLB header",
                                 out_.dvle_count, bytes, size() - 8));
    claim(8, bytes);
    out_.dvle_offsets.reserve(out_.dvle_count);
    for (uint32_t i = 0; i < out_.dvle_count; ++i) out_.dvle_offsets.push_back(u32(8 + 4 * uint64_t{i}));
    return true;
  }

  // ---- DVLP ------------------------------------------------------------------

  bool dvlp(const FieldPath& root) {
    const FieldPath path = root.field("dvlp");
    Dvlp& p = out_.dvlp;
    const uint64_t pos = 8 + uint64_t{out_.dvle_count} * 4;  // right after the offset table
    p.offset = pos;
    if (!header(pos, kNihstroDvlpSize, path, "the DVLP header")) return false;
    if (!magic(pos, kDvlpMagic, path, "the DVLP")) return false;
    p.version = u32(pos + 4);
    uint64_t code = 0, descriptors = 0;
    const FieldPath code_path = path.field("code_table");
    const FieldPath descriptor_path = path.field("descriptor_table");
    if (!table(pos, pos + 8, 4, code_path, "count", p.code_table, code)) return false;
    if (!table(pos, pos + 16, kDescriptorSize, descriptor_path, "count", p.descriptor_table, descriptors))
      return false;
    p.line_table.offset = u32(pos + 24);
    p.header_size = picasso_header(pos) ? kPicassoDvlpSize : kNihstroDvlpSize;
    claim(pos, p.header_size);

    p.code.reserve(p.code_table.count);
    for (uint32_t k = 0; k < p.code_table.count; ++k) p.code.push_back(u32(code + 4 * uint64_t{k}));
    p.descriptors.reserve(p.descriptor_table.count);
    for (uint32_t k = 0; k < p.descriptor_table.count; ++k) {
      const uint64_t d = descriptors + uint64_t{kDescriptorSize} * k;
      p.descriptors.push_back({u32(d), u32(d + 4)});
    }
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
    uint64_t lines = 0, strings = 0;
    const FieldPath line_path = path.field("line_table");
    const FieldPath string_path = path.field("string_table");
    if (!table(pos, pos + 24, kLineSize, line_path, "count", p.line_table, lines)) return false;
    if (!table(pos, pos + 32, 1, string_path, "size", p.string_table, strings)) return false;
    p.strings = std::string(reinterpret_cast<const char*>(file_.data() + strings), p.string_table.count);
    p.lines.reserve(p.line_table.count);
    FieldPath::Cursor cur;
    const FieldPath items = path.cursor("lines", cur);
    const FieldPath file = items.field("file");
    for (uint32_t k = 0; k < p.line_table.count; ++k) {
      cur.index = k;
      const uint64_t l = lines + uint64_t{kLineSize} * k;
      LineInfo& line = p.lines.emplace_back();
      line.file_offset = u32(l);
      line.line = u32(l + 4);
      if (!ctx_.charge(kEntryCharge, at(l), items)) return false;
      if (!string(p.strings.bytes(), strings, line.file_offset, l, file, line.file)) return false;
    }
    return true;
  }

  // ---- DVLEs -----------------------------------------------------------------

  bool dvles(const FieldPath& root) {
    const FieldPath table_path = root.field("dvlb");
    FieldPath::Cursor entry;
    const FieldPath entries = table_path.cursor("dvle_offsets", entry);
    FieldPath::Cursor cur;
    const FieldPath dvle_path = root.cursor("dvles", cur);
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
        return ctx_.fail(Code::offset_out_of_bounds, at(8 + 4 * uint64_t{i}), entries,
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
    if (!ctx_.charge(kDvleCharge, at(pos), path)) return false;
    if (!header(pos, kDvleHeaderSize, path, "a DVLE header")) return false;
    if (!magic(pos, kDvleMagic, path, "a DVLE")) return false;
    claim(pos, kDvleHeaderSize);
    Dvle& d = out_.dvles.emplace_back();
    d.offset = pos;
    d.version = u16(pos + 4);
    d.type = u8(pos + 6);
    d.flags = u8(pos + 7);
    d.main = u32(pos + 8);
    d.endmain = u32(pos + 12);
    d.input_mask = u16(pos + 16);
    d.output_mask = u16(pos + 18);
    d.geometry_mode = u8(pos + 20);
    d.fixed_vertex_start = u8(pos + 21);
    d.variable_vertex_count = u8(pos + 22);
    d.fixed_vertex_count = u8(pos + 23);

    uint64_t constants = 0, labels = 0, outmaps = 0, uniforms = 0, symbols = 0;
    const FieldPath constant_path = path.field("constant_table");
    const FieldPath label_path = path.field("label_table");
    const FieldPath outmap_path = path.field("outmap_table");
    const FieldPath uniform_path = path.field("uniform_table");
    const FieldPath symbol_path = path.field("symbol_table");
    if (!table(pos, pos + 24, kConstantSize, constant_path, "count", d.constant_table, constants) ||
        !table(pos, pos + 32, kLabelSize, label_path, "count", d.label_table, labels) ||
        !table(pos, pos + 40, kOutmapSize, outmap_path, "count", d.outmap_table, outmaps) ||
        !table(pos, pos + 48, kUniformSize, uniform_path, "count", d.uniform_table, uniforms) ||
        !table(pos, pos + 56, 1, symbol_path, "size", d.symbol_table, symbols))
      return false;
    if (!ctx_.charge(text_charge(d.symbol_table.count), at(pos + 60), symbol_path)) return false;
    d.symbols = std::string(reinterpret_cast<const char*>(file_.data() + symbols), d.symbol_table.count);

    FieldPath::Cursor cur;
    const FieldPath constant_items = path.cursor("constants", cur);
    d.constants.reserve(d.constant_table.count);
    for (uint32_t k = 0; k < d.constant_table.count; ++k) {
      cur.index = k;
      const uint64_t c = constants + uint64_t{kConstantSize} * k;
      if (!ctx_.charge(kEntryCharge, at(c), constant_items)) return false;
      Constant& constant = d.constants.emplace_back();
      constant.type = u16(c);
      constant.index = u16(c + 2);
      for (uint32_t j = 0; j < 4; ++j) constant.value[j] = u32(c + 4 + 4 * j);
    }

    const FieldPath label_items = path.cursor("labels", cur);
    const FieldPath label_name = label_items.field("name");
    d.labels.reserve(d.label_table.count);
    for (uint32_t k = 0; k < d.label_table.count; ++k) {
      cur.index = k;
      const uint64_t l = labels + uint64_t{kLabelSize} * k;
      if (!ctx_.charge(kEntryCharge, at(l), label_items)) return false;
      Label& label = d.labels.emplace_back();
      label.id = u32(l);
      label.address = u32(l + 4);
      label.length = u32(l + 8);
      label.name_offset = u32(l + 12);
      if (!string(d.symbols.bytes(), symbols, label.name_offset, l + 12, label_name, label.name)) return false;
    }

    const FieldPath outmap_items = path.cursor("outmaps", cur);
    d.outmaps.reserve(d.outmap_table.count);
    for (uint32_t k = 0; k < d.outmap_table.count; ++k) {
      cur.index = k;
      const uint64_t o = outmaps + uint64_t{kOutmapSize} * k;
      if (!ctx_.charge(kEntryCharge, at(o), outmap_items)) return false;
      d.outmaps.push_back({u16(o), u16(o + 2), u16(o + 4), u16(o + 6)});
    }

    const FieldPath uniform_items = path.cursor("uniforms", cur);
    const FieldPath uniform_name = uniform_items.field("name");
    d.uniforms.reserve(d.uniform_table.count);
    for (uint32_t k = 0; k < d.uniform_table.count; ++k) {
      cur.index = k;
      const uint64_t u = uniforms + uint64_t{kUniformSize} * k;
      if (!ctx_.charge(kEntryCharge, at(u), uniform_items)) return false;
      Uniform& uniform = d.uniforms.emplace_back();
      uniform.name_offset = u32(u);
      uniform.first = u16(u + 4);
      uniform.last = u16(u + 6);
      if (!string(d.symbols.bytes(), symbols, uniform.name_offset, u, uniform_name, uniform.name)) return false;
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
  std::vector<bool> claimed_;  // a bit per byte of the file
};

}  // namespace

bool parse_shbin(Bytes file, uint64_t base, Context& ctx, Shbin& out) {
  if (!Reader(file, base, ctx, out).run()) return false;
  check_shbin(out, base, ctx);
  return true;
}

}  // namespace sp::shbin
