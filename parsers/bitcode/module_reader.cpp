// parse_bitcode: one pass over the bitstream reader, decoding the records
// module.h lists; cross-references that point forward (STRTAB names) are
// checked once the stream has ended.
#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "bitcode/metadata_reader.h"
#include "bitcode/module.h"
#include "bitcode/names.h"
#include "bitcode/record_chars.h"
#include "bitcode/types.h"
#include "bitstream/reader.h"
#include "bitstream/walk.h"
#include "bitstream/wrapper.h"
#include "core/strings.h"

namespace sp::bitcode {
namespace {

using bitstream::Reader;

// LLVMBitCodes.h record codes this layer decodes.
enum ModuleCode : uint32_t {
  kVersion = 1, kTriple = 2, kDatalayout = 3, kAsm = 4, kSectionName = 5, kDeplib = 6, kGlobalVar = 7,
  kFunction = 8, kAliasOld = 9, kGcName = 11, kVstOffset = 13, kAlias = 14, kSourceFilename = 16, kIfunc = 18,
};
constexpr uint32_t kIdentificationString = 1, kIdentificationEpoch = 2;
constexpr uint32_t kParamAttrEntryOld = 1, kParamAttrEntry = 2, kParamAttrGroupEntry = 3;
constexpr uint32_t kCstSetType = 1, kCstNull = 2, kCstInteger = 4;
constexpr uint32_t kVstEntry = 1, kVstFnEntry = 3;
constexpr uint32_t kBlob = 1;  // STRTAB_BLOB, SYMTAB_BLOB

// The fewest operands LLVM 22's BitcodeReader accepts for each global value
// record (after the strtab offset and size of version 2).
constexpr size_t min_fields(uint32_t code) {
  switch (code) {
    case kGlobalVar: return 6;
    case kFunction: return 8;
    default: return 3;
  }
}

// Blocks whose records the model keeps (others are only counted).
constexpr bool keeps_operands(uint32_t block) {
  return block == kModuleBlock || block == kTypeBlock || block == kParamAttrBlock || block == kParamAttrGroupBlock ||
         block == kMetadataBlock || block == kMetadataKindBlock || block == kMetadataAttachmentBlock ||
         block == kValueSymtabBlock;
}

// Signed VBR (CST_CODE_INTEGER): the low bit is the sign; "-0" is INT64_MIN.
int64_t decode_signed(uint64_t v) {
  if ((v & 1) == 0) return static_cast<int64_t>(v >> 1);
  if (v == 1) return INT64_MIN;
  return -static_cast<int64_t>(v >> 1);
}

// LLVM's readConstantRange: two sign-rotated values up to 64 bits, else
// the active word counts of both bounds (low and high half of one operand)
// and their words. Appends "i<width> lo, hi" (wide bounds as word counts).
bool read_range(std::span<const uint64_t> ops, size_t& i, uint64_t width, std::string& out) {
  if (width <= 64) {
    if (ops.size() - i < 2) return false;
    out += strprintf("i%llu %lld, %lld", static_cast<unsigned long long>(width),
                     static_cast<long long>(decode_signed(ops[i])), static_cast<long long>(decode_signed(ops[i + 1])));
    i += 2;
    return true;
  }
  if (i >= ops.size()) return false;
  const uint64_t lower = ops[i] & 0xFFFFFFFF, upper = ops[i] >> 32;
  ++i;
  if (lower > ops.size() - i || upper > ops.size() - i - lower) return false;
  out += strprintf("i%llu <%llu words>, <%llu words>", static_cast<unsigned long long>(width),
                   static_cast<unsigned long long>(lower), static_cast<unsigned long long>(upper));
  i += static_cast<size_t>(lower + upper);
  return true;
}

class ModuleReader {
 public:
  ModuleReader(Context& ctx, File& file, bool metadata)
      : ctx_(ctx), file_(file), metadata_(ctx), decode_metadata_(metadata) {}

