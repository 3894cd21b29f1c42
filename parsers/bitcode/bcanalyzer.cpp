#include "bitcode/bcanalyzer.h"

#include <optional>
#include <vector>

#include "bitcode/metadata_strings.h"
#include "bitcode/names.h"
#include "bitstream/reader.h"
#include "bitstream/wrapper.h"
#include "core/strings.h"

namespace sp::bitcode {
namespace {

using bitstream::Reader;

// LLVM's isPrint: printable ASCII only.
bool is_print(uint8_t c) { return c >= 0x20 && c <= 0x7E; }

void append_uint(std::string& out, uint64_t v) {
  char buf[24];
  char* p = buf + sizeof buf;
  do {
    *--p = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v != 0);
  out.append(p, static_cast<size_t>(buf + sizeof buf - p));
}

void append_int(std::string& out, int64_t v) {
  if (v < 0) {
    out += '-';
    append_uint(out, 0 - static_cast<uint64_t>(v));
  } else {
    append_uint(out, static_cast<uint64_t>(v));
  }
}

// raw_ostream::write_escaped(Str, /*UseHexEscapes=*/true).
void append_escaped(std::string& out, Bytes s) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (uint8_t c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '"': out += "\\\""; break;
      default:
        if (is_print(c)) {
          out += static_cast<char>(c);
        } else {
          out += "\\x";
          out += kHex[c >> 4];
          out += kHex[c & 15];
        }
    }
  }
}

class Dumper {
 public:
  Dumper(Context& ctx, std::string& out) : ctx_(ctx), out_(out), start_(out.size()) {}

  bool run(Bytes file, uint64_t base_byte) {
    bitstream::Stream s;
    if (!bitstream::locate_stream(file, ctx_, s)) return false;
    if (s.wrapped) {
      const auto& h = s.header;
      out_ += strprintf("<BITCODE_WRAPPER_HEADER Magic=0x%08x Version=0x%08x Offset=0x%08x Size=0x%08x CPUType=0x%08x/>\n",
                        h.magic, h.version, h.offset, h.size, h.cpu_type);
    }
    stream_base_bit_ = (base_byte + s.offset) * 8;
    max_text_ = uint64_t{ctx_.limits().max_text_per_input_byte} * file.size() + 4096;
    Reader r(s.bytes, stream_base_bit_, ctx_, nullptr);
    uint32_t magic = 0;
    if (!r.start(magic)) return false;
    ir_ = magic == bitstream::kLlvmIrMagic;
    if (ir_) r.set_block_namer(analyzer_block_name);
    for (;;) {
      switch (r.next()) {
        case Reader::Entry::error:
          return false;
        case Reader::Entry::end_of_stream:
          out_ += "\n\n";
          return true;
        case Reader::Entry::define_abbrev:
          break;
        case Reader::Entry::enter_block:
          enter(r);
          break;
        case Reader::Entry::end_block:
          if (open_.back().dumped) {
            indent(r.depth() - 1);
            out_ += "</";
            out_ += open_.back().name;
            out_ += ">\n";
          }
          open_.pop_back();
          break;
        case Reader::Entry::record:
          if (open_.back().dumped && !record(r)) return false;
          if (out_.size() - start_ > max_text_) {
            const std::string where = r.path();
            return ctx_.fail_at_bit(Code::limit_exceeded, r.record().start_bit, FieldPath::root(where),
                                    strprintf("the dump outgrows limits.max_text_per_input_byte (%u) times the input",
                                              ctx_.limits().max_text_per_input_byte));
          }
          break;
      }
    }
  }

 private:
  struct Open {
    std::string name;
    bool dumped = true;
    uint64_t metadata_index_offset = 0;
  };

  void indent(size_t level) { out_.append(2 * level, ' '); }

  // GetBlockName: reserved ids (1..7) have no name, then BLOCKINFO's, then
  // LLVM's table for IR streams.
  std::string block_name(const Reader& r, uint32_t id) const {
    if (id >= bitstream::kFirstApplicationBlockId) {
      if (auto n = r.blockinfo_block_name(id); n && !n->empty()) return std::string(*n);
      if (ir_) {
        if (auto n = analyzer_block_name(id); !n.empty()) return std::string(n);
      }
    }
    return strprintf("UnknownBlock%u", id);
  }

  // GetCodeName: BLOCKINFO's own records, nothing for reserved ids, then
  // SETRECORDNAME (an empty name prints as nothing), then LLVM's table.
  void append_record_name(const Reader& r, uint32_t block, uint32_t code) {
    std::optional<std::string_view> name;
    if (block == bitstream::kBlockInfoBlockId) {
      static constexpr std::string_view kNames[] = {{}, "SETBID", "BLOCKNAME", "SETRECORDNAME"};
      if (code >= 1 && code <= 3) name = kNames[code];
    } else if (block >= bitstream::kFirstApplicationBlockId) {
      name = r.blockinfo_record_name(block, code);
      if (!name && ir_) {
        if (auto n = analyzer_record_name(block, code); !n.empty()) name = n;
      }
    }
    if (name) {
      out_ += *name;
    } else {
      out_ += "UnknownCode";
      append_uint(out_, code);
    }
  }

