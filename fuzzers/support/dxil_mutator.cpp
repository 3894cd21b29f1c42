#include "support/dxil_mutator.h"

#include <algorithm>
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

// The program part rebuilt around new bitcode: its 24-byte header kept
// but for the part's size in words and the bitcode's offset (16, right
// after the bitcode header) and size; the bitcode padded to 4 bytes.
std::vector<uint8_t> program_with(Bytes part, const std::vector<uint8_t>& bitcode) {
  std::vector<uint8_t> out(part.begin(), part.begin() + static_cast<std::ptrdiff_t>(dxc::kProgramHeaderSize));
  out.insert(out.end(), bitcode.begin(), bitcode.end());
  out.resize((out.size() + 3) / 4 * 4);
  store_le(out.data() + 4, static_cast<uint32_t>(out.size() / 4));
  store_le(out.data() + 16, uint32_t{16});
  store_le(out.data() + 20, static_cast<uint32_t>(bitcode.size()));
  return out;
}

// The DXIL part's bitcode edited, or nothing when there is none to edit.
std::optional<std::vector<uint8_t>> with_edited_bitcode(Bytes input, size_t max_size, unsigned seed, ByteMutator bytes) {
  std::optional<dxc::Container> c = dxc::read_container_layer(input);
  if (!c) return std::nullopt;
  const auto part = std::find_if(c->parts.begin(), c->parts.end(), [](const dxc::Part& p) { return p.fourcc == kDxil; });
  if (part == c->parts.end() || part->data.size() < dxc::kProgramHeaderSize) return std::nullopt;
  const uint64_t offset = dxc::kBitcodeHeaderOffset + uint64_t{load_le<uint32_t>(part->data.data() + 16)};
  const uint64_t size = load_le<uint32_t>(part->data.data() + 20);
  if (offset > part->data.size() || size > part->data.size() - offset) return std::nullopt;
  std::vector<uint8_t> bitcode(part->data.begin() + static_cast<std::ptrdiff_t>(offset),
                               part->data.begin() + static_cast<std::ptrdiff_t>(offset + size));
  const size_t room = max_size > input.size() ? max_size - input.size() : 0;
  bitcode.resize(bitcode.size() + room);
  bitcode.resize(mutate_bitstream(bitcode.data(), static_cast<size_t>(size), bitcode.size(), seed, bytes));
  const std::vector<uint8_t> program = program_with(part->data, bitcode);
  part->data = program;
  std::vector<uint8_t> out = dxc::write_container(*c);
  if (out.size() > max_size) return std::nullopt;
  return out;
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
