#include "support/bitstream_checks.h"

#include "support/fuzz_check.h"

namespace sp::fuzz {

void check_error_shape(const Diagnostic& d, Bytes input) {
  check(d.code != Code::internal_error, "the reader reports an internal error", d.to_string());
  const uint64_t end = d.unit == OffsetUnit::bit ? uint64_t{input.size()} * 8 : input.size();
  check(d.offset <= end, "the error's offset is outside the input", d.to_string());
  // Only the stream's own framing (its size, a magic cut short, the
  // wrapper, counted in bytes) fails outside any block, record or abbrev;
  // every other error names where it is.
  const bool framing = d.unit == OffsetUnit::byte || d.code == Code::bitstream_size || d.code == Code::truncated ||
                       d.code == Code::bad_magic || d.code == Code::no_module;
  check(!d.path.empty() || framing, "an error inside the stream has no path", d.to_string());
}

}  // namespace sp::fuzz
