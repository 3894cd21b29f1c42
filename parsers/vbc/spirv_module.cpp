// One SPIR-V module walked instruction by instruction (spirv_module.h).
#include "vbc/spirv_module.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <utility>

#include "core/strings.h"

namespace sp::vbc {
namespace {

// Opcodes and operands this walk looks at (the SPIR-V specification, 3.52
// "Instructions", 3.20 "Decoration", 3.7 "Storage Class").
enum Op : uint32_t {
  kOpName = 5,
  kOpEntryPoint = 15,
  kOpTypeVoid = 19,
  kOpTypeBool = 20,
  kOpTypeInt = 21,
  kOpTypeFloat = 22,
  kOpTypeVector = 23,
  kOpTypeMatrix = 24,
  kOpTypeArray = 28,
  kOpTypeRuntimeArray = 29,
  kOpTypeStruct = 30,
  kOpTypeOpaque = 31,
  kOpTypePointer = 32,
  kOpConstantTrue = 41,
  kOpConstantFalse = 42,
  kOpConstant = 43,
  kOpVariable = 59,
  kOpDecorate = 71,
};
constexpr uint32_t kDecorationBuiltIn = 11;
constexpr uint32_t kDecorationLocation = 30;
constexpr uint32_t kStorageInput = 1;
constexpr uint32_t kStorageOutput = 3;

// The bytes of a literal string starting at word `from` of an instruction
// (nul-terminated, padded to whole words), up to its NUL or the
// instruction's end.
std::string_view literal_at(Bytes instruction, size_t from, bool* terminated = nullptr) {
  if (terminated != nullptr) *terminated = false;
  if (from * 4 >= instruction.size()) return {};
  const auto* start = reinterpret_cast<const char*>(instruction.data() + from * 4);
  const size_t max = instruction.size() - from * 4;
  const void* nul = std::memchr(start, 0, max);
  if (nul == nullptr) return {start, max};
  if (terminated != nullptr) *terminated = true;
  return {start, static_cast<size_t>(static_cast<const char*>(nul) - start)};
}

uint64_t mix(uint64_t h, uint64_t v) {
  // splitmix64's finaliser over the running value: good enough to tell
  // names apart, which is all the estimate needs.
  h ^= v + 0x9E3779B97F4A7C15u + (h << 6) + (h >> 2);
  h ^= h >> 30;
  h *= 0xBF58476D1CE4E5B9u;
  h ^= h >> 27;
  h *= 0x94D049BB133111EBu;
  return h ^ (h >> 31);
}

// A shadow of SPIRV-Tools' FriendlyNameMapper (source/name_mapper.cpp):
// for each id, a hash and the length of the name it would give, so that
// names it would build alike collide alike. SaveName keeps an id's first
// name; a name already taken gets "_0", "_1", ... tried in turn, which is
// the quadratic part: m names of one base cost m tries each.
class NameWork {
 public:
  struct Name {
    uint64_t hash = 0;
    uint64_t length = 0;
  };

  Name of(uint32_t id) const {
    const auto it = names_.find(id);
    if (it != names_.end()) return it->second;
    return {mix(0, id), 10};  // the id's decimal digits
  }

  void save(uint32_t id, uint64_t hash, uint64_t length) {
    if (names_.contains(id)) return;
    const uint64_t taken = groups_[hash]++;
    work_ = sat_add(work_, sat_add(length, sat_mul(taken, length + 12)));
    names_.emplace(id, Name{hash, length});
  }

  // Text printed for an operand word that may be an id: its name, or at
  // most 64 bytes of an enum name, mask names, a number or four
  // characters of a string with escapes.
  void operand(uint32_t word) { work_ = sat_add(work_, std::max<uint64_t>(64, of(word).length + 2)); }
  void add(uint64_t bytes) { work_ = sat_add(work_, bytes); }
  [[nodiscard]] uint64_t work() const { return work_; }

 private:
  static uint64_t sat_add(uint64_t a, uint64_t b) {
    uint64_t r;
    return checked_add(a, b, &r) ? r : UINT64_MAX;
  }
  static uint64_t sat_mul(uint64_t a, uint64_t b) {
    uint64_t r;
    return checked_mul(a, b, &r) ? r : UINT64_MAX;
  }

