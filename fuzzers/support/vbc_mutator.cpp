#include "support/vbc_mutator.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "conformance/vbc/builders.h"
#include "support/model_mutation.h"
#include "vbc/shader.h"

namespace sp::fuzz {
namespace {

using vbc::Binding;
using vbc::InterfaceVariable;
using vbc::Shader;
using vbc::SubpassInput;
using vbc::UniformLayout;
using vbc::UniformMember;

// Lists stop growing one past their limit (the reader's count checks), the
// uniform's members at a few dozen: more only slows every execution down.
constexpr size_t kMaxMembers = 40;
// A stage stops growing here: the header counts words in a u16.
constexpr size_t kMaxStageWords = 0xFFFF;

// SPIR-V opcodes and operands the edits look for (the SPIR-V
// specification, 3.52 "Instructions", 3.20 "Decoration").
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kDecorationLocation = 30;

// Edited stages' words. Each block is a vector of its own, so the views a
// model keeps stay valid when the list grows (moving a vector keeps its
// buffer).
using Storage = std::vector<std::vector<uint8_t>>;

class Mutation {
 public:
  Mutation(unsigned seed, Shader& s, Storage& storage) : r_(seed), s_(s), storage_(storage) {}

  // One edit; false when the model has nothing it applies to.
  bool apply() {
    switch (below(12)) {
      case 0: return interface(below(2) == 0 ? s_.vertex_inputs : s_.fragment_outputs);
      case 1:
      case 2: return binding();
      case 3: return uniform();
      case 4:
      case 5: return member();
      case 6: return subpass();
      case 7: return header();
      case 8: return stage_slot();
      default: return spirv();
    }
  }

 private:
  size_t below(size_t n) { return r_.below(n); }
  uint8_t byte_below(size_t n) { return static_cast<uint8_t>(r_.below(n)); }

  // A value for a u8 field whose legal values are [0, limit) (or [1,
  // limit] when `from_one`): the edges on either side, 0, 255 or any.
  uint8_t near(uint8_t limit, bool from_one = false) {
    const uint8_t last = from_one ? limit : static_cast<uint8_t>(limit - 1);
    switch (below(5)) {
      case 0: return last;
      case 1: return static_cast<uint8_t>(last + 1);
      case 2: return 0;
      case 3: return 255;
      default: return byte_below(size_t{limit} + 2);
    }
  }
  uint8_t base_type() { return byte_below(12); }                           // Void to RWTexels, and 11
  uint8_t components() { return byte_below(6); }                           // 1, 2 and 4 of 0 to 5
  uint8_t array_size() { return near(static_cast<uint8_t>(vbc::kMaxArraySize), true); }
  std::array<uint8_t, 2> dims() { return {near(4, true), near(4, true)}; }
  // A stage mask: the present stages, one more, bits above frag, or any.
  uint16_t stage_mask() {
    const uint16_t present = s_.present_stages();
    switch (below(4)) {
      case 0: return present;
      case 1: return static_cast<uint16_t>(present | 1u << below(vbc::kStageCount));
      case 2: return static_cast<uint16_t>(1u << below(16));
      default: return static_cast<uint16_t>(r_.interesting());
    }
  }
  template <size_t N>
  void dirty(std::array<uint8_t, N>& padding) {
    padding[below(N)] = static_cast<uint8_t>(1 + below(255));
  }

  // Adds, drops, duplicates or swaps an item of `list` (a fresh one from
  // `fresh` when it is empty or one time in four); it stops growing at
  // `max` items. False when nothing applies.
  template <typename T, typename Fresh>
  bool list_edit(std::vector<T>& list, size_t max, Fresh fresh) {
    const size_t n = list.size();
    switch (n == 0 ? 0 : below(4)) {
      case 0:
        if (n >= max) return false;
        list.insert(list.begin() + static_cast<std::ptrdiff_t>(below(n + 1)),
                    n == 0 || below(4) == 0 ? fresh() : list[below(n)]);
        return true;
      case 1: list.erase(list.begin() + static_cast<std::ptrdiff_t>(below(n))); return true;
      case 2:
        if (n >= max) return false;
        list.push_back(list[below(n)]);
        return true;
      default:
        if (n < 2) return false;
        std::swap(list[below(n)], list[below(n)]);
        return true;
    }
  }

  // ---- Records ---------------------------------------------------------------
  bool interface(std::vector<InterfaceVariable>& list) {
    const bool inputs = &list == &s_.vertex_inputs;
    const uint8_t locations = static_cast<uint8_t>(inputs ? vbc::kVertexInputLocations : vbc::kFragmentOutputLocations);
    if (list.empty() || below(3) == 0)
      return list_edit(list, size_t{locations} + 1, [&] { return vbc::build::input(byte_below(locations)); });
    InterfaceVariable& v = list[below(list.size())];
    switch (below(5)) {
      case 0: v.location = near(locations); break;
      case 1: v.base_type = base_type(); break;
      case 2: v.dims = dims(); break;
      case 3: v.array_size = array_size(); break;
      default: dirty(v.padding);
    }
    return true;
  }

