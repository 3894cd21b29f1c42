#include "fxc/checks.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <optional>
#include <utility>
#include <vector>

#include "core/strings.h"

namespace sp::fxc {
namespace {

bool starts_phase(Opcode op) {
  return op == Opcode::hs_decls || op == Opcode::hs_control_point_phase || op == Opcode::hs_fork_phase ||
         op == Opcode::hs_join_phase;
}

// Declarations in the DDK's sense: the dcl_ opcodes and the immediate
// constant buffer. Other custom data (comments, debug info) may stand
// anywhere and is neither.
bool is_declaration(const Instruction& in, const OpcodeInfo& info) {
  if (in.is_custom_data()) return in.custom_class() == kCustomDataImmediateConstantBuffer;
  return info.kind == OpKind::x && !starts_phase(in.opcode());
}

bool is_resource(uint32_t type) {
  return type == kSampler || type == kResource || type == kConstantBuffer || type == kUav;
}

std::string_view register_name(uint32_t type) {
  switch (type) {
    case kSampler:
      return "s";
    case kResource:
      return "t";
    case kConstantBuffer:
      return "cb";
    default:
      return "u";
  }
}

// The sorted lists' keys: a scope (an operand type, a phase) and a
// register number. Registers are numbered in 32 bits; an immediate64
// index past that names a register no declaration can, and has no key.
std::optional<uint64_t> key(uint64_t scope, uint64_t number) {
  if (number > 0xFFFFFFFF) return std::nullopt;
  return (scope << 32) | number;
}

// The resource registers (SM5.1: range ids) the program declares. Below
// 128, which holds every slot D3D11 and D3D12 bind (128 shader resources,
// 64 UAVs, 16 samplers, 15 constant buffers), a bit each; the rest (an
// SM5.1 range id may be any 32-bit number) in a list sorted for binary
// search: a hash table's collisions could be chosen by a crafted file,
// making the lookups quadratic.
class ResourceSet {
 public:
  void add(uint32_t type, uint64_t number) {
    if (number < kDirect) {
      direct_[slot(type)].set(number);
    } else if (const auto k = key(type, number)) {
      others_.push_back(*k);
    }
  }
  void seal() { std::sort(others_.begin(), others_.end()); }
  [[nodiscard]] bool contains(uint32_t type, uint64_t number) const {
    if (number < kDirect) return direct_[slot(type)].test(number);
    const auto k = key(type, number);
    return k && std::binary_search(others_.begin(), others_.end(), *k);
  }

 private:
  static constexpr size_t kDirect = 128;
  static size_t slot(uint32_t type) {
    return type == kSampler ? 0 : type == kResource ? 1 : type == kConstantBuffer ? 2 : 3;
  }

  std::array<std::bitset<kDirect>, 4> direct_;  // s, t, cb, u
  std::vector<uint64_t> others_;
};

// Index `d` when it is an immediate alone: a relative index is known only
// when the program runs.
std::optional<uint64_t> immediate_index(const Operand& o, uint32_t d) {
  if (d >= o.index_dimension()) return std::nullopt;
  const IndexRep rep = o.index[d].rep;
  if (rep != IndexRep::imm32 && rep != IndexRep::imm64) return std::nullopt;
  return o.index[d].imm;
}

std::string_view opcode_name(const Instruction& in) {
  const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
  return info != nullptr ? info->name : "?";
}

class ProgramChecker {
 public:
  ProgramChecker(const Program& p, const ChunkScope& s) : p_(p), s_(s), max_depth_(s.ctx.limits().max_depth) {}

  void run() {
    collect_declarations();
    FieldPath::Cursor cur, operand;
    const FieldPath at = s_.at.cursor("instructions", cur);
    const FieldPath oat = at.cursor("operands", operand);
    uint32_t phase = 0;
    bool in_body = false;  // the phase's first non-declaration has been seen
    for (size_t i = 0; i < p_.instructions.size(); ++i) {
      cur.index = i;
      const Instruction& in = p_.instructions[i];
      s_.ctx.count_steps(1);
      const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
      if (info == nullptr) continue;  // the reader rejects these
      if (info->kind == OpKind::x) {
        if (starts_phase(in.opcode())) {
          close_blocks(i, "the next hull shader phase");
          ++phase;
          in_body = false;
        } else if (in_body && is_declaration(in, *info)) {
          warn(Code::declaration_after_instruction, in, at,
               strprintf("%s follows the first instruction of its phase", std::string(info->name).c_str()));
        }
        continue;
      }
      in_body = true;
      if (info->kind == OpKind::c) control_flow(in, i, at);
      const std::span<const Operand> operands = p_.operands(in);
      for (size_t k = 0; k < operands.size(); ++k) {
        operand.index = k;
        named_register(in, operands[k], phase, oat, 0);
        if (!in.nested.empty()) relative_operands(in, operands[k], phase, oat, 0);
      }
    }
    close_blocks(p_.instructions.size(), "the end of the program");
  }

