#include "support/bitstream_mutator.h"

#include <algorithm>

#include "bitstream/wrapper.h"
#include "support/bitstream_model.h"
#include "support/model_mutation.h"

namespace sp::fuzz {
namespace bs = sp::bitstream;
namespace {

// Trees stop growing here: clang's bitcode of a small file has a few
// thousand items, and inputs are bounded by max_len anyway.
constexpr size_t kMaxItems = 4096;

struct Where {
  BsBlock* block;
  size_t index;  // into block->items
};

class Mutation {
 public:
  Mutation(unsigned seed, BsStream& s) : r_(seed), s_(s) {
    for (BsBlock& b : s_.blocks) collect(b);
  }

  size_t below(size_t n) { return r_.below(n); }

  // One edit; false when the tree has nothing it applies to.
  bool apply() {
    switch (r_.below(11)) {
      case 0: return operand();
      case 1: return record_code();
      case 2: return abbrev_definition();
      case 3: return block_header();
      case 4: return nesting();
      case 5: return lengths();
      case 6: return records();
      case 7: return blockinfo();
      case 8: return abbrev_choice();
      case 9: return metadata();
      default: return top_level();
    }
  }

 private:
  void collect(BsBlock& b) {
    blocks_.push_back(&b);
    for (size_t i = 0; i < b.items.size(); ++i) {
      ++total_;
      BsItem& item = b.items[i];
      if (item.kind == BsItem::Kind::record) records_.push_back({&b, i});
      if (item.kind == BsItem::Kind::abbrev) abbrevs_.push_back({&b, i});
      if (item.kind == BsItem::Kind::block) collect(item.block[0]);
    }
  }

  BsRecord* any_record() {
    if (records_.empty()) return nullptr;
    const Where w = records_[r_.below(records_.size())];
    return &w.block->items[w.index].record;
  }

  uint64_t value() {
    switch (r_.below(5)) {
      case 0: return r_.interesting();
      case 1: return uint64_t{1} << r_.below(64);
      case 2: return static_cast<uint8_t>("azAZ09._"[r_.below(8)]);  // char6 characters
      case 3: return ~uint64_t{0} >> r_.below(64);
      default: return r_.below(64);
    }
  }

  bool operand() {
    BsRecord* rec = any_record();
    if (rec == nullptr || rec->ops.empty()) return false;
    uint64_t& v = rec->ops[r_.below(rec->ops.size())];
    switch (r_.below(3)) {
      case 0: v = value(); break;
      case 1: v += r_.below(2) == 0 ? 1 : ~uint64_t{0}; break;
      default: v ^= uint64_t{1} << r_.below(64); break;
    }
    return true;
  }

  bool record_code() {
    BsRecord* rec = any_record();
    if (rec == nullptr) return false;
    rec->code = r_.below(2) == 0 ? static_cast<uint32_t>(r_.below(64)) : r_.interesting();
    return true;
  }

  bs::AbbrevOp random_op() {
    bs::AbbrevOp op;
    static constexpr uint64_t kWidths[] = {0, 1, 2, 3, 4, 6, 7, 8, 16, 31, 32, 33, 64};
    op.encoding = static_cast<bs::Encoding>(r_.below(6));
    if (op.encoding == bs::Encoding::fixed || op.encoding == bs::Encoding::vbr)
      op.value = kWidths[r_.below(std::size(kWidths))];
    if (op.encoding == bs::Encoding::literal) op.value = value();
    return op;
  }

  // Records using an edited abbreviation no longer fit it and are written
  // unabbreviated (bitstream_model.h) unless the edit kept them valid: a
  // width change, an array element kind, a literal equal to the value.
  bool abbrev_definition() {
    if (abbrevs_.empty()) return false;
    const Where w = abbrevs_[r_.below(abbrevs_.size())];
    auto& ops = w.block->items[w.index].abbrev;
    switch (r_.below(4)) {
      case 0:
        if (ops.empty()) return false;
        ops[r_.below(ops.size())] = random_op();
        return true;
      case 1:
        ops.insert(ops.begin() + static_cast<ptrdiff_t>(r_.below(ops.size() + 1)), random_op());
        return true;
      case 2:
        if (ops.empty()) return false;
        ops.erase(ops.begin() + static_cast<ptrdiff_t>(r_.below(ops.size())));
        return true;
      default:
        for (bs::AbbrevOp& op : ops)
          if (op.encoding == bs::Encoding::fixed || op.encoding == bs::Encoding::vbr) op.value = 2 + r_.below(31);
        return true;
    }
  }

