#include "bitcode/bcanalyzer.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "bitcode/metadata_strings.h"
#include "bitcode/names.h"
#include "bitstream/reader.h"
#include "bitstream/walk.h"
#include "bitstream/wrapper.h"
#include "core/strings.h"
#include "core/text_buffer.h"

namespace sp::bitcode {
namespace {

using bitstream::Reader;

// LLVM's isPrint: printable ASCII only.
bool is_print(uint8_t c) { return c >= 0x20 && c <= 0x7E; }

using Text = TextBuffer;

// How llvm-bcanalyzer prints a BLOCKINFO name: as the C string its
// GetBlockName / GetCodeName return, so up to the first NUL, and the bytes
// before it as they are (the peer escapes nothing there).
std::string_view blockinfo_name(FileText name) {
  const std::string_view bytes = name.bytes();
  return bytes.substr(0, bytes.find('\0'));
}

char* put_indent(char* p, size_t level) {
  std::memset(p, ' ', 2 * level);
  return p + 2 * level;
}

// raw_ostream::write_escaped(Str, /*UseHexEscapes=*/true); at most four
// characters a byte.
char* put_escaped(char* p, Bytes s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (uint8_t c : s) {
    switch (c) {
      case '\\': p = Text::put(p, "\\\\"); break;
      case '\t': p = Text::put(p, "\\t"); break;
      case '\n': p = Text::put(p, "\\n"); break;
      case '"': p = Text::put(p, "\\\""); break;
      default:
        if (is_print(c)) {
          *p++ = static_cast<char>(c);
        } else {
          p = Text::put(p, "\\x");
          *p++ = kHex[c >> 4];
          *p++ = kHex[c & 15];
        }
    }
  }
  return p;
}

// Room a record's line needs beyond its name, indent, operands and record
// string: " abbrevid=N", " (offset mismatch: N vs M)", "/>", the record
// string's quotes and the newline.
constexpr size_t kRecordOverhead = 128;
// " opN=V" for one operand (index and value at most 20 characters each).
constexpr size_t kPerOperand = 3 + 20 + 1 + 20;
// Operands are written this many at a time, each batch into room reserved
// for its worst case and the text limit checked between batches: a record
// of millions of one-bit array elements (half a megabyte of input) would
// otherwise be written whole, tens of megabytes, before the check.
constexpr size_t kOperandBatch = 256;

class Dumper {
 public:
  Dumper(Context& ctx, Text& out) : ctx_(ctx), out_(out), start_(out.size()) {}

  bool run(Bytes file, uint64_t base_byte) {
    max_text_ = uint64_t{ctx_.limits().max_text_per_input_byte} * file.size() + 4096;
    return bitstream::walk(file, ctx_, base_byte, *this);
  }

  // bitstream::walk's visitor.
  void found(const bitstream::Stream& s, uint64_t base_bit) {
    if (s.wrapped) {
      const auto& h = s.header;
      out_.append(strprintf("<BITCODE_WRAPPER_HEADER Magic=0x%08x Version=0x%08x Offset=0x%08x Size=0x%08x "
                            "CPUType=0x%08x/>\n",
                            h.magic, h.version, h.offset, h.size, h.cpu_type));
    }
    stream_base_bit_ = base_bit;
  }

  bool start(Reader& r, uint32_t magic) {
    ir_ = magic == bitstream::kLlvmIrMagic;
    if (ir_) r.set_block_namer(analyzer_block_name);
    return true;
  }

  bool abbrev(const Reader&) { return true; }

  bool end() {
    out_.append("\n\n");
    return true;
  }

  bool enter(const Reader& r) {
    const auto& b = r.block();
    if (b.id == bitstream::kBlockInfoBlockId) {
      char* p = out_.reserve(2 * r.depth() + 24);
      p = put_indent(p, r.depth() - 1);
      out_.commit(Text::put(p, "<BLOCKINFO_BLOCK/>\n"));
      open_.push_back(Open{{}, false, 0});
      return true;
    }
    Open o;
    o.name = block_name(r, b.id);
    char* p = out_.reserve(2 * r.depth() + o.name.size() + 64);
    p = put_indent(p, r.depth() - 1);
    p = Text::put(p, '<');
    p = Text::put(p, o.name);
    p = Text::put(p, " NumWords=");
    p = Text::put_uint(p, b.num_words);
    p = Text::put(p, " BlockCodeSize=");
    p = Text::put_uint(p, b.code_width);
    out_.commit(Text::put(p, ">\n"));
    open_.push_back(std::move(o));
    return true;
  }