  bool binding() {
    auto& list = s_.bindings;
    if (list.empty() || below(3) == 0)
      return list_edit(list, vbc::kMaxBindings + 1, [&] {
        const uint8_t slot = byte_below(vbc::kBindingSlots);
        return below(2) == 0 ? vbc::build::buffer(slot, vbc::BaseType::ro_buffer, stage_mask(), 16)
                             : vbc::build::texels(slot, vbc::BaseType::sampler, stage_mask(), vbc::TexelRank::e2d);
      });
    Binding& b = list[below(list.size())];
    switch (below(8)) {
      case 0: b.slot = below(2) == 0 ? list[below(list.size())].slot : near(vbc::kBindingSlots); break;
      case 1: b.base_type = base_type(); break;
      case 2: b.stage_mask = stage_mask(); break;
      case 3: b.layout[0] = near(7); break;  // texel rank
      case 4: b.layout[1] = near(5); break;  // texel type
      case 5: b.layout[3] = components(); break;
      case 6: store_le_at(b.layout, 0, static_cast<uint16_t>(r_.interesting())); break;  // buffer size
      default: b.layout[below(4)] = static_cast<uint8_t>(r_.interesting());  // a buffer's padding, a texel's size
    }
    return true;
  }

  // The uniform added, dropped, resized, re-masked or put in the other layout.
  bool uniform() {
    auto& u = s_.uniform;
    if (!u) {
      u = vbc::build::uniform(16, stage_mask(), {vbc::build::member("m", 0)});
      return true;
    }
    const bool old = s_.uniform_layout == UniformLayout::old_u32;
    switch (below(4)) {
      case 0: u.reset(); return true;
      case 1: {
        static constexpr uint32_t kSizes[] = {1, 4, 16, 1023, 1024, 1025, 0xFFFF, 0x10000, 0xFFFFFFFF};
        // The current layout's fields are u16.
        const size_t choices = old ? std::size(kSizes) : std::size(kSizes) - 2;
        u->size = below(4) == 0 ? static_cast<uint16_t>(r_.interesting()) : kSizes[below(choices)];
        if (u->size == 0) u->size = 1;  // 0 would write no uniform at all
        return true;
      }
      case 2: u->stage_mask = stage_mask(); return true;
      default:
        if (old) {
          s_.uniform_layout = UniformLayout::current;
          u->size = std::min<uint32_t>(u->size, 0xFFFF);
          for (UniformMember& m : u->members) m.offset = std::min<uint32_t>(m.offset, 0xFFFF);
        } else {
          s_.uniform_layout = UniformLayout::old_u32;
        }
        return true;
    }
  }

  std::string name() {
    static constexpr size_t kLengths[] = {0, 1, 8, 31, 32, 33, 64};
    std::string n(kLengths[below(std::size(kLengths))], 'n');
    // Bytes the dumps must escape, or that are not UTF-8.
    if (!n.empty() && below(4) == 0) n[below(n.size())] = "\0\"\\\x7F\xC3\xFF"[below(6)];
    return n;
  }

  bool member() {
    if (!s_.uniform) return false;
    auto& list = s_.uniform->members;
    if (list.empty() || below(3) == 0)
      return list_edit(list, kMaxMembers, [&] { return vbc::build::member(name(), byte_below(16)); });
    UniformMember& m = list[below(list.size())];
    const uint32_t size = s_.uniform->size;
    switch (below(6)) {
      case 0: m.name = name(); break;
      case 1: {
        const uint32_t edges[] = {0, size - 1, size, size + 1, r_.interesting()};
        m.offset = edges[below(std::size(edges))];
        if (s_.uniform_layout == UniformLayout::current) m.offset &= 0xFFFF;
        break;
      }
      case 2: m.base_type = base_type(); break;
      case 3: m.dims = dims(); break;
      case 4: m.array_size = array_size(); break;
      default: std::swap(m, list[below(list.size())]);
    }
    return true;
  }

  bool subpass() {
    auto& list = s_.subpass_inputs;
    if (list.empty() || below(3) == 0)
      return list_edit(list, vbc::kMaxSubpassInputs + 1, [&] { return vbc::build::subpass(); });
    SubpassInput& p = list[below(list.size())];
    switch (below(3)) {
      case 0: p.texel_type = near(5); break;
      case 1: p.components = components(); break;
      default: dirty(p.padding);
    }
    return true;
  }