  bool block_header() {
    if (blocks_.empty()) return false;
    BsBlock& b = *blocks_[r_.below(blocks_.size())];
    if (r_.below(2) == 0) {
      b.id = r_.below(2) == 0 ? static_cast<uint32_t>(r_.below(27)) : r_.interesting();
    } else {
      // Mostly wide enough for the abbrev ids in use; 0, 1, 32 and 33 are
      // the limits.
      static constexpr uint32_t kCodeWidths[] = {0, 1, 2, 3, 4, 5, 6, 8, 12, 32, 33};
      b.code_width = kCodeWidths[r_.below(std::size(kCodeWidths))];
      // Every abbrev id of a width-0 block reads as END_BLOCK, so it can
      // hold nothing: written with its items (ids in no bits) it would be
      // noise to every reader. Emptied, the stream around it stays
      // well-formed and the width is its one defect (a reader that took
      // the width would close the block at once and read on).
      if (b.code_width == 0) b.items.clear();
    }
    return true;
  }

  bool nesting() {
    if (blocks_.empty()) return false;
    BsBlock& b = *blocks_[r_.below(blocks_.size())];
    const size_t n = b.items.size();
    switch (r_.below(3)) {
      case 0: {  // wrap a run of items in a new block
        if (total_ >= kMaxItems) return false;
        const size_t from = r_.below(n + 1);
        const size_t to = from + r_.below(n - from + 1);
        BsItem wrapper;
        wrapper.kind = BsItem::Kind::block;
        wrapper.block.push_back(BsBlock{r_.below(2) == 0 ? b.id : static_cast<uint32_t>(8 + r_.below(19)),
                                        b.code_width, {}});
        auto first = b.items.begin() + static_cast<ptrdiff_t>(from);
        auto last = b.items.begin() + static_cast<ptrdiff_t>(to);
        wrapper.block[0].items.assign(std::make_move_iterator(first), std::make_move_iterator(last));
        b.items.erase(first, last);
        b.items.insert(b.items.begin() + static_cast<ptrdiff_t>(from), std::move(wrapper));
        return true;
      }
      case 1: {  // a sub-block's items replace it
        for (size_t tries = 0; tries < 4 && n > 0; ++tries) {
          const size_t i = r_.below(n);
          if (b.items[i].kind != BsItem::Kind::block) continue;
          std::vector<BsItem> inner = std::move(b.items[i].block[0].items);
          b.items.erase(b.items.begin() + static_cast<ptrdiff_t>(i));
          b.items.insert(b.items.begin() + static_cast<ptrdiff_t>(i), std::make_move_iterator(inner.begin()),
                         std::make_move_iterator(inner.end()));
          return true;
        }
        return false;
      }
      default: {  // an item (often a block) duplicated or moved
        if (n == 0 || total_ >= kMaxItems) return false;
        const size_t i = r_.below(n);
        BsItem copy = b.items[i];
        if (r_.below(2) == 0) b.items.erase(b.items.begin() + static_cast<ptrdiff_t>(i));
        b.items.insert(b.items.begin() + static_cast<ptrdiff_t>(r_.below(b.items.size() + 1)), std::move(copy));
        return true;
      }
    }
  }

  // Array and blob lengths: the bounds the reader checks before reserving.
  bool lengths() {
    BsRecord* rec = any_record();
    if (rec == nullptr) return false;
    if (rec->has_blob) {
      const size_t size = r_.below(3) == 0 ? 0 : r_.below(2 * rec->blob.size() + 8);
      const size_t old = rec->blob.size();
      rec->blob.resize(size);
      for (size_t i = old; i < size; ++i) rec->blob[i] = static_cast<uint8_t>(r_.below(256));
      return true;
    }
    const size_t old = rec->ops.size();
    const size_t size = r_.below(3) == 0 ? r_.below(old + 1) : old + 1 + r_.below(64);
    rec->ops.resize(size, old > 0 ? rec->ops[old - 1] : 'a');
    return true;
  }

