#include "support/bitstream_model.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

#include "bitstream/bit_cursor.h"
#include "bitstream/reader.h"
#include "bitstream/wrapper.h"
#include "bitstream/writer.h"
#include "core/strings.h"

namespace sp::fuzz {
namespace bs = sp::bitstream;
namespace {

// The operands of the DEFINE_ABBREV whose abbrev id starts at `bit` of
// `stream`. The reader has checked it already and keeps the definition to
// itself, so this decodes the same bits again (without checks it needs no
// longer: widths and encodings are known good).
std::vector<bs::AbbrevOp> decode_abbrev(Bytes stream, uint64_t bit, unsigned code_width) {
  bs::BitCursor c(stream);
  uint64_t count = 0, v = 0;
  std::vector<bs::AbbrevOp> ops;
  if (!c.seek(bit + code_width) || c.read_vbr(5, count, 32) != bs::ReadStatus::ok) return ops;
  for (uint64_t i = 0; i < count; ++i) {
    bs::AbbrevOp op;
    if (!c.read_fixed(1, v)) break;
    if (v != 0) {
      (void)c.read_vbr(8, op.value, 64);
    } else {
      (void)c.read_fixed(3, v);
      op.encoding = static_cast<bs::Encoding>(v);
      if (op.encoding == bs::Encoding::fixed || op.encoding == bs::Encoding::vbr) {
        (void)c.read_vbr(5, op.value, 64);
        if (op.value == 0) op.encoding = bs::Encoding::literal;
      }
    }
    ops.push_back(op);
  }
  return ops;
}

bool is_char6(uint64_t v) {
  return (v >= 'a' && v <= 'z') || (v >= 'A' && v <= 'Z') || (v >= '0' && v <= '9') || v == '.' || v == '_';
}

bool fits_scalar(const bs::AbbrevOp& op, uint64_t v) {
  switch (op.encoding) {
    case bs::Encoding::literal: return v == op.value;
    case bs::Encoding::fixed: return op.value >= 64 || (v >> op.value) == 0;
    case bs::Encoding::vbr: return op.value >= 2 && op.value <= 32;
    case bs::Encoding::char6: return is_char6(v);
    case bs::Encoding::array:
    case bs::Encoding::blob: return false;
  }
  return false;
}

// Whether the writer can put `r` through abbreviation `a` and the reader
// would read back the same record.
bool fits(const std::vector<bs::AbbrevOp>& a, const BsRecord& r) {
  if (a.empty() || !fits_scalar(a[0], r.code)) return false;
  size_t next = 0;
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i].encoding == bs::Encoding::array) {
      if (r.has_blob || i + 1 >= a.size()) return false;
      for (; next < r.ops.size(); ++next)
        if (!fits_scalar(a[i + 1], r.ops[next])) return false;
      return true;
    }
    if (a[i].encoding == bs::Encoding::blob) return r.has_blob && next == r.ops.size() && i + 1 == a.size();
    if (next >= r.ops.size() || !fits_scalar(a[i], r.ops[next])) return false;
    ++next;
  }
  return !r.has_blob && next == r.ops.size();
}

class TreeWriter {
 public:
  explicit TreeWriter(uint32_t magic) : w_(magic) {}

  bool block(const BsBlock& b) {
    if (b.id == bs::kBlockInfoBlockId) {
      w_.begin_blockinfo(b.code_width);
      blockinfo_.clear();
    } else {
      w_.enter_block(b.id, b.code_width);
    }
    scopes_.push_back({b.id, blockinfo_[b.id]});
    for (const BsItem& item : b.items)
      if (!this->item(b, item)) return false;
    scopes_.pop_back();
    w_.end_block();
    return true;
  }

  std::vector<uint8_t> finish() { return w_.finish(); }

 private:
  struct Scope {
    uint32_t id;
    std::vector<std::vector<bs::AbbrevOp>> abbrevs;  // by abbrev id - 4
  };

  bool item(const BsBlock& b, const BsItem& item) {
    switch (item.kind) {
      case BsItem::Kind::block:
        return block(item.block.at(0));
      case BsItem::Kind::abbrev:
        if (b.id == bs::kBlockInfoBlockId) {
          if (!bid_) return false;
          w_.blockinfo_abbrev(item.abbrev);
          blockinfo_[*bid_].push_back(item.abbrev);
        } else {
          w_.define_abbrev(item.abbrev);
          scopes_.back().abbrevs.push_back(item.abbrev);
        }
        return true;
      case BsItem::Kind::record:
        return record(b, item.record);
    }
    return false;
  }

  bool record(const BsBlock& b, const BsRecord& r) {
    if (b.id == bs::kBlockInfoBlockId && r.code == bs::kSetBid) {
      // The writer tracks the block SETBID chose only through set_bid(),
      // which writes exactly one operand.
      if (r.ops.size() != 1 || r.ops[0] > UINT32_MAX) return false;
      bid_ = static_cast<uint32_t>(r.ops[0]);
      w_.set_bid(*bid_);
      return true;
    }
    const auto& abbrevs = scopes_.back().abbrevs;
    const uint64_t index = uint64_t{r.abbrev_id} - bs::kFirstUserAbbrev;
    if (r.abbrev_id >= bs::kFirstUserAbbrev && index < abbrevs.size() && fits(abbrevs[index], r)) {
      w_.record(r.abbrev_id, r.code, r.ops, r.blob);
      return true;
    }
    std::vector<uint64_t> ops = r.ops;
    ops.insert(ops.end(), r.blob.begin(), r.blob.end());
    w_.record(r.code, ops);
    return true;
  }