  bool header() {
    switch (below(3)) {
      case 0: s_.header.version = near(1, true); break;
      case 1: s_.header.shader_type = near(1, true); break;
      default: s_.header.table_sizes[below(5)] = static_cast<uint16_t>(r_.interesting());
    }
    return true;
  }

  // ---- Stages --------------------------------------------------------------------
  // A stage dropped, two swapped, or one replaced by another stage of the
  // file or a SPIR-V sample.
  bool stage_slot() {
    Bytes& code = s_.stages[below(vbc::kStageCount)].code;
    switch (below(4)) {
      case 0: code = {}; return true;
      case 1: std::swap(code, s_.stages[below(vbc::kStageCount)].code); return true;
      case 2: code = s_.stages[below(vbc::kStageCount)].code; return true;
      default: {
        const auto samples = vbc::build::spirv_samples();
        code = samples[below(samples.size())].bytes;
        return true;
      }
    }
  }

  // Where each instruction of `w` starts, as far as the word counts can be
  // followed.
  static std::vector<size_t> instruction_starts(const std::vector<uint32_t>& w) {
    std::vector<size_t> out;
    for (size_t at = vbc::kSpirvHeaderWords; at < w.size();) {
      const size_t count = w[at] >> 16;
      if (count == 0 || count > w.size() - at) break;
      out.push_back(at);
      at += count;
    }
    return out;
  }

  // An edit of one present stage's words.
  bool spirv() {
    vbc::StageCode* stage = nullptr;
    for (size_t tries = 0; tries < vbc::kStageCount && stage == nullptr; ++tries) {
      vbc::StageCode& s = s_.stages[below(vbc::kStageCount)];
      if (s.present()) stage = &s;
    }
    if (stage == nullptr) return false;
    std::vector<uint32_t> w = vbc::build::words_of(stage->code);
    const std::vector<size_t> starts = instruction_starts(w);
    if (!edit_words(w, starts)) return false;
    if (w.size() > kMaxStageWords) return false;
    stage->code = storage_.emplace_back(vbc::build::bytes_of(w));
    return true;
  }

  bool edit_words(std::vector<uint32_t>& w, const std::vector<size_t>& starts) {
    const auto span_of = [&](size_t k) {
      const size_t at = starts[k];
      return std::pair<size_t, size_t>{at, at + (w[at] >> 16)};
    };
    switch (below(8)) {
      case 0: {  // the version: 1.0 to 1.6, 1.7, 2.0
        static constexpr uint32_t kVersions[] = {0x00010000, 0x00010300, 0x00010500, 0x00010600, 0x00010700,
                                                 0x00020000};
        w[1] = kVersions[below(std::size(kVersions))];
        return true;
      }
      case 1: {  // an instruction's word count set wrong
        if (starts.empty()) return false;
        const size_t at = starts[below(starts.size())];
        const uint32_t counts[] = {0, (w[at] >> 16) + 1, (w[at] >> 16) - 1, 0xFFFF};
        w[at] = (w[at] & 0xFFFF) | counts[below(std::size(counts))] << 16;
        return true;
      }
      case 2: {  // an instruction dropped
        if (starts.empty()) return false;
        const auto [from, to] = span_of(below(starts.size()));
        w.erase(w.begin() + static_cast<std::ptrdiff_t>(from), w.begin() + static_cast<std::ptrdiff_t>(to));
        return true;
      }
      case 3: {  // an instruction duplicated
        if (starts.empty()) return false;
        const auto [from, to] = span_of(below(starts.size()));
        const std::vector<uint32_t> copy(w.begin() + static_cast<std::ptrdiff_t>(from),
                                         w.begin() + static_cast<std::ptrdiff_t>(to));
        w.insert(w.begin() + static_cast<std::ptrdiff_t>(to), copy.begin(), copy.end());
        return true;
      }
      case 4: {  // an instruction swapped with the next
        if (starts.size() < 2) return false;
        const size_t k = below(starts.size() - 1);
        const auto [from, middle] = span_of(k);
        const size_t to = span_of(k + 1).second;
        std::rotate(w.begin() + static_cast<std::ptrdiff_t>(from), w.begin() + static_cast<std::ptrdiff_t>(middle),
                    w.begin() + static_cast<std::ptrdiff_t>(to));
        return true;
      }
      case 5: return cross_checked(w, starts);
      default: {  // an operand word (or a header word) set to a boundary value
        if (w.empty()) return false;
        w[below(w.size())] = below(2) == 0 ? r_.interesting() : static_cast<uint32_t>(below(64));
        return true;
      }
    }
  }

