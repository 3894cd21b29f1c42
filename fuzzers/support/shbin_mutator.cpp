#include "support/shbin_mutator.h"

#include <optional>
#include <string>
#include <vector>

#include "conformance/shbin/samples.h"
#include "shbin/model.h"
#include "shbin/pica.h"
#include "support/model_mutation.h"

namespace sp::fuzz {
namespace {

using shbin::Dvle;
using shbin::Layout;
using shbin::Shbin;
namespace pica = shbin::pica;

// Models stop growing here: real programs hold a few hundred words and a
// handful of DVLEs, and max_len bounds the file anyway. The descriptor
// index has 7 bits.
constexpr size_t kMaxWords = 1024;
constexpr size_t kMaxDescriptors = 128;
constexpr size_t kMaxEntries = 32;
constexpr size_t kMaxDvles = 16;
constexpr size_t kMaxOffsetEntries = 64;

// Opcode values no instruction has (opcodes.def).
constexpr uint32_t kUndefined[] = {0x10, 0x11, 0x14, 0x15, 0x16, 0x17, 0x1C, 0x1D, 0x1E, 0x1F};
// The uniform register space's class edges (model.h: v 0x00-0x0F, c
// 0x10-0x6F, i 0x70-0x73, b 0x78-0x87) and a value past them all.
constexpr uint16_t kUniformEdges[] = {0x00, 0x0F, 0x10, 0x6F, 0x70, 0x73, 0x74, 0x77, 0x78, 0x87, 0x88, 0xFFFF};
// Register indices around each register file's end (b16, i4, c96, o16).
constexpr uint16_t kIndexEdges[] = {0, 1, 3, 4, 15, 16, 17, 95, 96, 0xFFFF};
// float24 words: 0, 1.0, -1.0, the largest, the unused high byte set.
constexpr uint32_t kFloat24[] = {0, 0x3F0000, 0xBF0000, 0x7FFFFF, 0xFFFFFFFF, 1};
constexpr const char* kNames[] = {"", "a", "projection", "gsh.scale", "main", "\xFF\x01",
                                  "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"};
constexpr uint16_t kVersions[] = {0, 0x1002, 0xFFFF};

class ShbinMutation {
 public:
  ShbinMutation(unsigned seed, Shbin& s, Layout& layout) : r_(seed), s_(s), layout_(layout) {}

  // One edit; false when the model has nothing it applies to.
  bool apply() {
    switch (r_.below(10)) {
      case 0:
      case 1: return code();
      case 2: return descriptors();
      case 3:
      case 4: return entry();
      case 5:
      case 6: return header();
      case 7: return dvles();
      case 8: return lines();
      default: return layout();
    }
  }

 private:
  size_t below(size_t n) { return r_.below(n); }
  uint32_t below32(size_t n) { return static_cast<uint32_t>(r_.below(n)); }
  bool coin() { return r_.below(2) == 0; }
  template <typename T, size_t N>
  T one_of(const T (&values)[N]) {
    return values[r_.below(N)];
  }

  [[nodiscard]] uint32_t code_size() const { return static_cast<uint32_t>(s_.dvlp.code.size()); }

  // A code address the checks test: the start, the last word, the end,
  // past it, anywhere.
  uint32_t address() {
    const uint32_t n = code_size();
    switch (below(5)) {
      case 0: return 0;
      case 1: return n == 0 ? 0 : n - 1;
      case 2: return n;
      case 3: return n + 1;
      default: return below(3) == 0 ? r_.interesting() : below32(n + 1);
    }
  }

  std::string name() { return one_of(kNames); }

  // A fresh word: an instruction of any row of opcodes.def with every field
  // drawn (descriptors mostly inside the table, targets on boundaries), now
  // and then an undefined opcode.
  uint32_t instruction() {
    if (below(12) == 0) return one_of(kUndefined) << 26 | below32(1u << 26);
    const auto rows = pica::all_opcodes();
    pica::Instruction in = pica::decode(uint32_t{rows[below(rows.size())].first} << 26);
    in.dest = static_cast<uint8_t>(below(32));
    in.src1 = static_cast<uint8_t>(below(128));
    in.src2 = static_cast<uint8_t>(below(128));
    in.src3 = static_cast<uint8_t>(below(128));
    in.relative = static_cast<uint8_t>(below(4));
    in.descriptor = static_cast<uint8_t>(below(4) == 0 ? below(128) : below(s_.dvlp.descriptors.size() + 1));
    in.compare_x = static_cast<uint8_t>(below(8));
    in.compare_y = static_cast<uint8_t>(below(8));
    in.dst = static_cast<uint16_t>(address());
    in.num = static_cast<uint8_t>(coin() ? below(4) : below(256));
    in.condition = static_cast<uint8_t>(below(4));
    in.ref_x = coin();
    in.ref_y = coin();
    in.uniform = static_cast<uint8_t>(below(16));
    in.vertex = static_cast<uint8_t>(below(4));
    in.primitive = coin();
    in.winding = coin();
    if (below(8) == 0) in.unused = r_.interesting();
    return pica::encode(in);
  }

