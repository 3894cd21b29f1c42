#include "support/fxc_checks.h"

#include <algorithm>
#include <string>
#include <variant>
#include <vector>

#include "fxc/describe.h"
#include "fxc/opcodes.h"
#include "support/fuzz_check.h"

namespace sp::fuzz {
namespace {

struct Decoded {
  std::optional<fxc::Chunk> chunk;
  std::optional<Diagnostic> error;
  std::vector<Diagnostic> warnings;
};

Decoded decode(const fxc::ChunkKind& kind, Bytes data, const Limits& limits) {
  Context ctx(limits, data.size());
  const FieldPath root = FieldPath::root();
  Decoded d;
  fxc::Chunk chunk;
  const bool ok = fxc::parse_chunk(kind, fxc::ChunkScope{data, 0, root, ctx}, chunk);
  check(ok != ctx.failed(), "the decoder's return value disagrees with its Context",
        ctx.error() ? ctx.error()->to_string() : "returned false without an error");
  d.error = ctx.take_error();
  d.warnings = ctx.take_warnings();
  if (ok) d.chunk = std::move(chunk);
  return d;
}

void check_chunk_error_shape(const Diagnostic& d, Bytes data) {
  check(d.code != Code::internal_error, "the decoder reports an internal error", d.to_string());
  check(d.unit == OffsetUnit::byte && d.offset <= data.size(), "the error's offset is outside the chunk",
        d.to_string());
  check(!d.path.empty() || d.code == Code::truncated, "an error inside the chunk has no path", d.to_string());
}

// The instruction of a program chunk that holds byte `offset`, by its
// opcode's name ("the header" before the first); nothing for the other
// chunks, whose writers the byte alone tells apart well enough.
std::string program_field_at(const fxc::ChunkModel& model, uint64_t offset) {
  const auto* program = std::get_if<fxc::Program>(&model);
  if (program == nullptr) return {};
  const auto& instructions = program->instructions;
  const auto after = std::upper_bound(instructions.begin(), instructions.end(), offset,
                                      [](uint64_t at, const fxc::Instruction& i) { return at < i.offset; });
  if (after == instructions.begin()) return "the header";
  const fxc::OpcodeInfo* info = fxc::opcode_info(static_cast<uint32_t>((after - 1)->opcode()));
  return "a " + std::string(info != nullptr ? info->name : "?") + " instruction";
}

}  // namespace

std::optional<fxc::Chunk> decode_chunk_checked(const fxc::ChunkKind& kind, Bytes data, const Limits& limits,
                                               RoundTrip round_trip) {
  Decoded a = decode(kind, data, limits);
  const MisalignedCopy moved(data);
  const Decoded b = decode(kind, moved.bytes(), limits);
  check_same_diagnostics(a.error, a.warnings, b.error, b.warnings);
  if (a.error) check_chunk_error_shape(*a.error, data);
  if (!a.chunk) return std::nullopt;
  const std::vector<uint8_t> written = kind.write(a.chunk->model);
  check_same_bytes(kind.write(b.chunk->model), written, "another alignment gives another model");
  const nlohmann::ordered_json tree = fxc::describe(*a.chunk);
  check(!tree.empty(), "describe gave nothing");
  if (round_trip == RoundTrip::exact) {
    check_same_bytes(written, data, "write(decode(x)) is not x",
                     [&](uint64_t at) { return program_field_at(a.chunk->model, at); });
  } else {
    const Decoded again = decode(kind, written, limits);
    check(again.chunk.has_value(), "the writer's bytes do not decode", again.error ? again.error->to_string() : "");
    check(fxc::describe(*again.chunk) == tree, "decode(write(decode(x))) is not decode(x)");
    check_same_bytes(kind.write(again.chunk->model), written, "writing is not a fixed point");
  }
  return std::move(a.chunk);
}

}  // namespace sp::fuzz
