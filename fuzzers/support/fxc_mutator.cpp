#include "support/fxc_mutator.h"

#include <algorithm>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "fxc/builder.h"
#include "fxc/program.h"
#include "support/model_mutation.h"

namespace sp::fuzz {
namespace {

using fxc::IndexRep;
using fxc::Instruction;
using fxc::Opcode;
using fxc::Operand;
using fxc::Program;

// Programs stop growing here: real ones hold at most a few hundred
// instructions, and max_len bounds the input anyway.
constexpr size_t kMaxInstructions = 1024;
// Nested operands of one instruction stop growing here: each takes at
// least a DWORD, and the 7-bit length holds 127.
constexpr size_t kMaxNested = 32;

void set_bits(uint32_t& word, uint32_t at, uint32_t width, uint32_t value) {
  const uint32_t mask = ((width >= 32 ? 0u : 1u << width) - 1) << at;
  word = (word & ~mask) | ((value << at) & mask);
}

// Every opcode value the table defines but custom data, whose token holds a
// class where the others hold controls and a length.
const std::vector<uint32_t>& opcode_values() {
  static const std::vector<uint32_t> values = [] {
    std::vector<uint32_t> v;
    for (uint32_t op = 0; op < 0x800; ++op)
      if (fxc::opcode_info(op) != nullptr && op != static_cast<uint32_t>(Opcode::customdata)) v.push_back(op);
    return v;
  }();
  return values;
}

// dcl_function_table and dcl_interface: tables, whose bit 31 means "a
// length DWORD follows" rather than "extended opcode tokens follow".
bool is_table(const Instruction& in) {
  return in.opcode() == Opcode::dcl_function_table || in.opcode() == Opcode::dcl_interface;
}

// D3D10_SB_OPERAND_TYPE values with the index dimension a compiler gives
// them, so fresh operands read like real ones. SM5.1 resources, samplers,
// UAVs and constant buffers take three indices (the range).
struct RegisterKind {
  uint32_t type;
  uint32_t dims;
};
constexpr RegisterKind kRegisters[] = {
    {0, 1},  {1, 1},  {1, 2},  {2, 1},  {3, 2},  {4, 0},  {5, 0},  {6, 1},  {6, 3},  {7, 1},  {7, 3},  {8, 2},
    {8, 3},  {9, 1},  {13, 0}, {19, 2}, {25, 2}, {26, 2}, {29, 1}, {30, 1}, {30, 3}, {31, 1}, {32, 0}, {35, 0}};

// An operand of an instruction, top-level or nested, by position: pushing
// a nested operand moves the others.
struct Pick {
  Instruction* in;
  bool top;
  size_t k;
  [[nodiscard]] Operand& get(Program& p) const { return top ? p.operands(*in)[k] : p.nested(*in)[k]; }
};

class ProgramMutation {
 public:
  ProgramMutation(unsigned seed, Program& p, std::vector<uint8_t>& trailing) : r_(seed), p_(p), trailing_(trailing) {}

  // One edit; false when the program has nothing it applies to.
  bool apply() {
    switch (r_.below(12)) {
      case 0: return opcode();
      case 1: return controls();
      case 2:
      case 3: return operand_token();
      case 4: return extended_operand();
      case 5: return immediate();
      case 6: return nest();
      case 7: return instructions();
      case 8: return custom_data();
      case 9: return extended_opcode();
      case 10: return table();
      default: return version_or_trailing();
    }
  }

 private:
  size_t below(size_t n) { return r_.below(n); }
  uint32_t below32(size_t n) { return static_cast<uint32_t>(r_.below(n)); }

  // A boundary the reader or the listing tests: the random source's
  // interesting values, floats fxc prints specially (infinities, NaNs,
  // denormals, -0), the listing's decimal-or-hex limit, small numbers.
  uint32_t value() {
    static constexpr uint32_t kFloats[] = {0x3F800000, 0xBF800000, 0x3F000000, 0x80000000, 0x7F800000,
                                           0xFF800000, 0x7FC00000, 0xFFC00000, 0x00000001, 0x461C4000};
    static constexpr int32_t kIntegers[] = {10000, 10001, -10000, -10001, -1};
    switch (r_.below(4)) {
      case 0: return r_.interesting();
      case 1: return kFloats[below(std::size(kFloats))];
      case 2: return static_cast<uint32_t>(kIntegers[below(std::size(kIntegers))]);
      default: return below32(64);
    }
  }