  bool records() {
    if (blocks_.empty()) return false;
    BsBlock& b = *blocks_[r_.below(blocks_.size())];
    if (r_.below(2) == 0 && !b.items.empty()) {
      b.items.erase(b.items.begin() + static_cast<ptrdiff_t>(r_.below(b.items.size())));
      return true;
    }
    if (total_ >= kMaxItems) return false;
    BsItem item;
    if (const BsRecord* from = any_record(); from != nullptr && r_.below(2) == 0) {
      item.record = *from;  // a record of another block, often another kind
    } else {
      item.record.code = static_cast<uint32_t>(r_.below(64));
      for (size_t i = r_.below(5); i > 0; --i) item.record.ops.push_back(value());
    }
    b.items.insert(b.items.begin() + static_cast<ptrdiff_t>(r_.below(b.items.size() + 1)), std::move(item));
    return true;
  }

  // Edits that know LLVM's metadata (METADATA_BLOCK 15, METADATA_KIND 22,
  // METADATA_ATTACHMENT 16; parsers/bitcode/metadata.h): references moved
  // to the edges of the numbering (null, the last, one past, a string,
  // the record itself), named metadata added or split from its NAME,
  // records repeated or swapped (a kind twice, NAMED_NODE before NAME), and
  // the strings blob's count and offset. A metadata id is roughly a
  // record's index in its block, so the edges land near the true ones.
  bool metadata() {
    std::vector<BsBlock*> blocks;
    for (BsBlock* b : blocks_)
      if (b->id == 15 || b->id == 16 || b->id == 22) blocks.push_back(b);
    if (blocks.empty()) return false;
    BsBlock& b = *blocks[r_.below(blocks.size())];
    std::vector<size_t> records;
    for (size_t i = 0; i < b.items.size(); ++i)
      if (b.items[i].kind == BsItem::Kind::record) records.push_back(i);
    const uint64_t n = records.size();
    auto reference = [&]() -> uint64_t {
      switch (r_.below(5)) {
        case 0: return 0;
        case 1: return n;
        case 2: return n + 1 + r_.below(2);
        case 3: return r_.interesting();
        default: return r_.below(n + 1);
      }
    };
    auto insert = [&](size_t at, uint32_t code, std::vector<uint64_t> ops) {
      BsItem item;
      item.record.code = code;
      item.record.ops = std::move(ops);
      b.items.insert(b.items.begin() + static_cast<ptrdiff_t>(at), std::move(item));
    };
    switch (r_.below(5)) {
      case 0: {  // a reference moved
        if (records.empty()) return false;
        BsRecord& rec = b.items[records[r_.below(records.size())]].record;
        if (rec.ops.empty() || rec.has_blob) return false;
        rec.ops[r_.below(rec.ops.size())] = reference();
        return true;
      }
      case 1: {  // named metadata (NAME, NAMED_NODE), or a NAME alone
        if (total_ + 2 >= kMaxItems) return false;
        const size_t at = r_.below(b.items.size() + 1);
        if (r_.below(4) != 0) insert(at, 10, {reference(), reference()});
        insert(at, 4, {'d', 'x', '.', 'n'});
        return true;
      }
      case 2: {  // a record repeated next to itself (a kind given twice)
        if (records.empty() || total_ >= kMaxItems) return false;
        const size_t i = records[r_.below(records.size())];
        BsItem copy = b.items[i];
        b.items.insert(b.items.begin() + static_cast<ptrdiff_t>(i), std::move(copy));
        return true;
      }
      case 3: {  // two records swapped (NAMED_NODE before its NAME)
        if (records.size() < 2) return false;
        const size_t k = r_.below(records.size() - 1);
        std::swap(b.items[records[k]], b.items[records[k + 1]]);
        return true;
      }
      default: {  // METADATA_STRINGS' count or offset
        for (size_t i : records) {
          BsRecord& rec = b.items[i].record;
          if (rec.code != 35 || rec.ops.size() < 2) continue;
          uint64_t& v = rec.ops[r_.below(2)];
          v = r_.below(2) == 0 ? value() : v + 1 - 2 * r_.below(2);
          return true;
        }
        return false;
      }
    }
  }

