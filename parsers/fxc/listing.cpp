// The listing's frame: which chunks of the container it prints, in fxc's
// order.
#include "fxc/listing.h"

#include <cstring>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "fxc/chunks.h"

namespace sp::fxc {
namespace {

const dxc::Part* find_part(const dxc::Container& c, std::string_view tag) {
  for (const dxc::Part& p : c.parts)
    if (fourcc_text(p.fourcc) == tag) return &p;
  return nullptr;
}

// A chunk of the container decoded by its kind, its diagnostics under the
// part's path (as `check` reports them).
template <typename T>
bool decode(const dxc::Container& c, size_t index, const Limits& limits, T& out, std::optional<Diagnostic>& error) {
  const dxc::Part& p = c.parts[index];
  const std::string tag = fourcc_text(p.fourcc);
  const ChunkKind* kind = chunk_kind(tag);
  Context ctx(limits, p.data.size());
  const std::string path = strprintf("parts[%zu].%s.fxc", index, tag.c_str());
  const FieldPath root = FieldPath::root(path);
  Chunk chunk;
  const ChunkScope s{p.data, p.offset + 8, root, ctx};
  if (kind == nullptr || !parse_chunk(*kind, s, chunk) || ctx.failed()) {
    error = ctx.take_error();
    return false;
  }
  out = std::move(std::get<T>(chunk.model));
  return true;
}

// RDEF's creator string (the word at byte 24 is its offset), which picks
// the listing's quirks; empty when RDEF is absent or its string is not
// NUL-terminated inside the chunk.
std::string_view creator(const dxc::Container& c) {
  const dxc::Part* rdef = find_part(c, "RDEF");
  if (rdef == nullptr || rdef->data.size() < 28) return {};
  const uint32_t at = load_le<uint32_t>(rdef->data.data() + 24);
  if (at >= rdef->data.size()) return {};
  const auto* begin = reinterpret_cast<const char*>(rdef->data.data()) + at;
  const size_t room = rdef->data.size() - at;
  const size_t length = strnlen(begin, room);
  return length == room ? std::string_view{} : std::string_view(begin, length);
}

}  // namespace

bool write_listing(Bytes container, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error) {
  dxc::ParseOptions options;
  options.limits = limits;
  options.verify_digest = false;
  dxc::ParseResult r = dxc::parse_container(container, options);
  if (!r.ok()) {
    error = r.error;
    return false;
  }
  const dxc::Container& c = *r.container;
  size_t program_index = c.parts.size();
  for (size_t i = 0; i < c.parts.size(); ++i) {
    const std::string tag = fourcc_text(c.parts[i].fourcc);
    if (tag == "SHDR" || tag == "SHEX") program_index = i;
  }
  if (program_index == c.parts.size()) {
    error = Diagnostic{Code::invalid_value, 0, "", "the container has no SHDR or SHEX part to list"};
    return false;
  }
  Program program;
  if (!decode(c, program_index, limits, program, error)) return false;
  list_program(program, listing_quirks(creator(c)), out);
  if (const dxc::Part* stat = find_part(c, "STAT"); stat != nullptr && stat->data.size() >= 4)
    out.append(strprintf("// Approximately %u instruction slots used\n", load_le<uint32_t>(stat->data.data())));
  return true;
}

}  // namespace sp::fxc
