// The code part of the listing: each word in picasso's syntax, and the
// blocks around them (docs/formats/shbin.md, "The listing"). picasso has no
// raw form for flow control: a call names a .proc, a jump a label, and
// ifu / ifc / for open a block that .else / .end close, from which picasso
// computes the targets. So the targets become procedures, labels and block
// boundaries where they nest the way picasso's blocks must; an instruction
// whose targets do not is printed with its targets in a comment.
#include <algorithm>
#include <cinttypes>
#include <map>
#include <set>

#include "core/strings.h"
#include "shbin/listing.h"
#include "shbin/listing_names.h"

namespace sp::shbin::listing {
namespace {

using pica::Format;
using pica::Instruction;
using pica::Op;

// picasso's comparison names (cmp's x and y); 6 and 7 it does not name.
constexpr std::string_view kComparisons[] = {"eq", "ne", "lt", "le", "gt", "ge", "6", "7"};

// A swizzle as picasso reads it: missing components repeat the last one,
// so trailing repeats are dropped, and the identity is nothing.
std::string swizzle_text(uint32_t swizzle) {
  if (swizzle == pica::kIdentitySwizzle) return "";
  char c[4];
  for (uint32_t k = 0; k < 4; ++k) c[k] = pica::kComponents[pica::selector_of(swizzle, k)];
  size_t n = 4;
  while (n > 1 && c[n - 1] == c[n - 2]) --n;
  return "." + std::string(c, n);
}

// Components a destination writes: ".xz"; nothing for all four (picasso's
// default). A mask of none cannot be written; it prints as all four.
std::string mask_text(const pica::Descriptor& d) {
  if (d.dest_mask() == 0xF || d.dest_mask() == 0) return "";
  std::string out = ".";
  for (uint32_t c = 0; c < 4; ++c)
    if (d.dest_writes(c)) out += pica::kComponents[c];
  return out;
}

std::string condition_text(const Instruction& in) {
  const std::string x = std::string(in.ref_x ? "" : "!") + "cmp.x";
  const std::string y = std::string(in.ref_y ? "" : "!") + "cmp.y";
  switch (in.condition) {
    case pica::kOr: return x + " || " + y;
    case pica::kAnd: return x + " && " + y;
    case pica::kJustX: return x;
    default: return y;
  }
}

std::string hex_address(uint32_t address) { return strprintf("0x%03x", address); }

// The destination of mova: the address registers its mask writes.
std::string mova_target(const pica::Descriptor& d) {
  const bool x = d.dest_writes(0), y = d.dest_writes(1);
  return x && y ? "a01" : x ? "a0" : y ? "a1" : "a01";
}

}  // namespace

std::string instruction_text(const Instruction& in, const std::vector<OperandDescriptor>& descriptors,
                             const Names& names, bool structured) {
  if (in.op == Op::undefined) return strprintf("; undefined opcode 0x%02x", in.opcode);
  const pica::OpcodeInfo& info = pica::info_of(in.op);
  std::string out(info.name);
  const pica::Descriptor d{in.descriptor < descriptors.size() ? descriptors[in.descriptor].value : 0};
  const uint32_t wide = pica::wide_source(in.format);
  auto source = [&](uint32_t k) {  // k: 1-based
    const uint32_t reg = k == 1 ? in.src1 : k == 2 ? in.src2 : in.src3;
    return std::string(d.negate(k - 1) ? "-" : "") + names.source(reg, k == wide ? in.relative : 0) +
           swizzle_text(d.swizzle(k - 1));
  };
  const auto proc = [&](uint32_t dst, uint32_t num) {
    const auto it = names.procedures.find({dst, dst + num});
    return it != names.procedures.end() ? it->second : hex_address(dst) + "+" + std::to_string(num);
  };
  const auto label = [&](uint32_t dst) {
    const auto it = names.labels.find(dst);
    return it != names.labels.end() ? it->second : hex_address(dst);
  };
  switch (in.format) {
    case Format::f0:
      break;
    case Format::f1:
    case Format::f1i:
    case Format::f5:
    case Format::f5i:
      out += " " + names.dest(in.dest) + mask_text(d);
      for (uint32_t k = 1; k <= pica::source_count(in.format); ++k) out += ", " + source(k);
      break;
    case Format::f1u:
      out += " " + (in.op == Op::mova ? mova_target(d) : names.dest(in.dest) + mask_text(d)) + ", " + source(1);
      break;
    case Format::f1c:
      out += " " + source(1) + ", " + std::string(kComparisons[in.compare_x & 7]) + ", " +
             std::string(kComparisons[in.compare_y & 7]) + ", " + source(2);
      break;
    case Format::f2:
      if (in.op == Op::call) {
        out += " " + proc(in.dst, in.num);
        break;
      }
      out += " " + condition_text(in);
      if (in.op == Op::callc) out += ", " + proc(in.dst, in.num);
      if (in.op == Op::jmpc) out += ", " + label(in.dst);
      if (in.op == Op::ifc && !structured) out += ", " + hex_address(in.dst) + "+" + std::to_string(in.num);
      break;
    case Format::f3:
      if (in.op == Op::loop) {
        out += " " + names.integer(in.uniform & 3u);
        if (!structured) out += ", " + hex_address(in.dst);
        break;
      }
      out += " " + std::string(in.op == Op::jmpu && (in.num & 1) != 0 ? "!" : "") + names.boolean(in.uniform);
      if (in.op == Op::callu) out += ", " + proc(in.dst, in.num);
      if (in.op == Op::jmpu) out += ", " + label(in.dst);
      if (in.op == Op::ifu && !structured) out += ", " + hex_address(in.dst) + "+" + std::to_string(in.num);
      break;
    case Format::f4:
      out += " " + std::to_string(in.vertex);
      if (in.primitive || in.winding)
        out += std::string(", ") + (in.primitive ? "prim" : "") + (in.primitive && in.winding ? " " : "") +
               (in.winding ? "inv" : "");
      break;
    case Format::undefined:
      break;
  }
  return out;
}

namespace {

// A block of the listing: a procedure (.proc name ... .end), an if
// (ifu / ifc ... [.else ...] .end) or a loop (for ... .end), over the
// words [open, end); an if's else branch starts at `split`.
struct Block {
  enum Kind : uint8_t { procedure, if_block, loop };
  Kind kind;
  uint32_t open;
  uint32_t end;
  uint32_t split = 0;  // 0: none (an else branch never starts at word 0)
  std::string name;    // procedures
};

// picasso's blocks nest: each lies inside the one it opens in, and on one
// side of that one's .else. Candidates that do not are dropped (greedily,
// outer ones first) and their instructions printed with plain targets.
std::vector<Block> nested(std::vector<Block> blocks) {
  // Procedures first among blocks opening at one word: a procedure opens
  // before the word's instruction, an if or loop with it.
  // A total order (a procedure's range is unique, and one word opens at
  // most one if or loop), so std::sort, not stable_sort (whose deprecated
  // std::get_temporary_buffer clang-22 rejects under -Werror).
  std::sort(blocks.begin(), blocks.end(), [](const Block& a, const Block& b) {
    if (a.open != b.open) return a.open < b.open;
    if (a.end != b.end) return a.end > b.end;
    if (a.kind != b.kind) return a.kind == Block::procedure;
    return a.name < b.name;
  });
  std::vector<Block> kept;
  std::vector<const Block*> stack;
  for (const Block& b : blocks) {
    while (!stack.empty() && stack.back()->end <= b.open) stack.pop_back();
    if (!stack.empty()) {
      const Block& p = *stack.back();
      if (b.end > p.end) continue;
      if (p.split != 0 && b.open < p.split && b.end > p.split) continue;
      if (p.kind != Block::procedure && b.open == p.open) continue;
    }
    kept.push_back(b);
    stack.push_back(&b);
  }
  return kept;
}

class CodeLister {
 public:
  CodeLister(const Shbin& s, Names& names, std::string& out) : s_(s), names_(names), out_(out) {}