  // A fresh BLOCKINFO ahead of a top-level block: names and abbreviations
  // for a block id the stream uses, so records start going through
  // inherited abbrevs and BLOCKNAME / SETRECORDNAME names.
  bool blockinfo() {
    if (blocks_.empty() || total_ >= kMaxItems) return false;
    const uint32_t target = blocks_[r_.below(blocks_.size())]->id;
    BsBlock info{bs::kBlockInfoBlockId, 2 + static_cast<uint32_t>(r_.below(3)), {}};
    auto add_record = [&](uint32_t code, std::vector<uint64_t> ops) {
      BsItem item;
      item.record.code = code;
      item.record.ops = std::move(ops);
      info.items.push_back(std::move(item));
    };
    add_record(bs::kSetBid, {target});
    if (r_.below(2) == 0) add_record(bs::kBlockName, {'b', 'l', 'k'});
    if (r_.below(2) == 0) add_record(bs::kSetRecordName, {r_.below(8), 'r', '_', '1'});
    for (size_t i = 1 + r_.below(3); i > 0; --i) {
      BsItem item;
      item.kind = BsItem::Kind::abbrev;
      item.abbrev.push_back(bs::AbbrevOp{bs::Encoding::fixed, 1 + r_.below(8)});
      for (size_t k = r_.below(3); k > 0; --k) item.abbrev.push_back(random_op());
      info.items.push_back(std::move(item));
    }
    if (r_.below(2) == 0) {
      BsItem wrapper;
      wrapper.kind = BsItem::Kind::block;
      wrapper.block.push_back(std::move(info));
      BsBlock& b = *blocks_[r_.below(blocks_.size())];
      b.items.insert(b.items.begin(), std::move(wrapper));
    } else {
      s_.blocks.insert(s_.blocks.begin() + static_cast<ptrdiff_t>(r_.below(s_.blocks.size() + 1)), std::move(info));
    }
    return true;
  }

  // A record moved to another abbreviation in scope (or to none): the
  // writer uses it when the operands fit, so records take other encodings.
  bool abbrev_choice() {
    BsRecord* rec = any_record();
    if (rec == nullptr) return false;
    rec->abbrev_id = r_.below(3) == 0 ? bs::kUnabbrevRecord : bs::kFirstUserAbbrev + static_cast<uint32_t>(r_.below(8));
    return true;
  }

  bool top_level() {
    if (s_.blocks.empty()) return false;
    const size_t i = r_.below(s_.blocks.size());
    switch (r_.below(4)) {
      case 0:  // a second module, as multi-module files have
        if (total_ >= kMaxItems) return false;
        s_.blocks.push_back(s_.blocks[i]);
        return true;
      case 1:
        std::swap(s_.blocks[i], s_.blocks[r_.below(s_.blocks.size())]);
        return true;
      case 2:
        s_.wrapper_cpu = s_.wrapper_cpu ? std::nullopt : std::optional<uint32_t>(0x01000007);
        return true;
      default:
        s_.magic = r_.below(2) == 0 ? bs::kLlvmIrMagic : static_cast<uint32_t>(value());
        return true;
    }
  }

  Random r_;
  BsStream& s_;
  std::vector<BsBlock*> blocks_;
  std::vector<Where> records_;
  std::vector<Where> abbrevs_;
  size_t total_ = 0;
};

}  // namespace

size_t mutate_bitstream(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  return mutate_through_model(
      data, size, max_size, seed, bytes, read_stream,
      [&](Random& pick, BsStream& tree) { edit_once_or_twice(pick, seed, [&](unsigned s) { return Mutation(s, tree); }); },
      write_stream);
}

}  // namespace sp::fuzz