  bool run(Bytes input, uint64_t base_byte) { return bitstream::walk(input, ctx_, base_byte, *this); }

  // bitstream::walk's visitor.
  void found(const bitstream::Stream& s, uint64_t base_bit) {
    file_.wrapped = s.wrapped;
    base_bit_ = base_bit;
  }

  bool start(Reader& r, uint32_t magic) {
    if (magic != bitstream::kLlvmIrMagic)
      return ctx_.fail_at_bit(Code::bad_magic, base_bit_, FieldPath::root("magic"),
                              strprintf("expected LLVM IR's 'BC' 0xC0DE, found 0x%08x", magic));
    r.set_block_namer(analyzer_block_name);
    return true;
  }

  bool abbrev(const Reader&) { return true; }
  bool end() { return finish(); }

  bool enter(const Reader& r) {
    const uint32_t id = r.block().id;
    const bool top = r.depth() == 1;
    if (top && id == kModuleBlock) {
      Module m;
      m.producer = std::move(producer_);
      m.epoch = epoch_;
      producer_.clear();
      epoch_.reset();
      m.block_index = r.block().index;
      file_.modules.push_back(std::move(m));
      module_open_ = true;
      block_count_index_.clear();
      group_ids_.clear();
      metadata_.begin_module();
    } else if (Module* m = module()) {
      auto [it, added] = block_count_index_.try_emplace(id, m->block_counts.size());
      if (added) m->block_counts.emplace_back(id, 0);
      ++m->block_counts[it->second].second;
      if (id == kFunctionBlock && r.depth() == 2) {
        ++m->function_bodies;
        metadata_.begin_function(*m);
      }
    }
    open_.push_back(Open{id});
    return true;
  }

  bool leave(const Reader& r) {
    const uint32_t id = open_.back().id;
    open_.pop_back();
    if (id == kTypeBlock && module() != nullptr) {
      const std::string problem = check_type_table(*module(), ctx_.limits().max_depth);
      if (!problem.empty()) {
        const std::string where = r.path();
        return ctx_.fail_at_bit(Code::invalid_record, r.block().start_bit, FieldPath::root(where), problem);
      }
    }
    if (id == kMetadataBlock && module() != nullptr && !metadata_.end_block()) return false;
    if (id == kFunctionBlock && r.depth() == 2 && module() != nullptr && !metadata_.end_function(*module()))
      return false;
    if (r.depth() == 1 && id == kModuleBlock) {
      module_open_ = false;
      return metadata_.finish(file_.modules.back());
    }
    return true;
  }

