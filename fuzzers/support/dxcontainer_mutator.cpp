#include "support/dxcontainer_mutator.h"

#include <algorithm>
#include <array>
#include <deque>
#include <optional>
#include <vector>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/part_kinds.h"
#include "dxcontainer/writer.h"
#include "support/dxcontainer_content_mutation.h"
#include "support/model_mutation.h"
#include "support/random.h"

namespace sp::fuzz {
namespace {

using dxc::Container;
using dxc::Part;

// Real containers hold at most about 14 parts; beyond that, adding more
// only slows every execution down.
constexpr size_t kMaxPartsToGrow = 16;

class Mutation {
 public:
  Mutation(unsigned seed, ByteMutator bytes) : r_(seed), bytes_(bytes) {}

  size_t below(size_t n) { return r_.below(n); }

  // New bytes for a part; the deque keeps earlier blocks where they are.
  std::vector<uint8_t>& own(Bytes from) { return store_.emplace_back(from.begin(), from.end()); }

  void mutate_bytes(Part& p, size_t budget) {
    std::vector<uint8_t>& b = own(p.data);
    const size_t capacity = std::max<size_t>(b.size(), std::min(budget, b.size() * 2 + 64));
    b.resize(capacity);
    b.resize(bytes_(b.data(), p.data.size(), capacity));
    p.data = b;
  }

  // Overwrites one aligned word (counts, offsets and sizes are u32 in every
  // part) with a boundary value or one derived from the part's size.
  void poke_word(Part& p) {
    if (p.data.size() < 4) return mutate_bytes(p, 64);
    std::vector<uint8_t>& b = own(p.data);
    const size_t at = below(b.size() / 4) * 4;
    const uint32_t size = static_cast<uint32_t>(b.size());
    const std::array<uint32_t, 4> derived = {size, size - static_cast<uint32_t>(at), size + 1, size / 4};
    const uint32_t value = below(4) == 0 ? derived[below(derived.size())] : r_.interesting();
    store_le_at(b, at, value);
    p.data = b;
  }

  void resize(Part& p) {
    std::vector<uint8_t>& b = own(p.data);
    if (!b.empty() && below(2) == 0) {
      b.resize(below(b.size()));
    } else {
      b.resize(b.size() + 1 + below(32), 0);
    }
    p.data = b;
  }

  // Changes the decoded content of one part, starting the search for a part
  // that has some at a random one; false when none has.
  bool mutate_content(Container& c) {
    const size_t n = c.parts.size(), start = below(n);
    for (size_t k = 0; k < n; ++k)
      if (fuzz::mutate_content(c.parts[(start + k) % n], r_)) return true;
    return false;
  }

  // One structural change to c; `budget` bounds the growth in bytes.
  void mutate(Container& c, size_t budget) {
    auto& parts = c.parts;
    size_t op = parts.empty() ? 5 : below(8);
    if ((op == 4 || op == 5) && parts.size() >= kMaxPartsToGrow) op = 3;  // drop instead of growing
    Part* p = parts.empty() ? nullptr : &parts[below(parts.size())];
    switch (op) {
      case 0: return mutate_bytes(*p, budget);
      case 1: return poke_word(*p);
      case 2: return resize(*p);
      case 3:
        parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(p - parts.data()));
        return;
      case 4: {
        const Part copy = *p;
        parts.insert(parts.begin() + static_cast<std::ptrdiff_t>(below(parts.size() + 1)), copy);
        return;
      }
      case 5: {
        Part fresh;
        if (below(2) == 0) {
          fresh = fresh_decoded_part(r_);
        } else {
          fresh.fourcc = dxc::kPartKinds[below(dxc::kPartKinds.size())];
          // Another part's bytes are a better start than nothing: most
          // parts begin with a count or a size.
          if (!parts.empty()) fresh.data = parts[below(parts.size())].data;
        }
        parts.insert(parts.begin() + static_cast<std::ptrdiff_t>(below(parts.size() + 1)), fresh);
        return;
      }
      case 6:
        std::swap(*p, parts[below(parts.size())]);
        return;
      default:
        p->fourcc = dxc::kPartKinds[below(dxc::kPartKinds.size())];
        return;
    }
  }

 private:
  Random r_;
  ByteMutator bytes_;
  std::deque<std::vector<uint8_t>> store_;
};

}  // namespace

size_t mutate_container(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  Mutation m(seed, bytes);
  // Byte mutations inside a part keep the container layer intact (a stale
  // digest is only a warning) and their inputs, mostly rejected early, run
  // fast; so they stay the majority and the structural ones do what they
  // cannot. One in six found more than one in three or seven in eight from
  // the same seeds (bench/README.md, "Fuzzing rates").
  if (m.below(6) != 0) return bytes(data, size, max_size);
  const std::vector<uint8_t> input(data, data + size);
  // Half of the structural changes go to a part's decoded content, when the
  // whole input parses (the writer signs the result, so the digest need not
  // be checked here).
  if (m.below(2) == 0) {
    dxc::ParseOptions unchecked_digest;
    unchecked_digest.verify_digest = false;
    dxc::ParseResult parsed = dxc::parse_container(input, unchecked_digest);
    if (parsed.ok() && m.mutate_content(*parsed.container)) {
      const size_t written = copy_if_fits(dxc::write_container(*parsed.container), data, max_size);
      if (written != 0) return written;
    }
  }
  std::optional<Container> c = dxc::read_container_layer(input);
  if (!c) return bytes(data, size, max_size);
  m.mutate(*c, max_size > size ? max_size - size : 0);
  const size_t written = copy_if_fits(dxc::write_container(*c), data, max_size);
  return written != 0 ? written : bytes(data, size, max_size);
}

size_t cross_over_containers(const uint8_t* data1, size_t size1, const uint8_t* data2, size_t size2, uint8_t* out,
                             size_t max_out_size, unsigned seed) {
  Mutation m(seed, nullptr);
  const std::vector<uint8_t> first(data1, data1 + size1), second(data2, data2 + size2);
  std::optional<Container> a = dxc::read_container_layer(first);
  std::optional<Container> b = dxc::read_container_layer(second);
  if (!a || !b || b->parts.empty()) return 0;
  const Part& donor = b->parts[m.below(b->parts.size())];
  auto& parts = a->parts;
  // Substitute rather than insert once the container is a handful of parts:
  // endless insertion makes inputs, and every execution, ever longer.
  if (parts.size() >= kMaxPartsToGrow || (!parts.empty() && m.below(2) == 0)) {
    parts[m.below(parts.size())] = donor;
  } else {
    parts.insert(parts.begin() + static_cast<std::ptrdiff_t>(m.below(parts.size() + 1)), donor);
  }
  return copy_if_fits(dxc::write_container(*a), out, max_out_size);
}

}  // namespace sp::fuzz