  // A list edit: an entry inserted fresh, dropped, duplicated, or changed.
  template <typename T, typename Fresh, typename Change>
  bool list(std::vector<T>& v, size_t most, Fresh fresh, Change change) {
    switch (below(4)) {
      case 0:
        if (v.size() >= most) return false;
        v.insert(v.begin() + static_cast<ptrdiff_t>(below(v.size() + 1)), fresh());
        return true;
      case 1:
        if (v.empty()) return false;
        v.erase(v.begin() + static_cast<ptrdiff_t>(below(v.size())));
        return true;
      case 2: {
        if (v.empty() || v.size() >= most) return false;
        const T copy = v[below(v.size())];
        v.insert(v.begin() + static_cast<ptrdiff_t>(below(v.size() + 1)), copy);
        return true;
      }
      default:
        if (v.empty()) return false;
        change(v[below(v.size())]);
        return true;
    }
  }

  // Code words: fresh instructions, a flow target or a descriptor index on
  // a boundary, a bit flipped.
  bool code() {
    return list(s_.dvlp.code, kMaxWords, [&] { return instruction(); }, [&](uint32_t& w) {
      pica::Instruction in = pica::decode(w);
      switch (below(4)) {
        case 0: w = instruction(); return;
        case 1:
          in.dst = static_cast<uint16_t>(address());
          in.num = static_cast<uint8_t>(coin() ? below(3) : 255);
          break;
        case 2: in.descriptor = static_cast<uint8_t>(s_.dvlp.descriptors.size() - below(2)); break;
        default: w ^= 1u << below(32); return;
      }
      w = pica::encode(in);
    });
  }

  bool descriptors() {
    const auto fresh = [&] {
      return shbin::OperandDescriptor{below32(16) | below32(1u << 27) << 4 | (below(8) == 0 ? 1u << 31 : 0), 0};
    };
    return list(s_.dvlp.descriptors, kMaxDescriptors, fresh, [&](shbin::OperandDescriptor& d) {
      if (coin()) {
        d = fresh();
      } else {
        d.unused = r_.interesting();
      }
    });
  }

  Dvle* any_dvle() { return s_.dvles.empty() ? nullptr : &s_.dvles[below(s_.dvles.size())]; }

  shbin::Constant constant() {
    shbin::Constant c;
    c.type = static_cast<uint16_t>(below(8) == 0 ? one_of(kIndexEdges) : below(3));
    c.index = below(4) == 0 ? one_of(kIndexEdges) : static_cast<uint16_t>(below(16));
    for (uint32_t& v : c.value) v = one_of(kFloat24);
    return c;
  }

  shbin::Uniform uniform() {
    shbin::Uniform u;
    u.first = one_of(kUniformEdges);
    u.last = below(4) == 0 ? one_of(kUniformEdges) : static_cast<uint16_t>(u.first + below(4));
    u.name = name();
    return u;
  }

