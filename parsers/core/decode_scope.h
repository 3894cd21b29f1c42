// What every decoder of one structure of a file takes: the structure's own
// bytes (a DXContainer part, an fxc chunk: so each can be fuzzed and tested
// alone), `base`, the file offset of data[0] so diagnostics name file
// offsets, the field path of the structure (parts[3].SHEX.fxc) and the
// parse's Context. A decoder returns false after recording an error in
// ctx; on success its model is complete and its spans and string_views
// point into data. Lists go into `arena` (the heap when it is null) through
// make_list() and records().
#pragma once

#include <memory>
#include <utility>

#include "core/arena.h"
#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp {

struct DecodeScope {
  Bytes data;
  uint64_t base;
  const FieldPath& at;
  Context& ctx;
  Arena* arena = nullptr;

  // `n` value-initialised records in the parse's storage, for a list of the
  // decoder's own; a model's list is filled by make_list.
  template <typename T>
  [[nodiscard, gnu::always_inline]] Vec<T> records(size_t n = 0) const {
    return Vec<T>(n, ArenaAllocator<T>(arena));
  }

  // Makes `list` hold `n` value-initialised records in the parse's storage.
  // The list is rebuilt rather than move-assigned (which would adopt the
  // storage and the arena the same way, see ArenaAllocator): clang keeps
  // std::vector's move assignment out of line for several record types,
  // and the call then reads the new list's pointers back from memory, the
  // first two in one 16-byte load that waits for their separate stores to
  // drain (bench/README.md, bench_dxcontainer, "What was done" 7).
  template <typename T>
  [[gnu::always_inline]] void make_list(Vec<T>& list, size_t n) const {
    Vec<T> fresh = records<T>(n);
    std::destroy_at(&list);
    std::construct_at(&list, std::move(fresh));
  }
};

}  // namespace sp
