// The program model's editing helpers (program.h): every change appends
// to a pool and moves a range, so no caller does index arithmetic and no
// other instruction's ranges move.
#include <functional>
#include <stdexcept>

#include "fxc/program.h"

namespace sp::fxc {
namespace {

// The range `n` more entries of `pool` would take. Ranges count in 32
// bits; a decoded program stays far below (its length bounds every pool),
// an editor that grows one past them is stopped here.
template <typename T>
Range next_range(const std::vector<T>& pool, size_t n) {
  if (pool.size() > UINT32_MAX || n > UINT32_MAX - pool.size())
    throw std::length_error("a program pool outgrows 32-bit ranges");
  return {static_cast<uint32_t>(pool.size()), static_cast<uint32_t>(n)};
}

template <typename T>
Range append(std::vector<T>& pool, std::span<const T> items) {
  const Range r = next_range(pool, items.size());
  // The items may be in the pool (one instruction's words given to
  // another): growing it would move them, so they are copied first.
  const std::less<const T*> before;
  if (!items.empty() && !before(items.data(), pool.data()) && before(items.data(), pool.data() + pool.size())) {
    const std::vector<T> copy(items.begin(), items.end());
    pool.insert(pool.end(), copy.begin(), copy.end());
  } else {
    pool.insert(pool.end(), items.begin(), items.end());
  }
  return r;
}

// `r` with one more entry, `value`, at the end of the pool: in place when
// `r` ends the pool, else after a copy of its entries there.
template <typename T>
void push(std::vector<T>& pool, Range& r, const T& value) {
  const T item = value;  // `value` may be in the pool, which may move
  if (r.first > pool.size() || r.count > pool.size() - r.first) r = {};  // names nothing
  if (r.count == 0 || r.first + size_t{r.count} != pool.size()) {
    const std::vector<T> moved(pool.begin() + r.first, pool.begin() + r.first + r.count);
    r = append(pool, std::span<const T>(moved));
  }
  next_range(pool, 1);
  pool.push_back(item);
  ++r.count;
}

}  // namespace

void Program::set_operands(Instruction& in, std::span<const Operand> operands) {
  in.operands = append(operand_pool, operands);
}
void Program::set_nested(Instruction& in, std::span<const Operand> nested) { in.nested = append(nested_pool, nested); }
void Program::set_words(Instruction& in, std::span<const uint32_t> words) { in.words = append(word_pool, words); }
void Program::set_extended(Instruction& in, std::span<const uint32_t> tokens) {
  in.extended = append(word_pool, tokens);
}
void Program::set_extended(Operand& o, std::span<const uint32_t> tokens) { o.extended = append(word_pool, tokens); }
void Program::set_immediates(Operand& o, std::span<const uint32_t> values) {
  o.immediates = append(word_pool, values);
}

void Program::add_operand(Instruction& in, const Operand& o) { push(operand_pool, in.operands, o); }

void Program::add_nested(Instruction& in, const Operand& o) { push(nested_pool, in.nested, o); }

void Program::add_word(Instruction& in, uint32_t word) { push(word_pool, in.words, word); }
void Program::add_extended(Instruction& in, uint32_t token) { push(word_pool, in.extended, token); }
void Program::add_extended(Operand& o, uint32_t token) { push(word_pool, o.extended, token); }

Operand Program::copy(const Operand& o) {
  Operand c = o;
  set_extended(c, extended(o));
  set_immediates(c, immediates(o));
  return c;
}

Instruction Program::copy(const Instruction& in) {
  Instruction c = in;
  set_extended(c, extended(in));
  set_words(c, words(in));
  const auto copies = [&](std::span<const Operand> list) {
    std::vector<Operand> out;
    for (const Operand& o : list) out.push_back(copy(o));
    return out;
  };
  set_operands(c, copies(operands(in)));
  set_nested(c, copies(nested(in)));
  return c;
}

}  // namespace sp::fxc
