#include "bitstream/writer.h"

#include <stdexcept>

#include "bitstream/reader.h"
#include "bitstream/wrapper.h"
#include "core/span_writer.h"

namespace sp::bitstream {

Writer::Writer(uint32_t magic) { emit_fixed(magic, 32); }

void Writer::emit_fixed(uint64_t value, unsigned width) {
  if (width > 64) throw std::logic_error("Writer::emit_fixed: width above 64");
  for (unsigned i = 0; i < width; ++i, ++bits_) {
    if (bits_ % 8 == 0) out_.push_back(0);
    if ((value >> i) & 1) out_.back() |= static_cast<uint8_t>(1u << (bits_ % 8));
  }
}

void Writer::emit_vbr(uint64_t value, unsigned width) {
  if (width < 2 || width > 32) throw std::logic_error("Writer::emit_vbr: width outside 2..32");
  const uint64_t flag = uint64_t{1} << (width - 1);
  do {
    const uint64_t chunk = value & (flag - 1);
    value >>= width - 1;
    emit_fixed(chunk | (value != 0 ? flag : 0), width);
  } while (value != 0);
}

void Writer::align32() {
  if (bits_ % 32 != 0) emit_fixed(0, static_cast<unsigned>(32 - bits_ % 32));
}

void Writer::enter_block(uint32_t block_id, unsigned code_width) {
  emit_fixed(kEnterSubblock, code_width_);
  emit_vbr(block_id, 8);
  emit_vbr(code_width, 4);
  align32();
  open_.push_back(Open{code_width_, out_.size(), std::move(abbrevs_), block_id});
  emit_fixed(0, 32);
  code_width_ = code_width;
  // A block sees the BLOCKINFO abbreviations of its id, then its own.
  abbrevs_.clear();
  for (const auto& [block, ops] : blockinfo_)
    if (block == block_id) abbrevs_.push_back(ops);
}

void Writer::end_block() { finish_block(std::nullopt); }
void Writer::end_block_with_words(uint32_t words) { finish_block(words); }

void Writer::finish_block(std::optional<uint32_t> words) {
  if (open_.empty()) throw std::logic_error("Writer::end_block outside a block");
  Open& o = open_.back();
  emit_fixed(kEndBlock, code_width_);
  align32();
  const size_t body = o.size_field + 4;
  store_le_at(out_, o.size_field, words.value_or(static_cast<uint32_t>((out_.size() - body) / 4)));
  code_width_ = o.code_width;
  abbrevs_ = std::move(o.outer_abbrevs);
  open_.pop_back();
}

uint32_t Writer::define_abbrev(std::span<const AbbrevOp> ops) {
  emit_fixed(kDefineAbbrev, code_width_);
  emit_vbr(ops.size(), 5);
  for (const AbbrevOp& op : ops) {
    const bool literal = op.encoding == Encoding::literal;
    emit_fixed(literal ? 1 : 0, 1);
    if (literal) {
      emit_vbr(op.value, 8);
      continue;
    }
    emit_fixed(static_cast<uint64_t>(op.encoding), 3);
    if (op.encoding == Encoding::fixed || op.encoding == Encoding::vbr) emit_vbr(op.value, 5);
  }
  if (open_.empty() || open_.back().block_id != kBlockInfoBlockId) {
    abbrevs_.emplace_back(ops.begin(), ops.end());
    return static_cast<uint32_t>(kFirstUserAbbrev + abbrevs_.size() - 1);
  }
  blockinfo_.emplace_back(bid_, std::vector<AbbrevOp>(ops.begin(), ops.end()));
  uint32_t n = 0;
  for (const auto& entry : blockinfo_) n += entry.first == bid_ ? 1 : 0;
  return kFirstUserAbbrev + n - 1;
}

void Writer::begin_blockinfo(unsigned code_width) {
  blockinfo_.clear();  // a BLOCKINFO block replaces the one before (reader.h)
  enter_block(kBlockInfoBlockId, code_width);
}

void Writer::set_bid(uint32_t block_id) {
  bid_ = block_id;
  const uint64_t op = block_id;
  record(kSetBid, std::span<const uint64_t>(&op, 1));
}

namespace {
std::vector<uint64_t> chars(std::string_view s, std::vector<uint64_t> prefix = {}) {
  for (char c : s) prefix.push_back(static_cast<uint8_t>(c));
  return prefix;
}
}  // namespace

void Writer::block_name(std::string_view name) { record(kBlockName, chars(name)); }
void Writer::record_name(uint32_t code, std::string_view name) { record(kSetRecordName, chars(name, {code})); }
uint32_t Writer::blockinfo_abbrev(std::span<const AbbrevOp> ops) { return define_abbrev(ops); }

void Writer::record(uint32_t code, std::span<const uint64_t> ops) {
  emit_fixed(kUnabbrevRecord, code_width_);
  emit_vbr(code, 6);
  emit_vbr(ops.size(), 6);
  for (uint64_t v : ops) emit_vbr(v, 6);
}

const std::vector<AbbrevOp>& Writer::abbrev(uint32_t id) const {
  if (id < kFirstUserAbbrev || id - kFirstUserAbbrev >= abbrevs_.size())
    throw std::logic_error("Writer::record: abbrev id not in scope");
  return abbrevs_[id - kFirstUserAbbrev];
}

void Writer::emit_field(const AbbrevOp& op, uint64_t v) {
  switch (op.encoding) {
    case Encoding::literal:
      if (v != op.value) throw std::logic_error("Writer::record: value differs from the abbrev's literal");
      return;
    case Encoding::fixed:
      emit_fixed(v, static_cast<unsigned>(op.value));
      return;
    case Encoding::vbr:
      emit_vbr(v, static_cast<unsigned>(op.value));
      return;
    case Encoding::char6: {
      const char c = static_cast<char>(v);
      unsigned e = 0;
      if (c >= 'a' && c <= 'z') e = static_cast<unsigned>(c - 'a');
      else if (c >= 'A' && c <= 'Z') e = static_cast<unsigned>(c - 'A') + 26;
      else if (c >= '0' && c <= '9') e = static_cast<unsigned>(c - '0') + 52;
      else if (c == '.') e = 62;
      else if (c == '_') e = 63;
      else throw std::logic_error("Writer::record: not a char6 character");
      emit_fixed(e, 6);
      return;
    }
    case Encoding::array:
    case Encoding::blob:
      break;
  }
  throw std::logic_error("Writer::record: array or blob as a scalar");
}

void Writer::record(uint32_t abbrev_id, uint32_t code, std::span<const uint64_t> ops, Bytes blob) {
  const std::vector<AbbrevOp> a = abbrev(abbrev_id);  // a copy: emitting cannot invalidate it
  emit_fixed(abbrev_id, code_width_);
  emit_field(a[0], code);
  size_t next = 0;
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i].encoding == Encoding::array) {
      emit_vbr(ops.size() - next, 6);
      for (; next < ops.size(); ++next) emit_field(a[i + 1], ops[next]);
      return;
    }
    if (a[i].encoding == Encoding::blob) {
      emit_vbr(blob.size(), 6);
      align32();
      for (uint8_t b : blob) emit_fixed(b, 8);
      align32();
      return;
    }
    if (next >= ops.size()) throw std::logic_error("Writer::record: fewer operands than the abbreviation");
    emit_field(a[i], ops[next++]);
  }
  if (next != ops.size()) throw std::logic_error("Writer::record: more operands than the abbreviation");
}

std::vector<uint8_t> Writer::finish() {
  align32();
  return out_;
}

std::vector<uint8_t> wrap(Bytes stream, uint32_t cpu_type, size_t padding) {
  ByteWriter w;
  w.put_u32_le(kWrapperMagic);
  w.put_u32_le(0);
  w.put_u32_le(static_cast<uint32_t>(kWrapperHeaderSize));
  w.put_u32_le(static_cast<uint32_t>(stream.size()));
  w.put_u32_le(cpu_type);
  w.put_bytes(stream);
  w.put_zeros(padding);
  return w.take();
}

}  // namespace sp::bitstream