  // An entry of one of a DVLE's tables.
  bool entry() {
    Dvle* d = any_dvle();
    if (d == nullptr) return false;
    switch (below(4)) {
      case 0:
        return list(d->constants, kMaxEntries, [&] { return constant(); }, [&](shbin::Constant& c) {
          switch (below(3)) {
            case 0: c.type = static_cast<uint16_t>(below(4) == 0 ? 0xFFFF : below(4)); break;
            case 1: c.index = one_of(kIndexEdges); break;
            default: c.value[below(4)] = below(2) == 0 ? r_.interesting() : one_of(kFloat24); break;
          }
        });
      case 1:
        return list(
            d->labels, kMaxEntries,
            [&] { return shbin::Label{0x10000 + below32(16), address(), below32(8), 0, name()}; },
            [&](shbin::Label& l) {
              switch (below(3)) {
                case 0: l.address = address(); break;
                case 1: l.name = name(); break;
                default: l.length = r_.interesting(); break;
              }
            });
      case 2:
        return list(
            d->outmaps, kMaxEntries,
            [&] {
              return shbin::Outmap{static_cast<uint16_t>(below(10)), static_cast<uint16_t>(below(16)),
                                   static_cast<uint16_t>(below(16)), 0};
            },
            [&](shbin::Outmap& o) {
              switch (below(4)) {
                case 0: o.semantic = static_cast<uint16_t>(below(4) == 0 ? 0xFFFF : below(11)); break;
                case 1: o.reg = one_of(kIndexEdges); break;
                case 2: o.mask = static_cast<uint16_t>(below(0x10000)); break;
                default: o.reserved = static_cast<uint16_t>(r_.interesting()); break;
              }
            });
      default:
        return list(d->uniforms, kMaxEntries, [&] { return uniform(); }, [&](shbin::Uniform& u) {
          switch (below(3)) {
            case 0: u.first = one_of(kUniformEdges); break;
            case 1: u.last = one_of(kUniformEdges); break;
            default: u.name = name(); break;
          }
        });
    }
  }

  // A field of a DVLE header, or the DVLP's version.
  bool header() {
    Dvle* d = any_dvle();
    if (d == nullptr || below(8) == 0) {
      s_.dvlp.version = coin() ? 0 : r_.interesting();
      return true;
    }
    switch (below(7)) {
      case 0: d->version = one_of(kVersions); break;
      case 1: d->type = static_cast<uint8_t>(below(4) == 0 ? 2 + below(254) : below(2)); break;
      case 2: d->flags = static_cast<uint8_t>(below(4) == 0 ? below(256) : below(4)); break;
      case 3: d->main = address(); break;
      case 4: d->endmain = address(); break;
      case 5:
        d->input_mask = static_cast<uint16_t>(below(0x10000));
        d->output_mask = static_cast<uint16_t>(below(0x10000));
        break;
      default:
        d->geometry_mode = static_cast<uint8_t>(below(4));
        d->fixed_vertex_start = static_cast<uint8_t>(below(256));
        d->variable_vertex_count = static_cast<uint8_t>(below(8));
        d->fixed_vertex_count = static_cast<uint8_t>(below(8));
        break;
    }
    return true;
  }

  // DVLEs and the offset table entries that name them.
  bool dvles() {
    std::vector<Dvle>& all = s_.dvles;
    std::vector<uint32_t>& entries = s_.dvle_of;
    switch (below(4)) {
      case 0:  // another copy, with an entry of its own (lay_out adds it)
        if (all.empty() || all.size() >= kMaxDvles) return false;
        all.push_back(all[below(all.size())]);
        return true;
      case 1: {  // a DVLE and every entry naming it dropped
        if (all.empty()) return false;
        const auto gone = static_cast<uint32_t>(below(all.size()));
        all.erase(all.begin() + gone);
        std::vector<uint32_t> kept;
        for (uint32_t e : entries)
          if (e != gone) kept.push_back(e > gone ? e - 1 : e);
        entries = std::move(kept);
        return true;
      }
      case 2:  // one more entry naming a DVLE another already names
        if (all.empty() || entries.size() >= kMaxOffsetEntries) return false;
        entries.insert(entries.begin() + static_cast<ptrdiff_t>(below(entries.size() + 1)), below32(all.size()));
        return true;
      default: {  // a fresh vertex or geometry shader with no tables
        if (all.size() >= kMaxDvles) return false;
        Dvle d;
        d.version = one_of(kVersions);
        d.type = static_cast<uint8_t>(below(2));
        d.geometry_mode = static_cast<uint8_t>(below(3));
        d.endmain = code_size();
        all.push_back(d);
        return true;
      }
    }
  }

  // Line information, which only picasso's header has room for.
  bool lines() {
    layout_ = Layout::picasso;
    constexpr const char* kFiles[] = {"main.v.pica", "", "lib/a.g.pica", "x"};
    return list(
        s_.dvlp.lines, kMaxWords, [&] { return shbin::LineInfo{0, below32(1000), one_of(kFiles)}; },
        [&](shbin::LineInfo& l) {
          if (coin()) {
            l.line = r_.interesting();
          } else {
            l.file = one_of(kFiles);
          }
        });
  }

  // The other writer's layout (nihstro's drops the line information).
  bool layout() {
    if (layout_ == Layout::nihstro) {
      layout_ = Layout::picasso;
    } else {
      layout_ = Layout::nihstro;
      s_.dvlp.lines.clear();
      s_.dvlp.strings = {};
    }
    return true;
  }