  Instruction* any_instruction() {
    return p_.instructions.empty() ? nullptr : &p_.instructions[below(p_.instructions.size())];
  }

  // An instruction other than custom data.
  Instruction* any_operation() {
    for (int tries = 0; tries < 8; ++tries) {
      Instruction* in = any_instruction();
      if (in == nullptr) return nullptr;
      if (!in->is_custom_data()) return in;
    }
    return nullptr;
  }

  std::optional<Pick> any_operand() {
    for (int tries = 0; tries < 8; ++tries) {
      Instruction* in = any_operation();
      if (in == nullptr) return std::nullopt;
      const size_t operands = in->operands.count;
      const size_t total = operands + in->nested.count;
      if (total == 0) continue;
      const size_t k = below(total);
      return k < operands ? Pick{in, true, k} : Pick{in, false, k - operands};
    }
    return std::nullopt;
  }

  Operand fresh_operand() {
    const RegisterKind kind = kRegisters[below(std::size(kRegisters))];
    Operand o;
    uint32_t components = 2;  // four, the common case
    if (kind.type == 13) components = 0;
    else if (kind.type == 4 || kind.type == 5 || below(4) == 0) components = 1 + below32(2);
    o.token = components | kind.type << 12 | kind.dims << 20;
    // Mask, swizzle or select-1, with its bits.
    if (components == 2) o.token |= below32(3) << 2 | below32(256) << 4;
    for (uint32_t d = 0; d < kind.dims; ++d) o.index[d].imm = below(8);
    std::vector<uint32_t> values(o.immediate_words());
    for (uint32_t& v : values) v = value();
    p_.set_immediates(o, values);
    return o;
  }

  // Operands and words as the opcode's shape asks for them (the
  // instruction's own where it has them, fresh ones after), and bit 31 as
  // the model's extended tokens or length DWORD say.
  void conform(Instruction& in) {
    const fxc::OpcodeInfo* info = fxc::opcode_info(in.token & 0x7FF);
    size_t operands = 0, old = 0;
    const std::span<const uint32_t> had = p_.words(in);
    std::vector<uint32_t> words;
    for (const char item : info->shape) {
      switch (item) {
        case 'o': ++operands; break;
        case 's':
          if (!p_.version.sm51()) break;
          [[fallthrough]];
        case 'w': words.push_back(old < had.size() ? had[old++] : value()); break;
        default: {  // n, h: a short table (an interface's head also counts its interfaces)
          const uint32_t count = below32(4);
          words.push_back(item == 'n' ? count : count | (1 + below32(3)) << 16);
          for (uint32_t k = 0; k < count; ++k) words.push_back(below32(8));
        }
      }
    }
    p_.set_words(in, words);
    in.operands.truncate(operands);
    while (in.operands.count < operands) p_.add_operand(in, fresh_operand());
    if (is_table(in)) {
      in.extended = {};
    } else {
      in.custom_length = 0;
    }
    set_bits(in.token, 31, 1, !in.extended.empty() || in.custom_length != 0);
  }

  Instruction fresh_instruction() {
    const auto& values = opcode_values();
    Instruction in;
    in.token = values[below(values.size())];
    if (below(4) == 0) in.token |= below32(0x2000) << 11;
    conform(in);
    return in;
  }

  // Another opcode: half the time one of the same shape (the operands stay
  // valid; add becomes mul, sample_l becomes sample_b), else any.
  bool opcode() {
    Instruction* in = any_operation();
    if (in == nullptr) return false;
    const std::string_view shape = fxc::opcode_info(in->token & 0x7FF)->shape;
    const auto& values = opcode_values();
    const bool same_shape = below(2) == 0;
    uint32_t op = values[below(values.size())];
    for (int tries = 0; same_shape && tries < 32 && fxc::opcode_info(op)->shape != shape; ++tries)
      op = values[below(values.size())];
    set_bits(in->token, 0, 11, op);
    conform(*in);
    return true;
  }

