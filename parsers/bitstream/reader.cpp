#include "bitstream/reader.h"

#include "core/strings.h"

namespace sp::bitstream {
namespace {

// Fixed field widths of the container (BitCodeEnums.h: BlockIDWidth,
// CodeLenWidth, BlockSizeWidth) and of unabbreviated records (vbr6).
constexpr unsigned kBlockIdWidth = 8;
constexpr unsigned kCodeLenWidth = 4;
constexpr unsigned kBlockSizeWidth = 32;
constexpr unsigned kUnabbrevWidth = 6;
constexpr unsigned kTopLevelCodeWidth = 2;

unsigned long long ull(uint64_t v) { return static_cast<unsigned long long>(v); }

}  // namespace

Reader::Reader(Bytes stream, uint64_t base_bit, Context& ctx, BlockNamer namer)
    : cursor_(stream, base_bit), ctx_(ctx), namer_(namer) {
  Frame top;
  top.state.code_width = kTopLevelCodeWidth;
  frames_.push_back(top);
}

bool Reader::start(uint32_t& magic) {
  // LLVM's BitcodeReader: "Invalid bitcode signature" (the stream is read
  // in 32-bit words, so a partial word cannot end it).
  if (cursor_.data().size() % 4 != 0)
    return fail(Code::bitstream_size, cursor_.bit_offset(), Leaf::none,
                strprintf("bitstream of %zu bytes is not a whole number of 32-bit words", cursor_.data().size()));
  uint64_t v = 0;
  if (!cursor_.read_fixed(32, v))
    return fail(Code::truncated, cursor_.bit_offset(), Leaf::none, "bitstream shorter than its 32-bit magic");
  magic = static_cast<uint32_t>(v);
  return true;
}

Reader::Entry Reader::next() {
  if (failed_ || ctx_.failed()) return Entry::error;
  ctx_.count_steps(1);
  if (just_ended_) just_ended_ = false;
  Frame& f = frames_.back();
  const uint64_t start = cursor_.bit_offset();
  const unsigned width = f.state.code_width;
  uint64_t id = 0;
  if (!cursor_.read_fixed(width, id)) {
    if (frames_.size() == 1 && cursor_.at_end()) return Entry::end_of_stream;
    // Inside a block there must be an END_BLOCK (at the top level the
    // stream is whole words, so a partial id cannot happen there).
    fail(Code::unterminated_block, start, Leaf::none, strprintf("the stream ends inside block %u", f.state.id));
    return Entry::error;
  }
  if (frames_.size() == 1 && id != kEnterSubblock) {
    fail(Code::invalid_top_level, start, Leaf::block,
         strprintf("abbrev id %llu at the top level: only blocks (ENTER_SUBBLOCK) may appear there", ull(id)));
    return Entry::error;
  }
  leaf_ = id == kEnterSubblock ? Leaf::block : id == kDefineAbbrev ? Leaf::abbrev : Leaf::record;
  switch (id) {
    case kEndBlock:
      return end_block() ? Entry::end_block : Entry::error;
    case kEnterSubblock:
      return enter_block(start) ? Entry::enter_block : Entry::error;
    case kDefineAbbrev:
      if (!define_abbrev()) return Entry::error;
      ++frames_.back().abbrevs;
      return Entry::define_abbrev;
    default:
      break;
  }
  record_.start_bit = start;
  record_.has_blob = false;
  record_.blob = {};
  record_.array_start = -1;
  record_.abbrev_id = static_cast<uint32_t>(id);
  ops_.clear();
  const bool ok = id == kUnabbrevRecord ? read_unabbreviated() : read_abbreviated(static_cast<uint32_t>(id));
  if (!ok) return Entry::error;
  ctx_.count_steps(ops_.size());
  record_.ops = std::span<const uint64_t>(ops_.data(), ops_.size());
  record_.end_bit = cursor_.bit_offset();
  if (frames_.back().state.id == kBlockInfoBlockId && !blockinfo_record()) return Entry::error;
  ++frames_.back().records;
  return Entry::record;
}

bool Reader::enter_block(uint64_t start_bit) {
  uint64_t id = 0, width = 0, words = 0;
  if (!read_vbr(kBlockIdWidth, id, 32, "block id")) return false;
  if (!read_vbr(kCodeLenWidth, width, 32, "abbrev id width")) return false;
  if (width == 0 || width > kMaxChunkBits)
    return fail(Code::invalid_code_width, cursor_.bit_offset(), Leaf::block,
                strprintf("block %llu declares an abbrev id width of %llu bits (1..32 allowed)", ull(id), ull(width)));
  if (!cursor_.align32() || !cursor_.read_fixed(kBlockSizeWidth, words))
    return fail(Code::truncated, cursor_.bit_offset(), Leaf::block,
                strprintf("block %llu: its NumWords field runs past the end of the stream", ull(id)));
  if (words * 32 > cursor_.remaining_bits())
    return fail(Code::block_length_out_of_bounds, cursor_.bit_offset() - kBlockSizeWidth, Leaf::block,
                strprintf("block %llu declares %llu words but %llu remain in the stream", ull(id), ull(words),
                          ull(cursor_.remaining_bits() / 32)));
  if (frames_.size() > ctx_.limits().max_depth)
    return fail(Code::limit_exceeded, start_bit, Leaf::block,
                "blocks nested deeper than " + limit_text(&Limits::max_depth, ctx_.limits().max_depth));
  Frame& parent = frames_.back();
  Frame f;
  f.state.id = static_cast<uint32_t>(id);
  f.state.code_width = static_cast<uint32_t>(width);
  f.state.num_words = static_cast<uint32_t>(words);
  f.state.start_bit = start_bit;
  f.state.body_bit = cursor_.bit_offset();
  f.state.index = parent.children++;
  f.local_begin = local_abbrevs_.size();
  f.local_ops_begin = local_ops_.size();
  if (f.state.id == kBlockInfoBlockId) {
    blockinfo_.clear();  // a new BLOCKINFO replaces the old (see reader.h)
    record_names_.clear();
  } else if (auto it = blockinfo_.find(f.state.id); it != blockinfo_.end() && it->second.abbrev_list != UINT32_MAX) {
    f.inherited_list = it->second.abbrev_list;
    f.inherited_count = static_cast<uint32_t>(bi_lists_[f.inherited_list].size());
  }
  frames_.push_back(std::move(f));
  return true;
}

bool Reader::end_block() {
  const uint64_t at = cursor_.bit_offset();
  if (!cursor_.align32())
    return fail(Code::truncated, at, Leaf::none, "END_BLOCK's alignment runs past the end of the stream");
  Frame& f = frames_.back();
  const uint64_t words = (cursor_.bit_offset() - f.state.body_bit) / 32;
  if (words != f.state.num_words)
    ctx_.warn_at_bit(Code::block_length_mismatch, at, FieldPath::root(path(Leaf::none)),
                     strprintf("block declares %u words but its END_BLOCK ends it after %llu", f.state.num_words,
                               ull(words)));
  local_abbrevs_.resize(f.local_begin);
  local_ops_.resize(f.local_ops_begin);
  ended_ = f.state;
  frames_.pop_back();
  just_ended_ = true;
  return true;
}

bool Reader::define_abbrev() {
  Frame& f = frames_.back();
  uint64_t count = 0;
  if (!read_vbr(5, count, 32, "abbreviation operand count")) return false;
  // Every operand takes at least 4 bits (the literal flag and an encoding).
  if (count > cursor_.remaining_bits() / 4)
    return fail(Code::count_too_large, cursor_.bit_offset(), Leaf::abbrev,
                strprintf("%llu abbreviation operands cannot fit in the %llu bits left", ull(count),
                          ull(cursor_.remaining_bits())));
  if (count > ctx_.limits().max_record_operands)
    return fail(Code::limit_exceeded, cursor_.bit_offset(), Leaf::abbrev,
                strprintf("%llu abbreviation operands exceed ", ull(count)) +
                    limit_text(&Limits::max_record_operands, ctx_.limits().max_record_operands));
  scratch_.clear();
  for (uint64_t i = 0; i < count; ++i) {
    const uint64_t at = cursor_.bit_offset();
    uint64_t literal = 0, enc = 0;
    if (!cursor_.read_fixed(1, literal))
      return fail(Code::truncated, at, Leaf::abbrev, "abbreviation operand runs past the end of the stream");
    AbbrevOp op;
    if (literal != 0) {
      if (!read_vbr(8, op.value, 64, "literal operand")) return false;
      scratch_.push_back(op);
      continue;
    }
    if (!cursor_.read_fixed(3, enc))
      return fail(Code::truncated, at, Leaf::abbrev, "abbreviation operand runs past the end of the stream");
    if (enc < 1 || enc > 5)
      return fail(Code::invalid_abbrev, at, Leaf::abbrev,
                  strprintf("operand %llu has encoding %llu (1..5 are defined)", ull(i), ull(enc)));
    op.encoding = static_cast<Encoding>(enc);
    if (op.encoding == Encoding::fixed || op.encoding == Encoding::vbr) {
      if (!read_vbr(5, op.value, 64, "operand width")) return false;
      // LLVM: "fixed(0) and vbr(0) [are] a literal zero".
      if (op.value == 0) op.encoding = Encoding::literal;
    }
    scratch_.push_back(op);
  }
  if (auto problem = abbrev_problem(scratch_); !problem.empty())
    return fail(Code::invalid_abbrev, cursor_.bit_offset(), Leaf::abbrev, std::string(problem));

  const uint32_t max = ctx_.limits().max_abbrevs_per_block;
  if (f.state.id == kBlockInfoBlockId) {
    if (!f.setbid)
      return fail(Code::invalid_blockinfo, cursor_.bit_offset(), Leaf::abbrev, "DEFINE_ABBREV before SETBID");
    BlockInfo& info = blockinfo_for(*f.setbid);
    if (info.abbrev_list == UINT32_MAX) {
      info.abbrev_list = static_cast<uint32_t>(bi_lists_.size());
      bi_lists_.emplace_back();
    }
    auto& list = bi_lists_[info.abbrev_list];
    if (list.size() >= max)
      return fail(Code::limit_exceeded, cursor_.bit_offset(), Leaf::abbrev,
                  "BLOCKINFO registers more than " + limit_text(&Limits::max_abbrevs_per_block, max) +
                      strprintf(" abbreviations for block %u", *f.setbid));
    list.push_back(Abbrev{static_cast<uint32_t>(bi_ops_.size()), static_cast<uint32_t>(scratch_.size())});
    bi_ops_.insert(bi_ops_.end(), scratch_.begin(), scratch_.end());
    return true;
  }
  if (f.inherited_count + (local_abbrevs_.size() - f.local_begin) >= max)
    return fail(Code::limit_exceeded, cursor_.bit_offset(), Leaf::abbrev,
                "more than " + limit_text(&Limits::max_abbrevs_per_block, max) + " abbreviations in one block");
  local_abbrevs_.push_back(Abbrev{static_cast<uint32_t>(local_ops_.size()), static_cast<uint32_t>(scratch_.size())});
  local_ops_.insert(local_ops_.end(), scratch_.begin(), scratch_.end());
  return true;
}

bool Reader::read_unabbreviated() {
  uint64_t code = 0, count = 0;
  if (!read_vbr(kUnabbrevWidth, code, 32, "record code")) return false;
  if (!read_vbr(kUnabbrevWidth, count, 32, "operand count")) return false;
  // Each operand is at least one vbr6 chunk ("Size is not plausible").
  if (count > cursor_.remaining_bits() / kUnabbrevWidth)
    return fail(Code::count_too_large, cursor_.bit_offset(), Leaf::record,
                strprintf("%llu operands cannot fit in the %llu bits left", ull(count), ull(cursor_.remaining_bits())));
  if (count > ctx_.limits().max_record_operands)
    return fail(Code::limit_exceeded, cursor_.bit_offset(), Leaf::record,
                strprintf("%llu operands exceed ", ull(count)) +
                    limit_text(&Limits::max_record_operands, ctx_.limits().max_record_operands));
  record_.code = static_cast<uint32_t>(code);
  ops_.resize(static_cast<size_t>(count));
  for (uint64_t& v : ops_)
    if (!read_vbr(kUnabbrevWidth, v, 64, "operand")) return false;
  return true;
}

const AbbrevOp* Reader::abbrev_ops(uint32_t id, uint32_t& count) const {
  const Frame& f = frames_.back();
  const uint64_t index = uint64_t{id} - kFirstUserAbbrev;
  if (index < f.inherited_count) {
    const Abbrev& a = bi_lists_[f.inherited_list][static_cast<size_t>(index)];
    count = a.op_count;
    return bi_ops_.data() + a.first_op;
  }
  const uint64_t local = index - f.inherited_count;
  if (local >= local_abbrevs_.size() - f.local_begin) return nullptr;
  const Abbrev& a = local_abbrevs_[f.local_begin + static_cast<size_t>(local)];
  count = a.op_count;
  return local_ops_.data() + a.first_op;
}

bool Reader::read_abbrev_field(const AbbrevOp& op, uint64_t& v) {
  switch (op.encoding) {
    case Encoding::literal:
      v = op.value;
      return true;
    case Encoding::fixed:
      if (cursor_.read_fixed(static_cast<unsigned>(op.value), v)) return true;
      break;
    case Encoding::vbr:
      return read_vbr(static_cast<unsigned>(op.value), v, 64, "operand");
    case Encoding::char6:
      if (cursor_.read_char6(v)) return true;
      break;
    case Encoding::array:
    case Encoding::blob:
      return fail(Code::internal_error, cursor_.bit_offset(), Leaf::record, "array or blob read as a scalar");
  }
  return fail(Code::truncated, cursor_.bit_offset(), Leaf::record, "record operand runs past the end of the stream");
}

bool Reader::read_abbreviated(uint32_t id) {
  uint32_t count = 0;
  const AbbrevOp* ops = abbrev_ops(id, count);
  if (ops == nullptr)
    return fail(Code::invalid_abbrev_id, record_.start_bit, Leaf::record,
                strprintf("abbrev id %u is not defined in block %u", id, frames_.back().state.id));
  // abbrev_problem() held when it was defined: ops[0] is a scalar, an
  // array is second to last, a blob last.
  uint64_t code = 0;
  const uint64_t code_at = cursor_.bit_offset();
  if (!read_abbrev_field(ops[0], code)) return false;
  if (code > UINT32_MAX)
    return fail(Code::invalid_value, code_at, Leaf::record,
                strprintf("record code %llu does not fit 32 bits", ull(code)));
  record_.code = static_cast<uint32_t>(code);
  // define_abbrev held every abbreviation to max_ops operands, so its
  // scalars fit and max_ops - ops_.size() below cannot wrap.
  const uint32_t max_ops = ctx_.limits().max_record_operands;
  for (uint32_t i = 1; i < count; ++i) {
    const AbbrevOp& op = ops[i];
    if (op.encoding == Encoding::array) {
      const AbbrevOp& element = ops[i + 1];
      const uint64_t at = cursor_.bit_offset();
      uint64_t n = 0;
      if (!read_vbr(6, n, 64, "array length")) return false;
      // "Size is not plausible": every element takes at least its width.
      if (n > cursor_.remaining_bits() / min_element_bits(element))
        return fail(Code::count_too_large, at, Leaf::record,
                    strprintf("array of %llu elements cannot fit in the %llu bits left", ull(n),
                              ull(cursor_.remaining_bits())));
      if (n > max_ops - ops_.size())
        return fail(Code::limit_exceeded, at, Leaf::record,
                    strprintf("%llu array elements exceed ", ull(n)) + limit_text(&Limits::max_record_operands, max_ops));
      record_.array_start = static_cast<int64_t>(ops_.size());
      const size_t first = ops_.size();
      ops_.resize(first + static_cast<size_t>(n));
      for (size_t k = first; k < ops_.size(); ++k)
        if (!read_abbrev_field(element, ops_[k])) return false;
      return true;  // the element was the last operand
    }
    if (op.encoding == Encoding::blob) {
      const uint64_t at = cursor_.bit_offset();
      uint64_t n = 0;
      if (!read_vbr(6, n, 64, "blob length")) return false;
      // "Blob ends too soon": the bytes and their padding to 32 bits.
      if (!cursor_.align32() || n > cursor_.remaining_bits() / 8 ||
          align_up4(n) * 8 > cursor_.remaining_bits())
        return fail(Code::count_too_large, at, Leaf::record,
                    strprintf("blob of %llu bytes runs past the end of the stream", ull(n)));
      const uint64_t byte = cursor_.position() / 8;
      record_.blob = cursor_.data().subspan(static_cast<size_t>(byte), static_cast<size_t>(n));
      record_.has_blob = true;
      (void)cursor_.skip_bits(align_up4(n) * 8);  // checked above
      return true;  // a blob is the last operand
    }
    uint64_t v = 0;
    if (!read_abbrev_field(op, v)) return false;
    ops_.push_back(v);
  }
  return true;
}

bool Reader::blockinfo_record() {
  Frame& f = frames_.back();
  const auto ops = record_.ops;
  auto text = [](std::span<const uint64_t> chars) -> FileString {
    std::string s;
    s.reserve(chars.size());
    for (uint64_t c : chars) s += static_cast<char>(c);  // LLVM keeps the low byte
    return s;
  };
  switch (record_.code) {
    case kSetBid:
      if (ops.empty()) return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record, "SETBID without a block id");
      if (ops[0] > UINT32_MAX)
        return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record, "SETBID block id does not fit 32 bits");
      f.setbid = static_cast<uint32_t>(ops[0]);
      (void)blockinfo_for(*f.setbid);
      return true;
    case kBlockName:
      if (!f.setbid) return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record, "BLOCKNAME before SETBID");
      blockinfo_for(*f.setbid).name = text(ops);
      return true;
    case kSetRecordName: {
      if (!f.setbid)
        return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record, "SETRECORDNAME before SETBID");
      // LLVM 22's llvm-bcanalyzer aborts (std::length_error) on this.
      if (ops.empty())
        return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record, "SETRECORDNAME without a record code");
      if (ops[0] > UINT32_MAX)
        return fail(Code::invalid_blockinfo, record_.start_bit, Leaf::record,
                    "SETRECORDNAME record code does not fit 32 bits");
      // The first name given to a code wins, as in LLVM's lookup.
      record_names_.try_emplace(uint64_t{*f.setbid} << 32 | ops[0], text(ops.subspan(1)));
      return true;
    }
    default:
      return true;  // other codes are ignored, as LLVM does
  }
}