  bool record(const Reader& r) {
    const bitstream::Record& rec = r.record();
    const uint32_t block = open_.back().id;
    Module* m = module();
    if (block == kIdentificationBlock && r.depth() == 1) {
      if (rec.code == kIdentificationString) producer_ = record_chars(rec.ops);
      if (rec.code == kIdentificationEpoch && !rec.ops.empty()) epoch_ = rec.ops[0];
      return true;
    }
    if (r.depth() == 1 && (block == kStrtabBlock || block == kSymtabBlock)) {
      if (rec.code != kBlob || !rec.has_blob) return true;
      if (block == kSymtabBlock) {
        file_.symtab = rec.blob;
        return true;
      }
      // As LLVM's getBitcodeModuleList: a STRTAB serves every module before
      // it that has none yet (llvm-cat -b writes one after each module).
      file_.strtab = rec.blob;
      for (size_t i = modules_with_strtab_; i < file_.modules.size(); ++i) file_.modules[i].strtab = rec.blob;
      modules_with_strtab_ = file_.modules.size();
      return true;
    }
    if (m == nullptr) return true;
    // Operands the model keeps are charged to the decode budget (one per
    // operand, limits.decode_budget_per_byte per input byte): a bitstream
    // can pack an operand into one bit, so kept 64-bit values could
    // otherwise outgrow the input 64-fold. Real modules keep far fewer.
    if (keeps_operands(block)) {
      const uint64_t kept = rec.ops.size() + rec.blob.size() / 8;
      if (kept > ctx_.budget())
        return bad(r, Code::decode_budget_exceeded,
                   strprintf("%llu more operands would exceed the decode budget", static_cast<unsigned long long>(kept)) +
                       ctx_.budget_text());
      (void)ctx_.charge_at_bit(kept, rec.start_bit, FieldPath::root());
    }
    switch (block) {
      case kModuleBlock: return module_record(r, *m);
      case kTypeBlock: {
        const std::string problem = add_type(*m, rec.code, rec.ops, pending_struct_name_);
        return problem.empty() || bad(r, Code::invalid_record, problem);
      }
      case kParamAttrGroupBlock: return attribute_group(r, *m);
      case kParamAttrBlock:
        if (rec.code == kParamAttrEntry) {
          for (uint64_t g : rec.ops)
            if (!group_ids_.contains(g))
              return bad(r, Code::invalid_reference, strprintf("attribute group %llu is not defined", static_cast<unsigned long long>(g)));
          m->attribute_lists.emplace_back(rec.ops.begin(), rec.ops.end());
        } else if (rec.code == kParamAttrEntryOld) {
          const std::string where = r.path();
          ctx_.warn_at_bit(Code::legacy_layout, rec.start_bit, FieldPath::root(where),
                           "PARAMATTR_CODE_ENTRY_OLD (LLVM 3.2 and older) is kept undecoded");
          m->attribute_lists.emplace_back();
        }
        return true;
      case kConstantsBlock: return constant(r, *m);
      case kMetadataBlock:
      case kMetadataKindBlock:
      case kMetadataAttachmentBlock:
        return !decode_metadata_ || metadata_.record(r, *m, block, r.depth() == 2);
      case kFunctionBlock:
        if (r.depth() == 2) metadata_.function_record(rec.code);
        return true;
      case kValueSymtabBlock:
        if (r.depth() == 2) return symbol(r, *m);
        return true;
      default:
        return true;
    }
  }

 private:
  struct Open {
    uint32_t id;
    uint64_t settype = UINT64_MAX;  // CONSTANTS: the current type
  };

  Module* module() { return module_open_ ? &file_.modules.back() : nullptr; }

  bool bad(const Reader& r, Code code, std::string message) {
    return ctx_.fail_at_bit(code, r.record().start_bit, FieldPath::root(r.record_path()), std::move(message));
  }

  bool module_record(const Reader& r, Module& m) {
    const bitstream::Record& rec = r.record();
    switch (rec.code) {
      case kVersion:
        if (rec.ops.empty()) return bad(r, Code::invalid_record, "VERSION without a value");
        m.version = rec.ops[0];
        if (m.version > 2)
          return bad(r, Code::unsupported_version, strprintf("module version %llu (0..2 are defined)", static_cast<unsigned long long>(m.version)));
        return true;
      case kTriple: m.triple = record_chars(rec.ops); return true;
      case kDatalayout: m.datalayout = record_chars(rec.ops); return true;
      case kAsm: m.inline_asm = record_chars(rec.ops); return true;
      case kSectionName: m.section_names.push_back(record_chars(rec.ops)); return true;
      case kDeplib: m.deplibs.push_back(record_chars(rec.ops)); return true;
      case kGcName: m.gc_names.push_back(record_chars(rec.ops)); return true;
      case kSourceFilename: m.source_filename = record_chars(rec.ops); return true;
      case kVstOffset:
        if (rec.ops.empty()) return bad(r, Code::invalid_record, "VSTOFFSET without a value");
        m.vst_offset = rec.ops[0];
        return true;
      case kGlobalVar:
      case kFunction:
      case kAliasOld:
      case kAlias:
      case kIfunc:
        return global_value(r, m);
      default:
        return true;
    }
  }

