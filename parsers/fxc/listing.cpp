// The listing's frame: which parts of the container it prints, in fxc's
// order: the header (RDEF, SFI0, the signatures, IFCE), the Level9 part's
// sections (Aon9), the program, STAT's instruction count.
#include "fxc/listing.h"

#include "core/strings.h"
#include "d3d9/level9.h"
#include "d3d9/listing.h"
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

// The index of the first part whose fourcc is one of `tags`, or the part
// count when there is none.
size_t part_index(const dxc::Container& c, std::initializer_list<std::string_view> tags) {
  for (size_t i = 0; i < c.parts.size(); ++i)
    for (std::string_view tag : tags)
      if (fourcc_text(c.parts[i].fourcc) == tag) return i;
  return c.parts.size();
}

// The part named `tag`, when there is one, decoded into `out` (and `found`
// pointed at it).
template <typename T>
bool decode_if_present(const dxc::Container& c, std::string_view tag, const Limits& limits, T& out, const T*& found,
                       std::optional<Diagnostic>& error) {
  const size_t index = part_index(c, {tag});
  if (index == c.parts.size()) return true;
  if (!decode(c, index, limits, out, error)) return false;
  found = &out;
  return true;
}

// The first part named one of `tags`, as the container decoded it (null
// when there is none).
const dxc::Signature* signature(const dxc::Container& c, std::initializer_list<std::string_view> tags) {
  const size_t index = part_index(c, tags);
  return index < c.parts.size() ? dxc::content_if<dxc::Signature>(c.parts[index]) : nullptr;
}

// The Level9 part (d3d9/level9.h), when the container has one, decoded
// into `out`, its diagnostics under the part's path.
bool decode_level9(const dxc::Container& c, const Limits& limits, std::optional<d3d9::Level9>& out,
                   std::optional<Diagnostic>& error) {
  const size_t index = part_index(c, {"Aon9"});
  if (index == c.parts.size()) return true;
  const dxc::Part& p = c.parts[index];
  Context ctx(limits, p.data.size());
  const std::string path = strprintf("parts[%zu].Aon9.d3d9", index);
  const FieldPath root = FieldPath::root(path);
  if (!d3d9::parse_level9(p.data, p.offset + 8, root, ctx, out.emplace()) || ctx.failed()) {
    error = ctx.take_error();
    return false;
  }
  return true;
}

}  // namespace

bool write_listing(Bytes container, const Limits& limits, TextBuffer& out, std::optional<Diagnostic>& error,
                   std::string_view version) {
  dxc::ParseOptions options;
  options.limits = limits;
  options.verify_digest = false;
  dxc::ParseResult r = dxc::parse_container(container, options);
  if (!r.ok()) {
    error = r.error;
    return false;
  }
  const dxc::Container& c = *r.container;
  const size_t program_index = part_index(c, {"SHDR", "SHEX"});
  if (program_index == c.parts.size()) {
    error = Diagnostic{Code::invalid_value, 0, "", "the container has no SHDR or SHEX part to list"};
    return false;
  }
  Program program;
  if (!decode(c, program_index, limits, program, error)) return false;
  HeaderParts parts{program};
  Rdef rdef;
  Interfaces interfaces;
  std::optional<d3d9::Level9> level9;
  if (!decode_if_present(c, "RDEF", limits, rdef, parts.rdef, error) ||
      !decode_if_present(c, "IFCE", limits, interfaces, parts.interfaces, error) || !decode_level9(c, limits, level9, error))
    return false;
  parts.patch_constants = signature(c, {"PCSG", "PSG1"});
  parts.inputs = signature(c, {"ISGN", "ISG1"});
  parts.outputs = signature(c, {"OSGN", "OSG5", "OSG1"});
  if (const dxc::Part* sfi0 = find_part(c, "SFI0"))
    if (const auto* info = dxc::content_if<dxc::FeatureInfo>(*sfi0)) parts.features = info->flags;
  if (version.empty() && parts.rdef != nullptr) version = rdef.creator.text.bytes();
  const ListingQuirks& quirks = listing_quirks(version);
  // Structures shared in RDEF print once per use: the text is bounded like
  // every dump's (limits.max_text_per_input_byte).
  const size_t budget = size_t{limits.max_text_per_input_byte} * container.size() + 4096;
  if (!list_header(parts, quirks, out, budget)) {
    const dxc::Part* rdef_part = find_part(c, "RDEF");
    error = Diagnostic{Code::limit_exceeded, rdef_part != nullptr ? rdef_part->offset : 0, "",
                       "the listing outgrows " +
                           limit_text(&Limits::max_text_per_input_byte, limits.max_text_per_input_byte) +
                           " times the input"};
    return false;
  }
  // fxc prints the Level9 part after the signatures, before the SM4 program.
  if (level9) d3d9::list_level9(*level9, out);
  list_program(program, quirks, parts.rdef == nullptr, out);
  // A file without STAT (/Qstrip_reflect) lists 0 slots.
  const dxc::Part* stat = find_part(c, "STAT");
  const uint32_t slots = stat != nullptr && stat->data.size() >= 4 ? load_le<uint32_t>(stat->data.data()) : 0;
  out.append(strprintf("// Approximately %u instruction slots used\n", slots));
  return true;
}

}  // namespace sp::fxc
