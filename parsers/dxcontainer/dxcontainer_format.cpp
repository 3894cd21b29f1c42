// The DirectX container in the format registry (formats/format.h).
#include <algorithm>

#include "core/strings.h"
#include "dxcontainer/container.h"
#include "dxcontainer/describe.h"
#include "dxcontainer/obj2yaml.h"
#include "formats/format.h"

namespace sp::formats {
namespace {

using dxc::Container;

const Container& container_of(const Decoded& d) { return *static_cast<const Container*>(d.model.get()); }

dxc::ParseOptions parse_options(const Options& options) {
  dxc::ParseOptions out;
  out.limits = options.limits;
  out.verify_digest = options.verify_checksums;
  return out;
}

Decoded parse(Bytes input, uint64_t, const Options& options) {
  dxc::ParseResult r = dxc::parse_container(input, parse_options(options));
  Decoded d;
  d.error = std::move(r.error);
  d.warnings = std::move(r.warnings);
  if (r.container) d.model = std::make_shared<const Container>(std::move(*r.container));
  return d;
}

// From the header and the part offsets alone (identify must work on
// damaged files): DXIL when a part offset that fits points at a DXIL part,
// else DXBC; then the parts' names (`?` where the offset is past the file;
// the first 32: a line stays a line).
std::string identify(Bytes file) {
  const std::optional<dxc::Header> h = dxc::read_header(file);
  if (!h) return "dxcontainer (truncated header)";
  constexpr uint32_t kNamed = 32;
  std::string kind = "DXBC", names;
  for (uint32_t i = 0; i < h->part_count; ++i) {
    const std::optional<uint32_t> off = dxc::part_offset(file, i);
    if (!off) break;
    const bool fits = range_fits(*off, 4, file.size());
    const uint32_t fourcc = fits ? load_le<uint32_t>(file.data() + *off) : 0;
    if (fourcc == make_fourcc('D', 'X', 'I', 'L')) kind = "DXIL";
    if (i < kNamed) names += fits ? " " + fourcc_text(fourcc) : std::string(" ?");
    if (i == kNamed) names += " ...";
  }
  return strprintf("dxcontainer %s, version %u.%u, %u parts", kind.c_str(), h->major, h->minor, h->part_count) +
         (names.empty() ? "" : ":" + names);
}

// The bitcode of each DXIL / ILDB program, and the bytes of every part the
// container keeps raw (legacy fxc chunks, PRIV, unknown parts), each tagged
// with its fourcc: a format registered for that tag reads them.
std::vector<Payload> payloads(const Decoded& d, Bytes input) {
  std::vector<Payload> out;
  const Container& c = container_of(d);
  for (size_t i = 0; i < c.parts.size(); ++i) {
    const dxc::Part& p = c.parts[i];
    Bytes bytes;
    if (const auto* program = dxc::content_if<dxc::Program>(p)) {
      bytes = program->bitcode;
    } else if (dxc::content_if<dxc::RawPart>(p) != nullptr) {
      bytes = p.data;
    } else {
      continue;
    }
    Payload pl;
    pl.tag = fourcc_text(p.fourcc);
    pl.path = strprintf("parts[%zu].%s", i, fourcc_text(p.fourcc).c_str());
    pl.where = nlohmann::ordered_json::json_pointer("/parts/" + std::to_string(i));
    pl.bytes = bytes;
    // SAFETY: the parser keeps spans into `input` (it never copies), so the
    // offset is the distance between their starts.
    pl.offset = static_cast<uint64_t>(bytes.data() - input.data());
    out.push_back(std::move(pl));
  }
  return out;
}

bool prefix_may_parse(Bytes whole, Bytes prefix, const Decoded& decoded) {
  // A prefix at least FileSize long is a whole container; a shorter one
  // that parses must say it was cut (the cut fell in bytes no part owns).
  const std::optional<dxc::Header> h = dxc::read_header(whole);
  if (!h || prefix.size() >= h->file_size) return true;
  return std::any_of(decoded.warnings.begin(), decoded.warnings.end(),
                     [](const Diagnostic& w) { return w.code == Code::file_size_mismatch; });
}

// From the header and the part offset table, as far as the input holds
// them (a damaged container too): the header's end, the table's, and each
// part's header, data and end.
std::vector<uint64_t> boundaries(Bytes input) {
  std::vector<uint64_t> out;
  const std::optional<dxc::Header> h = dxc::read_header(input);
  if (!h) return out;
  out.push_back(dxc::kHeaderSize);
  for (uint32_t i = 0; i < h->part_count; ++i) {
    const std::optional<uint32_t> offset = dxc::part_offset(input, i);
    if (!offset) break;
    out.push_back(dxc::kHeaderSize + 4 * (uint64_t{i} + 1));
    const uint64_t part = *offset;
    if (!range_fits(part, dxc::kPartHeaderSize, input.size())) continue;
    const uint64_t data = part + dxc::kPartHeaderSize;
    out.insert(out.end(), {part, part + 4, data, data + load_le<uint32_t>(input.data() + part + 4)});
  }
  std::erase_if(out, [&](uint64_t b) { return b > input.size(); });
  return out;
}

bool write_obj2yaml(Bytes input, uint64_t, const Options& options, TextBuffer& out, std::optional<Diagnostic>& error) {
  // As obj2yaml-22 reads it: the container layer alone, with LLVM's quirks.
  const dxc::ParseResult r = dxc::parse_container(input, dxc::with_llvm_quirks(parse_options(options)));
  if (!r.ok()) {
    error = r.error;
    return false;
  }
  out.append(dxc::to_obj2yaml(*r.container));
  return true;
}

constexpr Dump kDumps[] = {
    {"obj2yaml",
     "byte-identical to LLVM 22's obj2yaml for the containers it accepts; the container layer alone, as obj2yaml "
     "reads it",
     write_obj2yaml, ""},
};

// From docs/formats/dxcontainer.md §Strictness: what each reader checks.
// LLVM: offsets must increase and leave room for the previous part;
// duplicates of decoded parts and PSV0 without DXIL are rejected; an
// unaligned part makes its 4-byte reads fail.
constexpr Code kLlvmRejects[] = {Code::parts_out_of_order, Code::parts_overlap, Code::part_overlaps_header,
                                 Code::duplicate_part,     Code::missing_dxil_part, Code::part_misaligned};
// DXC: major 1, FileSize within the buffer, parts contiguous from the
// offset table to FileSize (IsValidDxilContainer); and its validator's
// checks of the parts against the module (parsers/dxil/checks.h).
constexpr Code kDxcRejects[] = {
    Code::container_version,      Code::file_size_mismatch,     Code::gap_between_parts,
    Code::parts_overlap,          Code::parts_out_of_order,     Code::part_overlaps_header,
    Code::program_version_mismatch, Code::required_part_missing, Code::part_not_for_stage,
    Code::signature_mismatch,     Code::psv_stage_mismatch,     Code::psv_entry_mismatch,
    Code::psv_resources_mismatch, Code::psv_signature_mismatch, Code::feature_info_mismatch,
    Code::root_signature_incompatible};
// vkd3d-shader: version 1 and a matching digest.
constexpr Code kVkd3dRejects[] = {Code::container_version, Code::digest_mismatch, Code::digest_not_signed};

constexpr ProfileRule kProfiles[] = {
    {"llvm", "LLVM 22 Object/DXContainer", kLlvmRejects},
    {"dxc", "DXC's IsValidDxilContainer and its validator's container checks", kDxcRejects},
    {"vkd3d", "vkd3d-shader's DXBC reader", kVkd3dRejects},
};

constexpr std::string_view kObj2yamlCommand[] = {"obj2yaml-22", "{input}"};
constexpr Peer kPeers[] = {
    {"obj2yaml-22", kObj2yamlCommand, "obj2yaml", "LLVM 22's obj2yaml; its YAML compared with dump --format=obj2yaml"},
};

}  // namespace

extern const Format dxcontainer_format{
    .name = "dxcontainer",
    .title = "DirectX container (DXBC / DXIL)",
    .probe = [](Bytes head) { return dxc::looks_like_container(head) ? 100 : 0; },
    .identify = identify,
    .parse = parse,
    .describe = [](const Decoded& d) { return dxc::describe(container_of(d), d.warnings); },
    .payloads = payloads,
    .prefix_may_parse = prefix_may_parse,
    .boundaries = boundaries,
    .dumps = kDumps,
    .embedded_in = {},
    .profiles = kProfiles,
    .peers = kPeers,
};

}  // namespace sp::formats