  void run() {
    const auto& code = s_.dvlp.code;
    const auto size = static_cast<uint32_t>(std::min<size_t>(code.size(), UINT32_MAX));
    decoded_.reserve(code.size());
    for (uint32_t w : code) decoded_.push_back(pica::decode(w));
    collect_blocks(size);
    // Name the procedures that survived, and the jump targets.
    for (const Block& b : blocks_)
      if (b.kind == Block::procedure) names_.procedures.emplace(std::pair{b.open, b.end}, b.name);
    for (uint32_t a = 0; a < size; ++a) {
      const Instruction& in = decoded_[a];
      if ((in.op == Op::jmpc || in.op == Op::jmpu) && in.dst < size && !names_.labels.contains(in.dst))
        names_.labels.emplace(in.dst, strprintf("label_%03x", in.dst));
    }
    emit(size);
  }

 private:
  void collect_blocks(uint32_t size) {
    std::vector<Block> candidates;
    // The entry points, then every call's target.
    for (size_t k = 0; k < s_.dvles.size(); ++k) {
      const Dvle& d = s_.dvles[k];
      if (d.main < d.endmain && d.endmain <= size)
        add_procedure(candidates, d.main, d.endmain, k == 0 ? "main" : strprintf("main_%zu", k));
    }
    for (uint32_t a = 0; a < size; ++a) {
      const Instruction& in = decoded_[a];
      const uint64_t dst = in.dst, num = in.num;
      switch (in.op) {
        case Op::call:
        case Op::callc:
        case Op::callu:
          if (num > 0 && dst + num <= size)
            add_procedure(candidates, in.dst, in.dst + in.num, strprintf("proc_%03x", in.dst));
          break;
        case Op::ifu:
        case Op::ifc:
          if (dst > a && dst + num <= size)
            candidates.push_back({Block::if_block, a, static_cast<uint32_t>(dst + num), num > 0 ? in.dst : 0u, {}});
          break;
        case Op::loop:
          if (dst > a && dst < size) candidates.push_back({Block::loop, a, in.dst + 1u, 0, {}});
          break;
        default:
          break;
      }
    }
    blocks_ = nested(candidates);
    // picasso takes no instruction outside a block: words no procedure
    // holds (procedures no DVLE enters and no call names) get one.
    std::vector<bool> held(size, false);
    for (const Block& b : blocks_)
      if (b.kind == Block::procedure) std::fill(held.begin() + b.open, held.begin() + b.end, true);
    bool added = false;
    for (uint32_t a = 0; a < size;) {
      if (held[a]) {
        ++a;
        continue;
      }
      uint32_t end = a;
      while (end < size && !held[end]) ++end;
      candidates.push_back({Block::procedure, a, end, 0, strprintf("code_%03x", a)});
      added = true;
      a = end;
    }
    if (added) blocks_ = nested(std::move(candidates));
  }