  bool global_value(const Reader& r, Module& m) {
    const bitstream::Record& rec = r.record();
    GlobalValue g;
    g.code = rec.code;
    g.kind = rec.code == kGlobalVar ? GlobalValue::Kind::variable
             : rec.code == kFunction ? GlobalValue::Kind::function
             : rec.code == kIfunc   ? GlobalValue::Kind::ifunc
                                    : GlobalValue::Kind::alias;
    size_t first = 0;
    if (m.version >= 2) {  // [strtab offset, strtab size, ...]
      if (rec.ops.size() < 2) return bad(r, Code::invalid_record, "global value without its strtab offset and size");
      g.strtab = std::make_pair(rec.ops[0], rec.ops[1]);
      first = 2;
    }
    g.fields.assign(rec.ops.begin() + static_cast<std::ptrdiff_t>(first), rec.ops.end());
    if (g.fields.size() < min_fields(rec.code))
      return bad(r, Code::invalid_record, strprintf("%zu operands; LLVM needs at least %zu", g.fields.size(), min_fields(rec.code)));
    const uint64_t type = g.fields[0];
    if (type >= m.types.size())
      return bad(r, Code::invalid_reference, strprintf("type %llu of %zu", static_cast<unsigned long long>(type), m.types.size()));
    if (g.kind == GlobalValue::Kind::function) {
      const Type& t = m.types[type];
      const bool is_function = t.kind == TypeKind::function ||
                               (t.kind == TypeKind::pointer && t.element < m.types.size() &&
                                m.types[t.element].kind == TypeKind::function);
      if (!is_function) return bad(r, Code::invalid_reference, "FUNCTION's type is not a function type");
      const uint64_t paramattr = g.fields[4];
      if (paramattr > m.attribute_lists.size())
        return bad(r, Code::invalid_reference, strprintf("attribute list %llu of %zu", static_cast<unsigned long long>(paramattr), m.attribute_lists.size()));
    }
    // section: 1-based index into SECTIONNAME records (GLOBALVAR field 5, FUNCTION field 6).
    const size_t section_field = g.kind == GlobalValue::Kind::variable ? 5 : g.kind == GlobalValue::Kind::function ? 6 : SIZE_MAX;
    if (section_field < g.fields.size() && g.fields[section_field] > m.section_names.size())
      return bad(r, Code::invalid_reference, strprintf("section %llu of %zu", static_cast<unsigned long long>(g.fields[section_field]), m.section_names.size()));
    g.record_bit = rec.start_bit;
    g.record_index = r.record_index();
    m.values.push_back(ModuleValue{ModuleValue::Kind::global, rec.code, type, m.globals.size(), std::nullopt});
    m.globals.push_back(std::move(g));
    return true;
  }