  std::unordered_map<uint32_t, Name> names_;
  std::unordered_map<uint64_t, uint64_t> groups_;
  uint64_t work_ = 0;
};

// The name an OpName string gives (Sanitize: characters outside
// [A-Za-z0-9_] become '_', an empty name is "_").
NameWork::Name sanitized(std::string_view s) {
  uint64_t h = mix(0, 0x6E616D65);
  for (const char c : s) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    h = mix(h, static_cast<uint8_t>(ok ? c : '_'));
  }
  return {h, std::max<uint64_t>(1, s.size())};
}

class ModuleReader {
 public:
  ModuleReader(Bytes code, uint64_t base, const FieldPath& at, Context& ctx, SpirvModule& out, bool name_work)
      : code_(code), words_(code.size() / 4), base_(base), at_(at), ctx_(ctx), out_(out), name_work_(name_work) {}

  bool run() {
    if (words_ < kSpirvHeaderWords)
      return fail_header(0, strprintf("a SPIR-V header takes %zu words, the stage has %zu", kSpirvHeaderWords, words_));
    const uint32_t magic = word(0);
    if (magic != kSpirvMagic) {
      if (magic == 0x03022307)
        return fail_header(0, "the magic 0x07230203 is byte-swapped: a big-endian module, where VBC holds the words "
                              "in the order of the x86_64 writer (little-endian)");
      return fail_header(0, strprintf("0x%08x is not the SPIR-V magic 0x07230203", magic));
    }
    out_.version = word(1);
    // 0 | major | minor | 0, from the bytes high to low: SPIR-V 1.0 to 1.6.
    if ((out_.version & 0xFF0000FFu) != 0 || ((out_.version >> 16) & 0xFF) != 1 || ((out_.version >> 8) & 0xFF) > 6)
      return fail_header(1, strprintf("version word 0x%08x names no SPIR-V version 1.0 to 1.6", out_.version));
    out_.generator = word(2);
    out_.bound = word(3);
    out_.schema = word(4);

    FieldPath::Cursor cur{0, {}};
    const FieldPath words = at_.cursor("words", cur);
    // Every instruction takes at least one word, so the walk and the lists
    // it fills are O(words).
    for (size_t i = kSpirvHeaderWords; i < words_;) {
      cur.index = i;
      const uint32_t first = word(i);
      const uint32_t count = first >> 16;
      const uint32_t opcode = first & 0xFFFF;
      if (count == 0)
        return ctx_.fail(Code::spirv_word_count_zero, offset_of(i), words,
                         strprintf("opcode %u with a word count of 0 (instruction %u)", opcode, out_.instructions));
      if (count > words_ - i)
        return ctx_.fail(Code::instruction_out_of_bounds, offset_of(i), words,
                         strprintf("opcode %u of %u words at word %zu runs past the module's %zu words", opcode, count,
                                   i, words_));
      instruction(opcode, code_.subspan(i * 4, size_t{count} * 4));
      ++out_.instructions;
      i += count;
    }
    finish_locations();
    out_.name_work = names_.work();
    return true;
  }

 private:
  uint32_t word(size_t i) const { return load_le<uint32_t>(code_.data() + i * 4); }
  uint64_t offset_of(size_t i) const { return base_ + i * 4; }

  bool fail_header(size_t i, std::string message) {
    const FieldPath w = at_.item("words", i);
    return ctx_.fail(Code::spirv_header_invalid, offset_of(i), w, std::move(message));
  }

  // What the walk keeps of one instruction (`in`: its words, bytes of the
  // file). Operands missing from a short instruction are left for
  // SPIRV-Tools to reject; the walk only reads the words that are there.
  void instruction(uint32_t opcode, Bytes in) {
    const size_t n = in.size() / 4;
    auto w = [&](size_t k) { return load_le<uint32_t>(in.data() + k * 4); };
    if (name_work_) {
      names_.add(64);  // indent, result id, opcode name
      for (size_t k = 1; k < n; ++k) names_.operand(w(k));
    }
    switch (opcode) {
      case kOpEntryPoint:
        if (n >= 3) {
          EntryPoint& e = out_.entry_points.emplace_back();
          e.execution_model = w(1);
          e.id = w(2);
          bool terminated = false;
          const std::string_view name = literal_at(in, 3, &terminated);
          if (terminated) e.name = name;
        }
        break;
      case kOpVariable:
        if (n >= 4 && (w(3) == kStorageInput || w(3) == kStorageOutput)) variables_.emplace_back(w(2), w(3));
        break;
      case kOpDecorate:
        if (n >= 4 && w(2) == kDecorationLocation) locations_.emplace_back(w(1), w(3));
        if (n >= 4 && w(2) == kDecorationBuiltIn && name_work_) names_.save(w(1), mix(mix(0, opcode), w(3)), 32);
        break;
      default:
        if (name_work_) name(opcode, in, n, w);
        break;
    }
  }