  bs::Writer w_;
  std::vector<Scope> scopes_;
  std::unordered_map<uint32_t, std::vector<std::vector<bs::AbbrevOp>>> blockinfo_;
  std::optional<uint32_t> bid_;
};

void differ(std::string& out, const std::string& where, const std::string& what) {
  if (out.empty()) out = where + ": " + what;
}

void compare_blocks(const BsBlock& a, const BsBlock& b, const std::string& where, std::string& out) {
  if (a.id != b.id || a.code_width != b.code_width)
    return differ(out, where, strprintf("block %u/width %u vs %u/%u", a.id, a.code_width, b.id, b.code_width));
  if (a.items.size() != b.items.size())
    return differ(out, where, strprintf("%zu items vs %zu", a.items.size(), b.items.size()));
  for (size_t i = 0; i < a.items.size() && out.empty(); ++i) {
    const BsItem& x = a.items[i];
    const BsItem& y = b.items[i];
    const std::string at = where + strprintf(".items[%zu]", i);
    if (x.kind != y.kind) return differ(out, at, "kind");
    switch (x.kind) {
      case BsItem::Kind::block:
        compare_blocks(x.block.at(0), y.block.at(0), at, out);
        break;
      case BsItem::Kind::abbrev:
        if (x.abbrev.size() != y.abbrev.size()) return differ(out, at, "abbrev operand count");
        for (size_t k = 0; k < x.abbrev.size(); ++k)
          if (x.abbrev[k].encoding != y.abbrev[k].encoding || x.abbrev[k].value != y.abbrev[k].value)
            return differ(out, at, strprintf("abbrev operand %zu", k));
        break;
      case BsItem::Kind::record:
        if (x.record.code != y.record.code) return differ(out, at, strprintf("code %u vs %u", x.record.code, y.record.code));
        if (x.record.ops != y.record.ops) return differ(out, at, "operands");
        if (x.record.has_blob != y.record.has_blob || x.record.blob != y.record.blob) return differ(out, at, "blob");
        break;
    }
  }
}

}  // namespace

std::optional<BsStream> read_stream(Bytes file, Context& ctx) {
  bs::Stream located;
  if (!bs::locate_stream(file, ctx, located)) return std::nullopt;
  BsStream out;
  if (located.wrapped) {
    out.wrapper_cpu = located.header.cpu_type;
    out.wrapper_padding = file.size() - std::min<size_t>(file.size(), located.offset + located.bytes.size());
  }
  const uint64_t base = located.offset * 8;
  bs::Reader r(located.bytes, base, ctx);
  if (!r.start(out.magic)) return std::nullopt;
  std::vector<BsBlock> open;
  for (;;) {
    const uint64_t at = r.bit_offset() - base;
    switch (r.next()) {
      case bs::Reader::Entry::error:
        return std::nullopt;
      case bs::Reader::Entry::end_of_stream:
        return out;
      case bs::Reader::Entry::enter_block:
        open.push_back(BsBlock{r.block().id, r.block().code_width, {}});
        break;
      case bs::Reader::Entry::end_block: {
        BsBlock done = std::move(open.back());
        open.pop_back();
        if (open.empty()) {
          out.blocks.push_back(std::move(done));
        } else {
          BsItem item;
          item.kind = BsItem::Kind::block;
          item.block.push_back(std::move(done));
          open.back().items.push_back(std::move(item));
        }
        break;
      }
      case bs::Reader::Entry::record: {
        const bs::Record& rec = r.record();
        BsItem item;
        item.record.abbrev_id = rec.abbrev_id;
        item.record.code = rec.code;
        item.record.ops.assign(rec.ops.begin(), rec.ops.end());
        item.record.has_blob = rec.has_blob;
        item.record.blob.assign(rec.blob.begin(), rec.blob.end());
        open.back().items.push_back(std::move(item));
        break;
      }
      case bs::Reader::Entry::define_abbrev: {
        BsItem item;
        item.kind = BsItem::Kind::abbrev;
        item.abbrev = decode_abbrev(located.bytes, at, r.block().code_width);
        open.back().items.push_back(std::move(item));
        break;
      }
    }
  }
}

std::optional<std::vector<uint8_t>> write_stream(const BsStream& s) {
  try {
    TreeWriter w(s.magic);
    for (const BsBlock& b : s.blocks)
      if (!w.block(b)) return std::nullopt;
    std::vector<uint8_t> out = w.finish();
    if (s.wrapper_cpu) out = bs::wrap(out, *s.wrapper_cpu, s.wrapper_padding);
    return out;
  } catch (const std::logic_error&) {
    return std::nullopt;
  }
}

std::string tree_difference(const BsStream& a, const BsStream& b) {
  std::string out;
  if (a.magic != b.magic) return strprintf("magic 0x%08x vs 0x%08x", a.magic, b.magic);
  if (a.blocks.size() != b.blocks.size())
    return strprintf("%zu top-level blocks vs %zu", a.blocks.size(), b.blocks.size());
  for (size_t i = 0; i < a.blocks.size() && out.empty(); ++i)
    compare_blocks(a.blocks[i], b.blocks[i], strprintf("blocks[%zu]", i), out);
  return out;
}

}  // namespace sp::fuzz