  bool attribute_group(const Reader& r, Module& m) {
    const bitstream::Record& rec = r.record();
    if (rec.code != kParamAttrGroupEntry) return true;
    if (rec.ops.size() < 2) return bad(r, Code::invalid_record, "attribute group without its id and index");
    AttributeGroup g;
    g.id = rec.ops[0];
    g.param_index = rec.ops[1];
    const auto ops = rec.ops;
    auto string_at = [&](size_t& i, FileString& out) {  // NUL-terminated chars
      std::string chars;
      while (i < ops.size() && ops[i] != 0) chars += static_cast<char>(ops[i++]);
      if (i == ops.size()) return false;
      ++i;
      out = std::move(chars);
      return true;
    };
    for (size_t i = 2; i < ops.size();) {
      Attribute a;
      const uint64_t kind = ops[i++];
      bool ok = true;
      switch (kind) {
        case 0:  // well-known
        case 5:  // type attribute without a type
          ok = i < ops.size();
          if (ok) a.code = ops[i++];
          a.kind = kind == 0 ? Attribute::Kind::enum_ : Attribute::Kind::type;
          break;
        case 1:  // well-known with an integer
        case 6:  // type attribute with a type
          ok = i + 1 < ops.size();
          if (ok) {
            a.code = ops[i++];
            a.value = ops[i++];
          }
          a.kind = kind == 1 ? Attribute::Kind::int_ : Attribute::Kind::type_value;
          if (ok && kind == 6 && a.value >= m.types.size())
            return bad(r, Code::invalid_reference, strprintf("attribute type %llu of %zu", static_cast<unsigned long long>(a.value), m.types.size()));
          break;
        case 3:
        case 4:
          a.kind = kind == 3 ? Attribute::Kind::string : Attribute::Kind::string_value;
          ok = string_at(i, a.key) && (kind == 3 || string_at(i, a.str_value));
          break;
        case 7:  // [kind, bitwidth, range]
        case 8: {  // [kind, count, bitwidth, range...]
          a.kind = kind == 7 ? Attribute::Kind::range : Attribute::Kind::range_list;
          uint64_t count = 1;
          ok = i + 2 + (kind == 8 ? 1 : 0) <= ops.size();
          if (!ok) break;
          a.code = ops[i++];
          if (kind == 8) count = ops[i++];
          const uint64_t width = ops[i++];
          a.value = width;
          std::string ranges;
          for (uint64_t k = 0; k < count && ok; ++k) {
            if (!ranges.empty()) ranges += ", ";
            ok = read_range(ops, i, width, ranges);
          }
          a.str_value = std::move(ranges);
          break;
        }
        default: {
          // Anything newer: kept as a warning,
          // the rest of the group undecoded.
          const std::string where = r.path();
          ctx_.warn_at_bit(Code::legacy_layout, rec.start_bit, FieldPath::root(where),
                           strprintf("attribute encoding %llu is not decoded; the rest of group %llu is skipped",
                                     static_cast<unsigned long long>(kind), static_cast<unsigned long long>(g.id)));
          g.complete = false;
          i = ops.size();
          continue;
        }
      }
      if (!ok) return bad(r, Code::invalid_record, "attribute runs past the end of its group record");
      g.attributes.push_back(std::move(a));
    }
    group_ids_.insert(g.id);
    m.attribute_groups.push_back(std::move(g));
    return true;
  }

  bool constant(const Reader& r, Module& m) {
    const bitstream::Record& rec = r.record();
    Open& o = open_.back();
    if (rec.code == kCstSetType) {
      if (rec.ops.empty() || rec.ops[0] >= m.types.size())
        return bad(r, Code::invalid_reference, "SETTYPE names no type of the table");
      o.settype = rec.ops[0];
      return true;
    }
    if (rec.code == kCstInteger) {
      if (rec.ops.empty()) return bad(r, Code::invalid_record, "INTEGER without a value");
      if (o.settype == UINT64_MAX) return bad(r, Code::invalid_record, "INTEGER before SETTYPE");
      if (m.types[o.settype].kind != TypeKind::integer)
        return bad(r, Code::invalid_record, "INTEGER of a type that is not an integer");
      m.integers.push_back(IntegerConstant{o.settype, decode_signed(rec.ops[0])});
    } else {
      ++m.other_constants;
    }
    // The module's own constants are values a metadata VALUE can name.
    if (r.depth() == 2) {
      // LLVM writes an integer zero as NULL.
      std::optional<int64_t> integer;
      if (rec.code == kCstInteger) integer = m.integers.back().value;
      if (rec.code == kCstNull && o.settype < m.types.size() && m.types[o.settype].kind == TypeKind::integer) integer = 0;
      m.values.push_back(ModuleValue{ModuleValue::Kind::constant, rec.code, o.settype, 0, integer});
      return ctx_.charge_at_bit(1, rec.start_bit, [&] { return r.path(); });
    }
    return true;
  }