  // The 13 bits between the opcode and the length: _sat, _nz, resinfo's
  // return type, a declaration's dimension, mode, interpolation or flags.
  bool controls() {
    Instruction* in = any_operation();
    if (in == nullptr) return false;
    if (below(3) == 0) {
      set_bits(in->token, 11, 13, below32(0x2000));
    } else {
      in->token ^= 1u << (11 + below(13));
    }
    return true;
  }

  bool operand_token() {
    const std::optional<Pick> pick = any_operand();
    if (!pick) return false;
    Operand& o = pick->get(p_);
    switch (below(5)) {
      case 0:  // component count: none, one, four, N
        set_bits(o.token, 0, 2, below32(4));
        return true;
      case 1:  // selection mode (mask, swizzle, select-1, undefined) and its bits
        set_bits(o.token, 2, 2, below32(4));
        set_bits(o.token, 4, 8, below32(256));
        return true;
      case 2:
        set_bits(o.token, 12, 8, below(4) == 0 ? r_.interesting() : kRegisters[below(std::size(kRegisters))].type);
        return true;
      case 3: {  // index dimension; new indices are immediates
        const uint32_t dims = below32(4);
        for (uint32_t d = o.index_dimension(); d < dims; ++d) {
          o.index[d] = {};
          o.index[d].imm = below(8);
          set_bits(o.token, 22 + 3 * d, 3, 0);
        }
        set_bits(o.token, 20, 2, dims);
        return true;
      }
      default:
        return index_representation(*pick);
    }
  }

  // An index's representation: mostly one of the five the DDK defines (a
  // relative one gets an operand to be relative to), now and then 5 to 7.
  bool index_representation(const Pick& pick) {
    Operand& o = pick.get(p_);
    if (o.index_dimension() == 0) return false;
    const uint32_t d = below32(o.index_dimension());
    const uint32_t rep = below(8) == 0 ? 5 + below32(3) : below32(5);
    fxc::OperandIndex& ix = o.index[d];
    if (rep == 1 || rep == 4) ix.imm |= uint64_t{value()} << 32;
    // An index is relative exactly when it names a nested operand, so the
    // operands never refer to one another in a cycle (see attach).
    const bool relative = rep >= static_cast<uint32_t>(IndexRep::relative);
    if (relative && !ix.has_relative()) return attach(pick, d, rep);
    set_bits(o.token, 22 + 3 * d, 3, rep);
    ix.rep = static_cast<IndexRep>(rep);
    if (!relative) ix.relative = -1;
    return true;
  }

  // Index d of the picked operand becomes relative (representation `rep`)
  // to a new nested operand: a temp's component (r1.x), now and then the
  // outer end of a chain of temps each relative to the next
  // (r1[r2[r3.x + 0].y + 0].z), or, for a top-level operand, a copy of
  // another operand of the instruction, relative itself (cb0[r1[r2.x].y]).
  // The chain's operands are new and nothing refers to a top-level
  // operand, so no operand ends up relative to itself; a nested operand
  // never gets a copy.
  bool attach(const Pick& pick, uint32_t d, uint32_t rep) {
    Instruction& in = *pick.in;
    if (pick.top && below(3) == 0) {
      const size_t operands = in.operands.count;
      const size_t k = below(operands + in.nested.count);
      const Operand& original = k < operands ? p_.operands(in)[k] : p_.nested(in)[k - operands];
      p_.add_nested(in, p_.copy(original));
    } else {
      const size_t levels = 1 + (below(4) == 0 ? below(6) : 0);
      for (size_t level = 0; level < levels; ++level) {
        Operand temp;
        temp.token = 2 | 2u << 2 | below32(4) << 4 | 1u << 20;  // r#.c: four components, select-1, one index
        temp.index[0].imm = below(8);
        if (level > 0) {
          set_bits(temp.token, 22, 3, static_cast<uint32_t>(IndexRep::imm32_relative));
          temp.index[0].rep = IndexRep::imm32_relative;
          temp.index[0].relative = static_cast<int32_t>(in.nested.count - 1);
        }
        p_.add_nested(in, temp);
      }
    }
    if (in.nested.count > kMaxNested) return false;
    Operand& o = pick.get(p_);  // after the pushes: it may be a nested operand
    set_bits(o.token, 22 + 3 * d, 3, rep);
    o.index[d].rep = static_cast<IndexRep>(rep);
    o.index[d].relative = static_cast<int32_t>(in.nested.count - 1);
    return true;
  }