 private:
  // What the program declares. Temps and indexable temps belong to the
  // phase whose section declares them (phase 0 is everything before a
  // hull shader's first phase instruction).
  void collect_declarations() {
    temps_.assign(1, 0);
    for (const Instruction& in : p_.instructions) {
      s_.ctx.count_steps(1);
      const OpcodeInfo* info = opcode_info(in.token & 0x7FF);
      if (info == nullptr || info->kind != OpKind::x) continue;
      const Opcode op = in.opcode();
      const std::span<const uint32_t> words = p_.words(in);
      const std::span<const Operand> operands = p_.operands(in);
      if (starts_phase(op)) {
        temps_.push_back(0);
      } else if (op == Opcode::dcl_temps && !words.empty()) {
        temps_.back() = std::max(temps_.back(), words[0]);
      } else if (op == Opcode::dcl_indexable_temp && words.size() >= 2) {
        indexable_.emplace_back(*key(temps_.size() - 1, words[0]), words[1]);
      } else if (!operands.empty() && declared_register(op) && is_resource(operands[0].type())) {
        // Only a binding declaration binds: dcl_input_ps_sgv naming u0
        // declares no UAV (vkd3d, say, would find none).
        if (const auto id = immediate_index(operands[0], 0)) resources_.add(operands[0].type(), *id);
      }
    }
    resources_.seal();
    // Sorted for binary search, as the resources above. An x# declared
    // twice in a phase keeps the larger size.
    std::sort(indexable_.begin(), indexable_.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first < b.first : a.second > b.second;
    });
    indexable_.erase(std::unique(indexable_.begin(), indexable_.end(),
                                 [](const auto& a, const auto& b) { return a.first == b.first; }),
                     indexable_.end());
  }

  [[gnu::cold]] void warn(Code code, const Instruction& in, const FieldPath& at, std::string message) {
    s_.ctx.warn(code, s_.base + in.offset, at, std::move(message));
  }

  // The register an operand names. `depth`: how many relative operands
  // it is nested in (resources are checked where they are named, not
  // where an index reads one).
  [[gnu::always_inline]] void named_register(const Instruction& in, const Operand& o, uint32_t phase, const FieldPath& at,
                                             uint32_t depth) {
    const uint32_t type = o.type();
    if (type == kTemp) {
      const auto r = immediate_index(o, 0);
      if (r && *r >= temps_[phase])
        warn(Code::register_out_of_range, in, at,
             strprintf("r%llu, but the phase declares %u temps (dcl_temps)", static_cast<unsigned long long>(*r),
                       temps_[phase]));
    } else if (type == kIndexableTemp) {
      indexable_temp(in, o, phase, at);
    } else if (depth == 0 && is_resource(type)) {
      const auto id = immediate_index(o, 0);
      if (id && !resources_.contains(type, *id))
        warn(Code::undeclared_resource, in, at,
             strprintf("%s%s%llu has no declaration", std::string(register_name(type)).c_str(),
                       p_.version.sm51() ? " range " : "", static_cast<unsigned long long>(*id)));
    }
  }

  // The registers the relative operands of `o` name, and theirs. The
  // reader gives every nested operand exactly one referrer, so the walk
  // visits each operand once.
  void relative_operands(const Instruction& in, const Operand& o, uint32_t phase, const FieldPath& at,
                         uint32_t depth) {
    if (depth >= max_depth_) return;
    for (uint32_t d = 0; d < o.index_dimension(); ++d) {
      const Operand* nested = p_.relative(in, o.index[d]);
      if (nested == nullptr) continue;
      const FieldPath nat = at.item("relative", d);
      named_register(in, *nested, phase, nat, depth + 1);
      relative_operands(in, *nested, phase, nat, depth + 1);
    }
  }

