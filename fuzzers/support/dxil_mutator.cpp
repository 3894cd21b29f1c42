#include "support/dxil_mutator.h"

#include <cstring>
#include <optional>
#include <vector>

#include "core/bytes.h"
#include "dxcontainer/container.h"
#include "dxcontainer/writer.h"
#include "support/bitstream_mutator.h"
#include "support/random.h"

namespace sp::fuzz {
namespace {

constexpr uint32_t kDxil = make_fourcc('D', 'X', 'I', 'L');

// The DXIL part's bitcode edited, the container written again by the
// project's writer (which sizes the program header to the new bitcode and
// signs the file), or nothing when the input does not parse or has no
// DXIL part.
std::optional<std::vector<uint8_t>> with_edited_bitcode(Bytes input, size_t max_size, unsigned seed, ByteMutator bytes) {
  dxc::ParseOptions unchecked_digest;
  unchecked_digest.verify_digest = false;
  dxc::ParseResult parsed = dxc::parse_container(input, unchecked_digest);
  if (!parsed.ok()) return std::nullopt;
  for (dxc::Part& part : parsed.container->parts) {
    const auto* program = part.fourcc == kDxil ? dxc::content_if<dxc::Program>(part) : nullptr;
    if (program == nullptr) continue;
    std::vector<uint8_t> bitcode(program->bitcode.begin(), program->bitcode.end());
    const size_t size = bitcode.size();
    bitcode.resize(size + (max_size > input.size() ? max_size - input.size() : 0));
    bitcode.resize(mutate_bitstream(bitcode.data(), size, bitcode.size(), seed, bytes));
    part.content = dxc::Program{program->header, bitcode};
    std::vector<uint8_t> out = dxc::write_container(*parsed.container);
    if (out.size() > max_size) return std::nullopt;
    return out;
  }
  return std::nullopt;
}

}  // namespace

size_t mutate_dxil_container(uint8_t* data, size_t size, size_t max_size, unsigned seed, ByteMutator bytes) {
  Random r(seed);
  if (r.below(2) == 0) {
    if (const auto out = with_edited_bitcode(Bytes(data, size), max_size, seed, bytes)) {
      std::memcpy(data, out->data(), out->size());
      return out->size();
    }
  }
  return mutate_container(data, size, max_size, seed, bytes);
}

}  // namespace sp::fuzz