  void enter(const Reader& r) {
    const auto& b = r.block();
    indent(r.depth() - 1);
    if (b.id == bitstream::kBlockInfoBlockId) {
      out_ += "<BLOCKINFO_BLOCK/>\n";
      open_.push_back(Open{{}, false, 0});
      return;
    }
    Open o;
    o.name = block_name(r, b.id);
    out_ += '<';
    out_ += o.name;
    out_ += " NumWords=";
    append_uint(out_, b.num_words);
    out_ += " BlockCodeSize=";
    append_uint(out_, b.code_width);
    out_ += ">\n";
    open_.push_back(std::move(o));
  }

  bool record(const Reader& r) {
    const bitstream::Record& rec = r.record();
    const uint32_t block = r.block().id;
    indent(r.depth());
    out_ += '<';
    append_record_name(r, block, rec.code);
    if (rec.abbrev_id != bitstream::kUnabbrevRecord) {
      out_ += " abbrevid=";
      append_uint(out_, rec.abbrev_id);
    }
    for (size_t i = 0; i < rec.ops.size(); ++i) {
      out_ += " op";
      append_uint(out_, i);
      out_ += '=';
      append_int(out_, static_cast<int64_t>(rec.ops[i]));
    }
    if (block == kMetadataBlock) metadata_index(rec);
    out_ += "/>";
    if (rec.array_start >= 0) {
      bool printable = true;
      for (size_t j = static_cast<size_t>(rec.array_start); j < rec.ops.size() && printable; ++j)
        printable = is_print(static_cast<uint8_t>(rec.ops[j]));
      if (printable) {
        out_ += " record string = '";
        for (size_t j = static_cast<size_t>(rec.array_start); j < rec.ops.size(); ++j)
          out_ += static_cast<char>(rec.ops[j]);
        out_ += '\'';
      }
    }
    if (rec.has_blob) {
      if (block == kMetadataBlock && rec.code == kMetadataStrings) {
        if (!metadata_strings(r)) return false;
      } else {
        out_ += " blob data = ";
        bool printable = true;
        for (uint8_t c : rec.blob) printable = printable && is_print(c);
        if (printable) {
          out_ += '\'';
          out_.append(reinterpret_cast<const char*>(rec.blob.data()), rec.blob.size());
          out_ += '\'';
        } else {
          out_ += "unprintable, ";
          append_uint(out_, rec.blob.size());
          out_ += " bytes.";
        }
      }
    }
    out_ += '\n';
    return true;
  }

  // METADATA_INDEX_OFFSET gives the distance from the end of its record to
  // METADATA_INDEX; the analyzer checks it (bit positions from the start
  // of the stream, arithmetic modulo 2^64 as in LLVM).
  void metadata_index(const bitstream::Record& rec) {
    Open& o = open_.back();
    if (rec.code == kMetadataIndexOffset) {
      if (rec.ops.size() != 2) {
        out_ += "(Invalid record)";
      } else {
        o.metadata_index_offset = (rec.end_bit - stream_base_bit_) + rec.ops[0] + (rec.ops[1] << 32);
      }
    } else if (rec.code == kMetadataIndex) {
      const uint64_t start = rec.start_bit - stream_base_bit_;
      out_ += " (offset ";
      if (o.metadata_index_offset == start) {
        out_ += "match)";
      } else {
        out_ += "mismatch: ";
        append_uint(out_, o.metadata_index_offset);
        out_ += " vs ";
        append_uint(out_, start);
        out_ += ')';
      }
    }
  }

  // METADATA_STRINGS decoded as the analyzer does (metadata_strings.h); the
  // count line is printed before the strings, so a problem found later
  // still fails the whole dump.
  bool metadata_strings(const Reader& r) {
    const bitstream::Record& rec = r.record();
    const size_t level = r.depth() - 1;
    const size_t mark = out_.size();
    out_ += " num-strings = ";
    append_uint(out_, static_cast<uint32_t>(rec.ops.empty() ? 0 : rec.ops[0]));
    out_ += " {\n";
    const std::string_view problem = for_each_metadata_string(rec.ops, rec.blob, [&](Bytes s) {
      indent(level);
      out_ += "    '";
      append_escaped(out_, s);
      out_ += "'\n";
    });
    if (!problem.empty()) {
      out_.resize(mark);
      const std::string where = r.path();
      return ctx_.fail_at_bit(Code::invalid_metadata_strings, rec.start_bit, FieldPath::root(where),
                              std::string(problem));
    }
    indent(level);
    out_ += "  }";
    return true;
  }

  Context& ctx_;
  std::string& out_;
  size_t start_;  // what `out_` held before the dump
  bool ir_ = false;
  uint64_t stream_base_bit_ = 0;
  uint64_t max_text_ = 0;
  std::vector<Open> open_;
};

}  // namespace

bool dump_bcanalyzer(Bytes file, Context& ctx, std::string& out, uint64_t base_byte) {
  // Straight into `out`, cut back to what it held on failure: a dump is
  // five to six times its input, and a copy of it was a tenth of the time.
  const size_t kept = out.size();
  Dumper d(ctx, out);
  if (d.run(file, base_byte)) return true;
  out.resize(kept);
  return false;
}

}  // namespace sp::bitcode