  void indexable_temp(const Instruction& in, const Operand& o, uint32_t phase, const FieldPath& at) {
    const auto x = immediate_index(o, 0);
    if (!x) return;
    const auto k = key(phase, *x);
    const auto it = k ? std::lower_bound(indexable_.begin(), indexable_.end(), *k,
                                         [](const auto& declared, uint64_t v) { return declared.first < v; })
                      : indexable_.end();
    if (it == indexable_.end() || it->first != *k) {
      warn(Code::register_out_of_range, in, at,
           strprintf("x%llu has no dcl_indexableTemp in its phase", static_cast<unsigned long long>(*x)));
      return;
    }
    const auto element = immediate_index(o, 1);
    if (element && *element >= it->second)
      warn(Code::register_out_of_range, in, at,
           strprintf("x%llu[%llu], but dcl_indexableTemp declares %u elements", static_cast<unsigned long long>(*x),
                     static_cast<unsigned long long>(*element), it->second));
  }

  // --- if/else/endif, loop/endloop, switch/case/default/endswitch --------

  struct Block {
    Opcode opener;
    size_t index;
    bool has_else = false;
  };

  void control_flow(const Instruction& in, size_t i, const FieldPath& at) {
    const Opcode op = in.opcode();
    Block* top = blocks_.empty() ? nullptr : &blocks_.back();
    switch (op) {
      case Opcode::if_:
      case Opcode::loop:
      case Opcode::switch_:
        blocks_.push_back({op, i});
        return;
      case Opcode::else_:
        if (top != nullptr && top->opener == Opcode::if_ && !top->has_else)
          top->has_else = true;
        else
          stray(in, at, top, "an if without its else");
        return;
      case Opcode::endif:
        return close(in, at, top, Opcode::if_);
      case Opcode::endloop:
        return close(in, at, top, Opcode::loop);
      case Opcode::endswitch:
        return close(in, at, top, Opcode::switch_);
      case Opcode::case_:
      case Opcode::default_:
        if (top == nullptr || top->opener != Opcode::switch_) stray(in, at, top, "a switch");
        return;
      case Opcode::label:
        // A subroutine or function body: blocks do not span bodies.
        return close_blocks(i, "the next label");
      default:
        return;
    }
  }

  void close(const Instruction& in, const FieldPath& at, const Block* top, Opcode opener) {
    if (top != nullptr && top->opener == opener) {
      blocks_.pop_back();
      return;
    }
    const OpcodeInfo* info = opcode_info(static_cast<uint32_t>(opener));
    stray(in, at, top, "an open " + std::string(info->name));
  }

  void stray(const Instruction& in, const FieldPath& at, const Block* top, const std::string& needs) {
    const std::string innermost =
        top == nullptr ? "no block is open"
                       : strprintf("the innermost open block is the %s at instruction %zu",
                                   std::string(opcode_name(p_.instructions[top->index])).c_str(), top->index);
    warn(Code::unbalanced_control_flow, in, at,
         strprintf("%s needs %s, but %s", std::string(opcode_name(in)).c_str(), needs.c_str(), innermost.c_str()));
  }

  // The blocks still open where a body ends (at instruction `end`).
  void close_blocks(size_t end, const char* where) {
    for (const Block& b : blocks_) {
      s_.ctx.count_steps(1);
      const FieldPath at = s_.at.item("instructions", b.index);
      warn(Code::unbalanced_control_flow, p_.instructions[b.index], at,
           strprintf("this %s is still open at %s (instruction %zu)",
                     std::string(opcode_name(p_.instructions[b.index])).c_str(), where, end));
    }
    blocks_.clear();
  }

  const Program& p_;
  const ChunkScope& s_;
  const uint32_t max_depth_;
  std::vector<uint32_t> temps_;                           // dcl_temps, by phase
  std::vector<std::pair<uint64_t, uint32_t>> indexable_;  // (phase, x#) and its elements, sorted
  ResourceSet resources_;
  std::vector<Block> blocks_;
};

}  // namespace

void check_program(const Program& program, const ChunkScope& s) { ProgramChecker(program, s).run(); }

}  // namespace sp::fxc