  bool nest() {
    const std::optional<Pick> pick = any_operand();
    if (!pick) return false;
    Operand& o = pick->get(p_);
    if (o.index_dimension() == 0) {
      o.index[0] = {};
      o.index[0].imm = below(8);
      set_bits(o.token, 20, 2, 1);
      set_bits(o.token, 22, 3, 0);
    }
    const uint32_t d = below32(o.index_dimension());
    // relative, immediate32 + relative or immediate64 + relative
    static constexpr uint32_t kRelative[] = {2, 3, 4};
    return attach(*pick, d, kRelative[below(3)]);
  }

  // Whether the last extended token of a chain says another follows: one
  // time in eight, so the reader meets chains that run into the words
  // after them, or past the end of the program.
  bool unended_chain() { return below(8) == 0; }

  // Extended operand tokens: D3D10_SB_EXTENDED_OPERAND_MODIFIER (neg, abs,
  // min precision, non-uniform), chained by bit 31; now and then a type no
  // reader knows; or none.
  bool extended_operand() {
    const std::optional<Pick> pick = any_operand();
    if (!pick) return false;
    Operand& o = pick->get(p_);
    const bool drop = !o.extended.empty() && below(3) == 0;
    const size_t n = drop ? 0 : 1 + (below(4) == 0 ? below(3) : 0);
    std::vector<uint32_t> tokens;
    for (size_t k = 0; k < n; ++k) {
      uint32_t t = below(8) == 0 ? below32(64) : 1;
      t |= below32(4) << 6 | below32(8) << 14 | below32(2) << 17;
      set_bits(t, 31, 1, k + 1 < n || unended_chain());
      tokens.push_back(t);
    }
    p_.set_extended(o, tokens);
    set_bits(o.token, 31, 1, n > 0);
    return true;
  }

  bool immediate() {
    switch (below(3)) {
      case 0: {  // an immediate operand's value
        const std::optional<Pick> pick = any_operand();
        if (!pick || pick->get(p_).immediate_words() == 0) return false;
        Operand& o = pick->get(p_);
        // The values the writer writes: the model's, zeros past them (an
        // earlier edit may have made the operand an immediate).
        std::vector<uint32_t> values(o.immediate_words());
        const std::span<const uint32_t> had = p_.immediates(o);
        std::copy_n(had.begin(), std::min(had.size(), values.size()), values.begin());
        values[below(values.size())] = value();
        p_.set_immediates(o, values);
        return true;
      }
      case 1: {  // an index
        const std::optional<Pick> pick = any_operand();
        if (!pick || pick->get(p_).index_dimension() == 0) return false;
        Operand& o = pick->get(p_);
        fxc::OperandIndex& ix = o.index[below(o.index_dimension())];
        if (!ix.has_imm()) return false;
        ix.imm = below(2) == 0 ? value() : uint64_t{value()} << 32 | value();
        return true;
      }
      default: {  // a declaration's word: a count, stride, space, system value, table entry
        Instruction* in = any_operation();
        if (in == nullptr) return false;
        const std::span<uint32_t> words = p_.words(*in);
        if (words.empty()) return false;
        words[below(words.size())] = value();
        return true;
      }
    }
  }

  bool instructions() {
    auto& list = p_.instructions;
    const size_t n = list.size();
    const auto at = [&](size_t i) { return list.begin() + static_cast<std::ptrdiff_t>(i); };
    switch (below(4)) {
      case 0:
        if (n == 0) return false;
        list.erase(at(below(n)));
        return true;
      case 1: {
        if (n == 0 || n >= kMaxInstructions) return false;
        const Instruction copy = p_.copy(list[below(n)]);
        list.insert(at(below(n + 1)), copy);
        return true;
      }
      case 2:
        if (n >= kMaxInstructions) return false;
        list.insert(at(below(n + 1)), fresh_instruction());
        return true;
      default:
        if (n < 2) return false;
        std::swap(list[below(n)], list[below(n)]);
        return true;
    }
  }