  // A procedure once per range; another range starting at the same word
  // gets its length in its name.
  void add_procedure(std::vector<Block>& blocks, uint32_t start, uint32_t end, std::string name) {
    std::set<uint32_t>& ends = procedure_ends_[start];
    if (ends.contains(end)) return;
    if (!ends.empty()) name += strprintf("_%u", end - start);
    ends.insert(end);
    blocks.push_back({Block::procedure, start, end, 0, std::move(name)});
  }

  void line(size_t depth, const std::string& text) {
    out_.append(4 * depth, ' ');
    out_ += text;
    out_ += '\n';
  }

  void emit(uint32_t size) {
    std::vector<const Block*> open;
    size_t next = 0;  // blocks_ is in opening order
    auto close_until = [&](uint32_t at) {
      while (!open.empty() && open.back()->end <= at) {
        open.pop_back();
        line(open.size(), ".end");
      }
    };
    for (uint32_t a = 0; a <= size; ++a) {
      close_until(a);
      if (!open.empty() && open.back()->kind == Block::if_block && open.back()->split == a)
        line(open.size() - 1, ".else");
      if (a == size) break;
      for (; next < blocks_.size() && blocks_[next].open == a && blocks_[next].kind == Block::procedure; ++next) {
        line(open.size(), ".proc " + blocks_[next].name);
        open.push_back(&blocks_[next]);
      }
      if (auto it = names_.labels.find(a); it != names_.labels.end()) out_ += it->second + ":\n";
      const Instruction& in = decoded_[a];
      const bool block = next < blocks_.size() && blocks_[next].open == a;
      std::string text = instruction_text(in, s_.dvlp.descriptors, names_, block);
      if ((in.op == Op::ifu || in.op == Op::ifc || in.op == Op::loop) && !block)
        text += "  ; its targets are no block picasso can write";
      if (pica::has_descriptor(in.format) && in.descriptor >= s_.dvlp.descriptors.size())
        text += strprintf("  ; operand descriptor %u is missing", in.descriptor);
      const size_t depth = std::max<size_t>(1, open.size());
      std::string padded(4 * depth, ' ');
      padded += text;
      if (padded.size() < 44) padded.append(44 - padded.size(), ' ');
      out_ += padded + strprintf(" ; %04x: %08x\n", a, s_.dvlp.code[a]);
      if (block) open.push_back(&blocks_[next++]);
    }
    close_until(UINT32_MAX);
  }

  const Shbin& s_;
  Names& names_;
  std::string& out_;
  std::vector<Instruction> decoded_;
  std::vector<Block> blocks_;
  std::map<uint32_t, std::set<uint32_t>> procedure_ends_;  // of the procedures added, by first word
};

}  // namespace

void list_code(const Shbin& shbin, Names& names, std::string& out) { CodeLister(shbin, names, out).run(); }

}  // namespace sp::shbin::listing
