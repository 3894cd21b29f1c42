#include "support/level9_mutator.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "d3d9/level9.h"
#include "support/random.h"

namespace sp::fuzz {
namespace {

// An entry of one of the four tables: added (a copy of one, or zeros),
// dropped, or one field set to a boundary value.
template <typename Entry>
void edit_table(std::vector<Entry>& table, Random& r) {
  switch (r.below(3)) {
    case 0:
      table.push_back(table.empty() ? Entry{} : table[r.below(table.size())]);
      break;
    case 1:
      if (!table.empty()) table.erase(table.begin() + static_cast<std::ptrdiff_t>(r.below(table.size())));
      break;
    default: {
      if (table.empty()) return;
      Entry& e = table[r.below(table.size())];
      // Every field is 1 or 2 bytes wide: a byte of the entry, set.
      auto* bytes = reinterpret_cast<uint8_t*>(&e);
      bytes[r.below(sizeof(Entry))] = static_cast<uint8_t>(r.interesting());
    }
  }
}

// One header field of the written part set off by one or to a boundary.
void damage_header(std::vector<uint8_t>& part, Random& r) {
  if (part.size() < d3d9::kLevel9HeaderSize) return;
  if (r.below(2) == 0) {
    const size_t at = 4 * r.below(4);  // size, version, program size, offset
    uint32_t v = load_le<uint32_t>(part.data() + at);
    v = r.below(2) == 0 ? v + static_cast<uint32_t>(r.below(3)) - 1 : r.interesting();
    store_le_at(part, at, v);
  } else {
    const size_t at = 16 + 2 * r.below(10);  // a table's count or offset
    uint16_t v = load_le<uint16_t>(part.data() + at);
    v = r.below(2) == 0 ? static_cast<uint16_t>(v + r.below(3) - 1) : static_cast<uint16_t>(r.interesting());
    store_le_at(part, at, v);
  }
}

}  // namespace

size_t mutate_level9(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  Random r(seed);
  const Limits limits;
  Context ctx(limits, size);
  d3d9::Level9 l;
  // The model views `copy`, which the program's byte mutation may replace.
  std::vector<uint8_t> copy(data, data + size);
  if (r.below(3) == 0 || !d3d9::parse_level9(copy, 0, ctx, l)) return bytes(data, size, max_size);
  std::vector<uint8_t> program;
  switch (r.below(5)) {
    case 0:
      edit_table(l.constant_buffers, r);
      break;
    case 1:
      edit_table(l.samplers, r);
      break;
    case 2:
      edit_table(l.runtime_constants, r);
      break;
    case 3:
      edit_table(l.loops, r);
      break;
    default: {
      // The program's bytes through the byte mutator, read back into the
      // model (a program the reader rejects stays as it was written).
      program = d3d9::write_program(l.program);
      const size_t used = program.size();
      const size_t room = used + (max_size > size ? max_size - size : 0);
      program.resize(room);
      program.resize(bytes(program.data(), used, room));
      Context again(limits, program.size());
      d3d9::Program mutated;
      if (d3d9::parse_program(program, 0, again, mutated)) l.program = mutated;
    }
  }
  d3d9::lay_out(l);
  std::vector<uint8_t> out = d3d9::write_level9(l);
  if (r.below(4) == 0) damage_header(out, r);
  if (out.size() > max_size) return bytes(data, size, max_size);
  std::memcpy(data, out.data(), out.size());
  return out.size();
}

}  // namespace sp::fuzz