  // D3D10_SB_CUSTOMDATA_CLASS 0 to 5: comment, debug info, opaque, the
  // immediate constant buffer (rows of four, which fxc lists), shader
  // message, DX9 clip plane mappings. A block inserted, or one's class or
  // size changed.
  bool custom_data() {
    Instruction* block = nullptr;
    for (int tries = 0; tries < 8 && block == nullptr; ++tries)
      if (Instruction* in = any_instruction(); in != nullptr && in->is_custom_data()) block = in;
    const uint32_t kind = below(2) == 0 ? 3 : below32(6);
    const auto rows = [&] { return 4 * below(5) + (below(4) == 0 ? 1 + below(3) : 0); };
    if (block != nullptr && below(2) == 0) {
      if (below(2) == 0) {
        set_bits(block->token, 11, 21, kind);
      } else {
        const std::span<const uint32_t> had = p_.words(*block);
        std::vector<uint32_t> words(had.begin(), had.end());
        words.resize(rows(), value());
        p_.set_words(*block, words);
      }
      return true;
    }
    if (p_.instructions.size() >= kMaxInstructions) return false;
    Instruction in;
    in.token = static_cast<uint32_t>(Opcode::customdata) | kind << 11;
    std::vector<uint32_t> words(kind == 3 ? rows() : below(9));
    for (uint32_t& w : words) w = value();
    // A message the reader takes: its header, operands and string fit it.
    if (kind == fxc::kCustomDataShaderMessage)
      words = fxc::build::shader_message(value(), "%0", 1, {0x0010000A, below32(4)});  // r<n>.x
    p_.set_words(in, words);
    in.custom_length = 2;  // set_lengths counts the data
    p_.instructions.insert(p_.instructions.begin() + static_cast<std::ptrdiff_t>(below(p_.instructions.size() + 1)),
                           std::move(in));
    return true;
  }

  // Extended opcode tokens (D3D10_SB_EXTENDED_OPCODE_TYPE): texel offsets
  // (three signed nibbles), resource dimension and structure stride,
  // return types; chained by bit 31; or none.
  bool extended_opcode() {
    Instruction* in = any_operation();
    if (in == nullptr || is_table(*in)) return false;
    const size_t n = below(4);
    std::vector<uint32_t> tokens;
    for (size_t k = 0; k < n; ++k) {
      const uint32_t type = below(8) == 0 ? below32(64) : 1 + below32(3);
      uint32_t t = type;
      switch (type) {
        case 1: t |= below32(16) << 9 | below32(16) << 13 | below32(16) << 17; break;
        case 2: t |= below32(13) << 6 | below32(0x1000) << 11; break;
        case 3: t |= below32(16) << 6 | below32(16) << 10 | below32(16) << 14 | below32(16) << 18; break;
        default: t |= value() << 6; break;
      }
      set_bits(t, 31, 1, k + 1 < n || unended_chain());
      tokens.push_back(t);
    }
    p_.set_extended(*in, tokens);
    set_bits(in->token, 31, 1, n > 0);
    return true;
  }

  // dcl_function_table and dcl_interface: the length DWORD (the form for a
  // table too long for 7 bits) switched on or off, a table one entry longer
  // or shorter, or a count that lies; a fresh one when the program has none.
  bool table() {
    Instruction* in = nullptr;
    for (int tries = 0; tries < 8 && in == nullptr; ++tries)
      if (Instruction* i = any_operation(); i != nullptr && is_table(*i)) in = i;
    if (in == nullptr) {
      if (p_.instructions.size() >= kMaxInstructions) return false;
      Instruction fresh;
      fresh.token = static_cast<uint32_t>(below(2) == 0 ? Opcode::dcl_function_table : Opcode::dcl_interface);
      conform(fresh);
      p_.instructions.insert(p_.instructions.begin() + static_cast<std::ptrdiff_t>(below(p_.instructions.size() + 1)),
                             std::move(fresh));
      return true;
    }
    // The count's DWORD follows the table's w letters ("wn": 1, "wwh": 2).
    const size_t head = fxc::opcode_info(in->token & 0x7FF)->shape.find_first_of("nh");
    const size_t words = p_.words(*in).size();
    if (words <= head) return false;
    switch (below(4)) {
      case 0:
        in->custom_length = in->custom_length != 0 ? 0 : 2;
        set_bits(in->token, 31, 1, in->custom_length != 0);
        return true;
      case 1:
        p_.add_word(*in, below32(8));
        ++p_.words(*in)[head];
        return true;
      case 2:
        if (words == head + 1) return false;
        in->words.truncate(words - 1);
        --p_.words(*in)[head];
        return true;
      default:
        p_.words(*in)[head] = value();
        return true;
    }
  }