  // What the cross-checks compare: an entry point's execution model, or a
  // Location decoration's value.
  bool cross_checked(std::vector<uint32_t>& w, const std::vector<size_t>& starts) {
    std::vector<size_t> found;
    for (const size_t at : starts) {
      const uint32_t op = w[at] & 0xFFFF, count = w[at] >> 16;
      if ((op == kOpEntryPoint && count >= 2) || (op == kOpDecorate && count >= 4 && w[at + 2] == kDecorationLocation))
        found.push_back(at);
    }
    if (found.empty()) return false;
    const size_t at = found[below(found.size())];
    // OpEntryPoint's execution model is its first operand, a Location's
    // value the decoration's third.
    if ((w[at] & 0xFFFF) == kOpEntryPoint) {
      w[at + 1] = static_cast<uint32_t>(below(8));
    } else {
      w[at + 3] = below(2) == 0 ? w[at + 3] + 1 : static_cast<uint32_t>(below(20));
    }
    return true;
  }

  Random r_;
  Shader& s_;
  Storage& storage_;
};

// Where the writer put each count it wrote (Sections), and one of them set
// off by one or to a boundary value: a table's count, the uniform's size or
// member count, or a stage's word count in the header.
void damage_counts(std::vector<uint8_t>& file, const vbc::Sections& at, const Shader& s, Random& r) {
  const bool old = s.uniform_layout == UniformLayout::old_u32;
  const uint32_t delta = r.below(2) == 0 ? 1u : ~0u;
  switch (r.below(4)) {
    case 0: {  // a stage's word count (u16)
      const uint64_t field = vbc::build::words_at(vbc::kStages[r.below(vbc::kStageCount)]);
      const auto value = static_cast<uint16_t>(load_le<uint16_t>(file.data() + field) + delta);
      store_le_at<uint16_t>(file, field, r.below(4) == 0 ? static_cast<uint16_t>(r.interesting()) : value);
      return;
    }
    case 1: {  // the uniform's size (u16, or u32 in the older layout)
      if (old) {
        store_le_at<uint32_t>(file, at.uniform, r.interesting());
      } else {
        store_le_at<uint16_t>(file, at.uniform, static_cast<uint16_t>(r.interesting()));
      }
      return;
    }
    default: {  // a table's count, or the uniform's member count
      std::vector<uint64_t> counts = {at.vertex_inputs, at.fragment_outputs, at.bindings, at.subpass_inputs};
      if (s.uniform) counts.push_back(at.uniform + (old ? 6 : 4));
      const uint64_t field = counts[r.below(counts.size())];
      const uint32_t value = load_le<uint32_t>(file.data() + field) + delta;
      store_le_at<uint32_t>(file, field, r.below(4) == 0 ? r.interesting() : value);
    }
  }
}

std::optional<Shader> read_structure(Bytes file) {
  vbc::ParseResult r = vbc::parse_shader(file, Limits{}, 0, {.validate_spirv = false});
  return std::move(r.shader);
}

}  // namespace

size_t mutate_vbc(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  Storage storage;
  bool damage = false, struct_dump = false;
  Random damage_pick(seed ^ 0x5A5A5A5Au);
  const auto read = [](Bytes file, Context&) { return read_structure(file); };
  const auto edit = [&](Random& pick, Shader& s) {
    edit_once_or_twice(pick, seed, [&](unsigned k) { return Mutation(k, s, storage); });
    damage = pick.below(8) == 0;
    struct_dump = !s.subpass_inputs.empty() && pick.below(16) == 0;
  };
  const auto write = [&](const Shader& s) {
    vbc::Sections at;
    std::vector<uint8_t> file = vbc::write_shader(s, {.vsl_subpass_struct_dump = struct_dump}, &at);
    if (damage) damage_counts(file, at, s, damage_pick);
    return file;
  };
  return mutate_through_model(data, size, max_size, seed, bytes, read, edit, write);
}

size_t cross_over_vbc(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out,
                      size_t max_out_size, unsigned seed) {
  // libFuzzer offers the crossover for half of its mutations, and reading
  // two files is most of a mutation's cost: three offers in four are
  // declined (libFuzzer then picks again), so about one mutation in seven
  // is a crossover.
  if (seed % 4 != 0) return 0;
  std::optional<Shader> a = read_structure(Bytes(data1, size1));
  const std::optional<Shader> b = read_structure(Bytes(data2, size2));
  if (!a || !b) return 0;
  Random r(seed / 4);
  switch (r.below(4)) {
    case 0: a->bindings = b->bindings; break;
    case 1: {
      a->uniform = b->uniform;
      a->uniform_layout = b->uniform_layout;
      break;
    }
    default: {  // a stage of the second, in its own slot or any
      const size_t from = r.below(vbc::kStageCount);
      const size_t to = r.below(2) == 0 ? from : r.below(vbc::kStageCount);
      a->stages[to].code = b->stages[from].code;
    }
  }
  return copy_if_fits(vbc::write_shader(*a), out, max_out_size);
}

}  // namespace sp::fuzz