Reader::BlockInfo& Reader::blockinfo_for(uint32_t block_id) { return blockinfo_[block_id]; }

std::optional<FileText> Reader::blockinfo_block_name(uint32_t block_id) const {
  auto it = blockinfo_.find(block_id);
  if (it == blockinfo_.end() || !it->second.name) return std::nullopt;
  return FileText(*it->second.name);
}

std::optional<FileText> Reader::blockinfo_record_name(uint32_t block_id, uint32_t code) const {
  if (record_names_.empty()) return std::nullopt;
  auto it = record_names_.find(uint64_t{block_id} << 32 | code);
  if (it == record_names_.end()) return std::nullopt;
  return FileText(it->second);
}

bool Reader::vbr_failed(ReadStatus s, unsigned width, unsigned max_bits, std::string_view what) {
  const uint64_t at = cursor_.bit_offset();  // a failed read did not move
  if (s == ReadStatus::truncated)
    return fail(Code::truncated, at, leaf_,
                strprintf("%.*s runs past the end of the stream", static_cast<int>(what.size()), what.data()));
  return fail(Code::vbr_too_long, at, leaf_,
              strprintf("%.*s: vbr%u value has more than %u significant bits", static_cast<int>(what.size()),
                        what.data(), width, max_bits));
}

std::string Reader::block_label(uint32_t id) const {
  if (id == kBlockInfoBlockId) return "BLOCKINFO_BLOCK";
  if (namer_ != nullptr) {
    if (auto n = namer_(id); !n.empty()) return std::string(n);
  }
  if (auto n = blockinfo_block_name(id)) return n->printable();
  return strprintf("block%u", id);
}

std::string Reader::path(Leaf leaf) const {
  std::string out;
  for (size_t i = 1; i < frames_.size(); ++i) {
    const BlockState& b = frames_[i].state;
    out += strprintf("blocks[%llu].", ull(b.index));
    out += block_label(b.id);
    out += '.';
  }
  const Frame& f = frames_.back();
  switch (leaf) {
    case Leaf::record:
      out += strprintf("records[%llu]", ull(f.records));
      break;
    case Leaf::abbrev:
      out += strprintf("abbrevs[%llu]", ull(f.abbrevs));
      break;
    case Leaf::block:
      out += strprintf("blocks[%llu]", ull(f.children));
      break;
    case Leaf::none:
      if (!out.empty()) out.pop_back();
      break;
  }
  return out;
}

std::string Reader::path() const { return path(Leaf::none); }

std::string Reader::record_path() const { return path() + strprintf(".records[%llu]", ull(record_index())); }

bool Reader::fail(Code code, uint64_t bit, Leaf leaf, std::string message) {
  failed_ = true;
  ctx_.fail_at_bit(code, bit, FieldPath::root(path(leaf)), std::move(message));
  return false;
}

}  // namespace sp::bitstream