  bool leave(const Reader& r) {
    if (open_.back().dumped) {
      const std::string& name = open_.back().name;
      char* p = out_.reserve(2 * r.depth() + name.size() + 4);
      p = put_indent(p, r.depth() - 1);
      p = Text::put(p, "</");
      p = Text::put(p, name);
      out_.commit(Text::put(p, ">\n"));
    }
    open_.pop_back();
    return true;
  }

  bool record(const Reader& r) { return (!open_.back().dumped || print_record(r)) && within_text_limit(r); }

 private:
  struct Open {
    std::string name;
    bool dumped = true;
    uint64_t metadata_index_offset = 0;
  };

  // The text so far against Limits::max_text_per_input_byte; the error
  // names the record being dumped.
  bool within_text_limit(const Reader& r) {
    if (out_.size() - start_ <= max_text_) return true;
    const std::string where = r.path();
    return ctx_.fail_at_bit(Code::limit_exceeded, r.record().start_bit, FieldPath::root(where),
                            "the dump outgrows " +
                                limit_text(&Limits::max_text_per_input_byte, ctx_.limits().max_text_per_input_byte) +
                                " times the input");
  }

  // GetBlockName: reserved ids (1..7) have no name, then BLOCKINFO's, then
  // LLVM's table for IR streams.
  std::string block_name(const Reader& r, uint32_t id) const {
    if (id >= bitstream::kFirstApplicationBlockId) {
      if (auto n = r.blockinfo_block_name(id); n && !n->empty()) return std::string(blockinfo_name(*n));
      if (ir_) {
        if (auto n = analyzer_block_name(id); !n.empty()) return std::string(n);
      }
    }
    return strprintf("UnknownBlock%u", id);
  }

  // GetCodeName: BLOCKINFO's own records, nothing for reserved ids, then
  // SETRECORDNAME (an empty name prints as nothing), then LLVM's table;
  // nothing found prints as UnknownCodeN.
  std::optional<std::string_view> record_name(const Reader& r, uint32_t block, uint32_t code) const {
    if (block == bitstream::kBlockInfoBlockId) {
      static constexpr std::string_view kNames[] = {{}, "SETBID", "BLOCKNAME", "SETRECORDNAME"};
      if (code >= 1 && code <= 3) return kNames[code];
    } else if (block >= bitstream::kFirstApplicationBlockId) {
      if (auto name = r.blockinfo_record_name(block, code)) return blockinfo_name(*name);
      if (ir_) {
        if (auto n = analyzer_record_name(block, code); !n.empty()) return n;
      }
    }
    return std::nullopt;
  }

  bool print_record(const Reader& r) {
    const bitstream::Record& rec = r.record();
    const uint32_t block = r.block().id;
    const std::optional<std::string_view> name = record_name(r, block, rec.code);
    const size_t n = rec.ops.size();
    char* p = out_.reserve(2 * r.depth() + (name ? name->size() : 0) + kRecordOverhead);
    p = put_indent(p, r.depth());
    p = Text::put(p, '<');
    if (name) {
      p = Text::put(p, *name);
    } else {
      p = Text::put(p, "UnknownCode");
      p = Text::put_uint(p, rec.code);
    }
    if (rec.abbrev_id != bitstream::kUnabbrevRecord) {
      p = Text::put(p, " abbrevid=");
      p = Text::put_uint(p, rec.abbrev_id);
    }
    for (size_t i = 0; i < n;) {
      out_.commit(p);
      // The check after each record covers the first batch.
      if (i != 0 && !within_text_limit(r)) return false;
      const size_t batch_end = std::min(n, i + kOperandBatch);
      p = out_.reserve(kPerOperand * (batch_end - i));
      for (; i < batch_end; ++i) {
        p = Text::put(p, " op");
        p = Text::put_uint(p, i);
        p = Text::put(p, '=');
        p = Text::put_int(p, static_cast<int64_t>(rec.ops[i]));
      }
    }
    out_.commit(p);
    p = out_.reserve(n + kRecordOverhead);  // the record string has a character per operand at most
    if (block == kMetadataBlock) p = metadata_index(p, rec);
    p = Text::put(p, "/>");
    if (rec.array_start >= 0) {
      const auto array = rec.ops.subspan(static_cast<size_t>(rec.array_start));
      bool printable = true;
      // As LLVM: each operand's low byte decides.
      for (uint64_t c : array) printable = printable && is_print(static_cast<uint8_t>(c));
      if (printable) {
        p = Text::put(p, " record string = '");
        for (uint64_t c : array) *p++ = static_cast<char>(c);
        p = Text::put(p, '\'');
      }
    }
    if (!rec.has_blob) {
      out_.commit(Text::put(p, '\n'));
      return true;
    }
    out_.commit(p);
    if (block == kMetadataBlock && rec.code == kMetadataStrings) {
      if (!metadata_strings(r)) return false;
    } else {
      blob(rec.blob);
    }
    out_.append("\n");
    return true;
  }