  // The name SPIRV-Tools' mapper gives the id an instruction defines.
  template <typename W>
  void name(uint32_t opcode, Bytes in, size_t n, const W& w) {
    const auto compose = [&](uint64_t fixed, std::initializer_list<uint32_t> parts, uint32_t result) {
      uint64_t h = mix(0, opcode);
      uint64_t length = fixed;
      for (const uint32_t id : parts) {
        const NameWork::Name p = names_.of(id);
        h = mix(h, p.hash);
        length += p.length;
      }
      names_.save(result, h, length);
    };
    switch (opcode) {
      case kOpName:
        if (n >= 2) {
          const NameWork::Name s = sanitized(literal_at(in, 2));
          names_.save(w(1), s.hash, s.length);
        }
        break;
      case kOpTypeVoid:
      case kOpTypeBool:
        if (n >= 2) compose(8, {}, w(1));
        break;
      case kOpTypeInt:
      case kOpTypeFloat:
        if (n >= 3) names_.save(w(1), mix(mix(mix(0, opcode), w(2)), n >= 4 ? w(3) : 0), 16);
        break;
      case kOpTypeVector:
      case kOpTypeMatrix:
        if (n >= 4) names_.save(w(1), mix(mix(0, opcode), mix(names_.of(w(2)).hash, w(3))), names_.of(w(2)).length + 14);
        break;
      case kOpTypeArray:
        if (n >= 4) compose(6, {w(2), w(3)}, w(1));
        break;
      case kOpTypeRuntimeArray:
        if (n >= 3) compose(12, {w(2)}, w(1));
        break;
      case kOpTypePointer:
        if (n >= 4) names_.save(w(1), mix(mix(mix(0, opcode), w(2)), names_.of(w(3)).hash), names_.of(w(3)).length + 48);
        break;
      case kOpTypeStruct:
        if (n >= 2) names_.save(w(1), mix(mix(0, opcode), w(1)), 18);  // "_struct_<id>": unique
        break;
      case kOpTypeOpaque:
        if (n >= 2) {
          const NameWork::Name s = sanitized(literal_at(in, 2));
          names_.save(w(1), mix(mix(0, opcode), s.hash), s.length + 7);
        }
        break;
      case kOpConstantTrue:
      case kOpConstantFalse:
        if (n >= 3) compose(5, {}, w(2));
        break;
      case kOpConstant:
        if (n >= 4) {
          uint64_t h = mix(mix(0, opcode), names_.of(w(1)).hash);
          for (size_t k = 3; k < n; ++k) h = mix(h, w(k));
          names_.save(w(2), h, names_.of(w(1)).length + 24 + 12 * (n - 3));
        }
        break;
      default:
        // Any other result id is named by its number: unique, at most 10
        // characters (counted with the instruction).
        break;
    }
  }

  void finish_locations() {
    std::sort(locations_.begin(), locations_.end());
    for (const auto& [id, storage] : variables_) {
      auto it = std::lower_bound(locations_.begin(), locations_.end(), std::pair<uint32_t, uint32_t>{id, 0});
      for (; it != locations_.end() && it->first == id; ++it)
        (storage == kStorageInput ? out_.input_locations : out_.output_locations).push_back(it->second);
    }
    for (auto* list : {&out_.input_locations, &out_.output_locations}) {
      std::sort(list->begin(), list->end());
      list->erase(std::unique(list->begin(), list->end()), list->end());
    }
  }

  Bytes code_;
  size_t words_;
  uint64_t base_;
  const FieldPath& at_;
  Context& ctx_;
  SpirvModule& out_;
  std::vector<std::pair<uint32_t, uint32_t>> variables_;  // id, storage class
  std::vector<std::pair<uint32_t, uint32_t>> locations_;  // id, location
  bool name_work_;
  NameWork names_;
};

}  // namespace

std::string spirv_version_text(uint32_t version) {
  return strprintf("%u.%u", (version >> 16) & 0xFF, (version >> 8) & 0xFF);
}

bool read_spirv(Bytes code, uint64_t base, const FieldPath& at, Context& ctx, SpirvModule& out, bool name_work) {
  return ModuleReader(code, base, at, ctx, out, name_work).run();
}

size_t instruction_word(Bytes code, size_t index) {
  const size_t words = code.size() / 4;
  size_t i = kSpirvHeaderWords;
  for (size_t k = 0; i < words; ++k) {
    const uint32_t count = load_le<uint32_t>(code.data() + i * 4) >> 16;
    if (k == index) return i;
    if (count == 0) break;  // not a module read_spirv() accepted
    i += count;
  }
  return 0;
}

}  // namespace sp::vbc