  // Module-level VALUE_SYMTAB: names of global values before version 2
  // (value ids number GLOBALVAR, FUNCTION, ALIAS and IFUNC records in order).
  bool symbol(const Reader& r, Module& m) {
    const bitstream::Record& rec = r.record();
    const size_t first = rec.code == kVstEntry ? 1 : rec.code == kVstFnEntry ? 2 : 0;
    if (first == 0) return true;
    if (rec.ops.size() < first) return bad(r, Code::invalid_record, "symbol table entry without its value id");
    const uint64_t id = rec.ops[0];
    if (id >= m.globals.size()) {
      const std::string where = r.path();
      ctx_.warn_at_bit(Code::dangling_symbol, rec.start_bit, FieldPath::root(where),
                       strprintf("symbol table entry names value %llu, not one of the %zu global values",
                                 static_cast<unsigned long long>(id), m.globals.size()));
      return true;
    }
    if (m.version < 2) m.globals[id].name = record_chars(rec.ops.subspan(first));
    return true;
  }

  // Names through STRTAB (version 2): each module uses the blob of the
  // first STRTAB after it.
  bool finish() {
    if (file_.modules.empty())
      return ctx_.fail_at_bit(Code::no_module, base_bit_, FieldPath::root(), "the bitstream holds no MODULE_BLOCK");
    for (Module& m : file_.modules) {
      for (GlobalValue& g : m.globals) {
        if (!g.strtab) continue;
        const auto [offset, size] = *g.strtab;
        auto name = slice(m.strtab, offset, size);
        if (!name) {
          const std::string where = strprintf("blocks[%llu].MODULE_BLOCK.records[%llu]",
                                              static_cast<unsigned long long>(m.block_index),
                                              static_cast<unsigned long long>(g.record_index));
          return ctx_.fail_at_bit(Code::invalid_reference, g.record_bit, FieldPath::root(where),
                                  strprintf("name [%llu, +%llu) is outside the %zu-byte STRTAB",
                                            static_cast<unsigned long long>(offset),
                                            static_cast<unsigned long long>(size), m.strtab.size()));
        }
        g.name = std::string(name->begin(), name->end());
      }
    }
    return true;
  }

  Context& ctx_;
  File& file_;
  uint64_t base_bit_ = 0;
  std::vector<Open> open_;
  bool module_open_ = false;
  size_t modules_with_strtab_ = 0;
  std::string producer_;
  std::optional<uint64_t> epoch_;
  std::string pending_struct_name_;
  // Lookups that would be linear scans per record (quadratic on hostile
  // input): attribute group ids, and each block id's slot in block_counts.
  std::unordered_set<uint64_t> group_ids_;
  std::unordered_map<uint32_t, size_t> block_count_index_;
  MetadataReader metadata_;
  bool decode_metadata_;
};

}  // namespace

ParseResult parse_bitcode(Bytes input, const Limits& limits, uint64_t base_byte, bool metadata) {
  Context ctx(limits, input.size());
  File file;
  ModuleReader reader(ctx, file, metadata);
  const bool ok = reader.run(input, base_byte) && !ctx.failed();
  ParseResult r = ParseResult::taken_from(ctx);
  if (ok) r.file = std::move(file);
  return r;
}

std::string_view attribute_name(uint64_t code) {
  switch (code) {
#define SP_BC_ATTR(c, name) \
  case c:                   \
    return name;
#include "bitcode/attribute_kinds.def"
#undef SP_BC_ATTR
    default:
      return {};
  }
}

std::string_view linkage_name(uint64_t encoding) {
  // BitcodeReader's getDecodedLinkage (old encodings map to their modern names).
  switch (encoding) {
    case 0: case 5: case 6: case 15: return "external";
    case 2: return "appending";
    case 3: return "internal";
    case 7: return "extern_weak";
    case 8: return "common";
    case 9: case 13: case 14: return "private";
    case 12: return "available_externally";
    case 1: case 16: return "weak_any";
    case 10: case 17: return "weak_odr";
    case 4: case 18: return "linkonce_any";
    case 11: case 19: return "linkonce_odr";
    default: return {};
  }
}

}  // namespace sp::bitcode