  void blob(Bytes data) {
    bool printable = true;
    for (uint8_t c : data) printable = printable && is_print(c);
    char* p = out_.reserve(data.size() + 64);
    p = Text::put(p, " blob data = ");
    if (printable) {
      p = Text::put(p, '\'');
      p = Text::put(p, std::string_view(reinterpret_cast<const char*>(data.data()), data.size()));
      p = Text::put(p, '\'');
    } else {
      p = Text::put(p, "unprintable, ");
      p = Text::put_uint(p, data.size());
      p = Text::put(p, " bytes.");
    }
    out_.commit(p);
  }

  // METADATA_INDEX_OFFSET gives the distance from the end of its record to
  // METADATA_INDEX; the analyzer checks it (bit positions from the start
  // of the stream, arithmetic modulo 2^64 as in LLVM).
  char* metadata_index(char* p, const bitstream::Record& rec) {
    Open& o = open_.back();
    if (rec.code == kMetadataIndexOffset) {
      if (rec.ops.size() != 2) return Text::put(p, "(Invalid record)");
      o.metadata_index_offset = (rec.end_bit - stream_base_bit_) + rec.ops[0] + (rec.ops[1] << 32);
    } else if (rec.code == kMetadataIndex) {
      const uint64_t start = rec.start_bit - stream_base_bit_;
      p = Text::put(p, " (offset ");
      if (o.metadata_index_offset == start) return Text::put(p, "match)");
      p = Text::put(p, "mismatch: ");
      p = Text::put_uint(p, o.metadata_index_offset);
      p = Text::put(p, " vs ");
      p = Text::put_uint(p, start);
      p = Text::put(p, ')');
    }
    return p;
  }

  // METADATA_STRINGS decoded as the analyzer does (metadata_strings.h); the
  // count line is printed before the strings, so a problem found later
  // still fails the whole dump.
  bool metadata_strings(const Reader& r) {
    const bitstream::Record& rec = r.record();
    const size_t level = r.depth() - 1;
    char* p = out_.reserve(64);
    p = Text::put(p, " num-strings = ");
    p = Text::put_uint(p, static_cast<uint32_t>(rec.ops.empty() ? 0 : rec.ops[0]));
    out_.commit(Text::put(p, " {\n"));
    const std::string_view problem = for_each_metadata_string(rec.ops, rec.blob, [&](Bytes s) {
      char* q = out_.reserve(2 * level + 4 * s.size() + 8);
      q = put_indent(q, level);
      q = Text::put(q, "    '");
      q = put_escaped(q, s);
      out_.commit(Text::put(q, "'\n"));
    });
    if (!problem.empty()) {
      const std::string where = r.path();
      return ctx_.fail_at_bit(Code::invalid_metadata_strings, rec.start_bit, FieldPath::root(where),
                              std::string(problem));
    }
    p = out_.reserve(2 * level + 4);
    p = put_indent(p, level);
    out_.commit(Text::put(p, "  }"));
    return true;
  }

  Context& ctx_;
  Text& out_;
  size_t start_;  // what `out_` held before the dump
  bool ir_ = false;
  uint64_t stream_base_bit_ = 0;
  uint64_t max_text_ = 0;
  std::vector<Open> open_;
};

}  // namespace

bool dump_bcanalyzer(Bytes file, Context& ctx, TextBuffer& out, uint64_t base_byte) {
  return Dumper(ctx, out).run(file, base_byte);
}

bool dump_bcanalyzer(Bytes file, Context& ctx, std::string& out, uint64_t base_byte) {
  TextBuffer text;
  if (!dump_bcanalyzer(file, ctx, text, base_byte)) return false;
  out += text.str();
  return true;
}

}  // namespace sp::bitcode
