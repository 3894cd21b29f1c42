// The frame the structure-aware mutators that edit a decoded model share
// (bitstream_mutator.cpp, fxc_mutator.cpp): one call in three, and every
// input the reader rejects, goes to the engine's byte mutator, which
// reaches what a writer never emits; otherwise the input is read into a
// model, edited, and written again, and an output that does not fit or
// equals the input goes to the byte mutator too.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "core/bytes.h"
#include "core/diagnostic.h"
#include "support/dxcontainer_mutator.h"  // ByteMutator
#include "support/random.h"

namespace sp::fuzz {

// `read(bytes, ctx)` gives the model (an std::optional), `edit(pick, model)`
// changes it, `write(model)` gives its bytes (a vector, or an optional of
// one when a model may not be writable). Returns the new size (<=
// max_size); deterministic for a given seed and byte mutator.
template <typename Read, typename Edit, typename Write>
size_t mutate_through_model(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes,
                            Read read, Edit edit, Write write) {
  Random pick(seed);
  if (pick.below(3) == 0) return bytes(data, size, max_size);
  // The model is all a mutator reads. With no warnings kept, the first is
  // counted and the rest dropped unformatted (Context::warn), and the
  // checks that stop once the Context keeps no more (shbin's) stop there.
  Limits limits;
  limits.max_warnings = 0;
  Context ctx(limits, size);
  auto model = read(Bytes(data, size), ctx);
  if (!model) return bytes(data, size, max_size);
  edit(pick, *model);
  const std::optional<std::vector<uint8_t>> out = write(*model);
  if (!out || out->size() > max_size || (out->size() == size && std::memcmp(out->data(), data, size) == 0))
    return bytes(data, size, max_size);
  if (!out->empty()) std::memcpy(data, out->data(), out->size());  // an empty vector's data() may be null
  return out->size();
}

// `bytes` copied to out[0, max_size) when they fit: their size, else 0 (a
// custom crossover's "nothing": libFuzzer then tries another mutation).
inline size_t copy_if_fits(const std::vector<uint8_t>& bytes, uint8_t* out, size_t max_size) {
  if (bytes.size() > max_size) return 0;
  std::memcpy(out, bytes.data(), bytes.size());
  return bytes.size();
}

// One or two edits, each by a fresh edit object `make(seed)` (indices into
// a model go stale after an edit), each with four tries to find something
// it applies to (its apply() returns false when the model has nothing for
// the edit it drew). `pick` draws how many.
template <typename Make>
void edit_once_or_twice(Random& pick, unsigned seed, Make make) {
  const size_t edits = 1 + pick.below(2);
  for (size_t i = 0; i < edits; ++i) {
    auto edit = make(seed + static_cast<unsigned>(i) * 7919u);
    for (int tries = 0; tries < 4 && !edit.apply(); ++tries) {
    }
  }
}

}  // namespace sp::fuzz