  Random r_;
  Shbin& s_;
  Layout& layout_;
};

// A table's offset or count off by one, past the end, wrapping in 32 bits
// (offset + origin, count * record), or a boundary value.
void damage_table(const sp::shbin::build::Table& t, uint64_t file_size, Random& r) {
  shbin::TableRef& ref = *t.ref;
  const uint64_t room = file_size - std::min(file_size, t.origin);  // bytes from its header to the end
  const uint32_t delta = r.below(2) == 0 ? 1u : ~0u;
  switch (r.below(6)) {
    case 0: ref.count += delta; break;
    case 1: ref.offset += delta; break;
    case 2: ref.offset = static_cast<uint32_t>(room + r.below(2)); break;
    case 3: ref.count = static_cast<uint32_t>((0x100000000 - (t.record == 1 ? ref.offset : 0) + t.record) / t.record); break;
    case 4: ref.offset = static_cast<uint32_t>(0x100000000 - t.origin + r.below(64)); break;
    default:
      if (r.below(2) == 0) {
        ref.count = r.interesting();
      } else {
        ref.offset = r.interesting();
      }
      break;
  }
}

// After lay_out: one offset, count or size of the file set wrong.
void damage(Shbin& s, Random& r, size_t max_size) {
  const uint32_t delta = r.below(2) == 0 ? 1u : ~0u;
  switch (r.below(6)) {
    case 0:
    case 1: {
      const std::vector<shbin::build::Table> tables = shbin::build::tables(s);
      damage_table(tables[r.below(tables.size())], s.file_size, r);
      return;
    }
    case 2:
      s.dvle_count = r.below(2) == 0 ? s.dvle_count + delta : r.interesting();
      return;
    case 3: {
      if (s.dvle_offsets.empty()) return;
      const uint32_t candidates[] = {static_cast<uint32_t>(s.file_size), static_cast<uint32_t>(s.file_size - 1),
                                     static_cast<uint32_t>(s.file_size - 0x20), static_cast<uint32_t>(s.dvlp.offset),
                                     r.interesting()};
      s.dvle_offsets[r.below(s.dvle_offsets.size())] = candidates[r.below(std::size(candidates))];
      return;
    }
    case 4: {  // a name past its table's end, or the table cut before its last NUL
      if (s.dvles.empty()) return;
      Dvle& d = s.dvles[r.below(s.dvles.size())];
      if (r.below(2) == 0 && d.symbol_table.count > 0) {
        --d.symbol_table.count;
      } else if (!d.uniforms.empty()) {
        d.uniforms[r.below(d.uniforms.size())].name_offset = r.below(2) == 0 ? d.symbol_table.count : r.interesting();
      } else if (!d.labels.empty()) {
        d.labels[r.below(d.labels.size())].name_offset = d.symbol_table.count + delta;
      }
      return;
    }
    default:  // cut anywhere, or bytes no structure claims added at the end
      if (r.below(2) == 0) {
        s.file_size = r.below(s.file_size);
      } else if (s.file_size < max_size) {
        std::string tail(1 + r.below(std::min<size_t>(16, max_size - s.file_size)), '\0');
        for (char& c : tail) c = static_cast<char>(1 + r.below(255));
        s.unclaimed.push_back({s.file_size, tail});
        s.file_size += tail.size();
      }
      return;
  }
}

}  // namespace

size_t mutate_shbin(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  const auto read = [](Bytes file, Context& ctx) {
    std::optional<Shbin> s(std::in_place);
    if (!shbin::parse_shbin(file, 0, ctx, *s)) s.reset();
    return s;
  };
  const auto edit = [&](Random& pick, Shbin& s) {
    Layout layout = s.dvlp.header_size == shbin::kPicassoDvlpSize ? Layout::picasso : Layout::nihstro;
    edit_once_or_twice(pick, seed, [&](unsigned each) { return ShbinMutation(each, s, layout); });
    shbin::lay_out(s, layout);
    if (pick.below(4) == 0) damage(s, pick, max_size);
  };
  // write_shbin allocates the model's file size: never more than fits.
  const auto write = [&](const Shbin& s) -> std::optional<std::vector<uint8_t>> {
    if (s.file_size > max_size) return std::nullopt;
    return shbin::write_shbin(s);
  };
  return mutate_through_model(data, size, max_size, seed, bytes, read, edit, write);
}

}  // namespace sp::fuzz