  bool version_or_trailing() {
    switch (below(3)) {
      case 0:  // the program type: ps, vs, gs, hs, ds, cs, or none of them
        set_bits(p_.version.token, 16, 16, below(8) == 0 ? r_.interesting() : below32(6));
        return true;
      case 1: {  // the shader model; SM5.1 adds the space DWORDs ('s'), which most of the time follow
        static constexpr uint32_t kModels[] = {0x40, 0x41, 0x50, 0x51};
        const bool was_sm51 = p_.version.sm51();
        set_bits(p_.version.token, 0, 8, below(8) == 0 ? below32(256) : kModels[below(std::size(kModels))]);
        if (was_sm51 != p_.version.sm51() && below(4) != 0)
          for (Instruction& in : p_.instructions)
            if (!in.is_custom_data() && fxc::opcode_info(in.token & 0x7FF)->shape.find('s') != std::string_view::npos)
              conform(in);
        return true;
      }
      default:  // bytes after the program: none, or a few (not always whole DWORDs)
        if (!p_.trailing.empty() && below(2) == 0) {
          p_.trailing = {};
        } else {
          trailing_.resize(1 + below(8));
          for (uint8_t& b : trailing_) b = static_cast<uint8_t>(below(256));
          p_.trailing = trailing_;
        }
        return true;
    }
  }

  Random r_;
  Program& p_;
  std::vector<uint8_t>& trailing_;
};

// Each instruction's length set to what the writer writes for it (its
// length DWORD when the model has one: custom data, or a table's
// custom_length; else the token's 7 bits, truncated when it is longer),
// and the program's to their sum and its two header DWORDs.
void set_lengths(Program& p) {
  uint64_t total = 2;
  for (Instruction& in : p.instructions) {
    const size_t n = fxc::encoded_words(p, in);
    if (in.custom_length != 0 || in.is_custom_data()) {
      in.custom_length = static_cast<uint32_t>(n);
    } else {
      set_bits(in.token, 24, 7, static_cast<uint32_t>(n));
    }
    total += n;
  }
  p.length = static_cast<uint32_t>(total);
}

// After set_lengths: one length off by one or set to a boundary value, for
// the reader's length checks.
void damage_lengths(Program& p, Random& r) {
  const uint32_t delta = r.below(2) == 0 ? 1u : ~0u;
  if (p.instructions.empty() || r.below(4) == 0) {
    p.length = r.below(4) == 0 ? r.interesting() : p.length + delta;
    return;
  }
  Instruction& in = p.instructions[r.below(p.instructions.size())];
  if (in.custom_length != 0 || in.is_custom_data()) {
    in.custom_length = r.below(4) == 0 ? r.interesting() : in.custom_length + delta;
  } else {
    set_bits(in.token, 24, 7, r.below(4) == 0 ? static_cast<uint32_t>(r.below(128)) : in.length_field() + delta);
  }
}

}  // namespace

size_t mutate_fxc_program(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  const auto read = [](Bytes program, Context& ctx) {
    const FieldPath root = FieldPath::root();
    std::optional<Program> p(std::in_place);
    if (!fxc::parse_program(fxc::ChunkScope{program, 0, root, ctx}, *p)) p.reset();
    return p;
  };
  std::vector<uint8_t> trailing;  // bytes after the program, if an edit adds some
  const auto edit = [&](Random& pick, Program& p) {
    edit_once_or_twice(pick, seed, [&](unsigned s) { return ProgramMutation(s, p, trailing); });
    set_lengths(p);
    if (pick.below(8) == 0) damage_lengths(p, pick);
  };
  return mutate_through_model(data, size, max_size, seed, bytes, read, edit, fxc::write_program);
}

size_t mutate_fxc_program_input(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  if (size < 1 || max_size < 1) return bytes(data, size, max_size);
  if (seed % 16 == 0) data[0] ^= static_cast<uint8_t>(1u << (seed / 16 % 2));
  return 1 + mutate_fxc_program(data + 1, size - 1, max_size - 1, seed, bytes);
}

}  // namespace sp::fuzz
