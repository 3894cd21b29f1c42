#include "dxcontainer/container.h"

#include <algorithm>
#include <array>

#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/names.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {
namespace {

constexpr uint32_t kMagic = make_fourcc('D', 'X', 'B', 'C');

bool parse_header(FieldReader& r, Container& c) {
  uint32_t magic = 0;
  if (!r.u32(magic, "magic")) return false;
  if (magic != kMagic) return r.fail_at(Code::not_a_container, 0, "magic", "expected 'DXBC', found '" + fourcc_text(magic) + "'");
  Bytes digest;
  if (!r.bytes(16, digest, "digest")) return false;
  std::copy(digest.begin(), digest.end(), c.header.digest.begin());
  return r.u16(c.header.major, "major_version") && r.u16(c.header.minor, "minor_version") &&
         r.u32(c.header.file_size, "file_size") && r.u32(c.header.part_count, "part_count");
}

// Duplicate part kinds. Real containers hold a dozen parts, so earlier
// parts are scanned directly; past kLinearScanParts the (fourcc, index)
// pairs are sorted instead, keeping the check O(n log n).
void warn_duplicates(const Container& c, Context& ctx) {
  constexpr size_t kLinearScanParts = 64;
  const FieldPath root = FieldPath::root();
  auto warn = [&](size_t first, size_t dup) {
    const FieldPath at = root.item("parts", dup);
    ctx.warn(Code::duplicate_part, c.parts[dup].offset, at,
             strprintf("another '%s' part (the first is parts[%zu])", fourcc_text(c.parts[dup].fourcc).c_str(), first));
  };
  const size_t n = c.parts.size();
  if (n <= kLinearScanParts) {
    for (size_t i = 1; i < n; ++i)
      for (size_t j = 0; j < i; ++j)
        if (c.parts[j].fourcc == c.parts[i].fourcc) {
          warn(j, i);
          break;
        }
    return;
  }
  std::vector<std::pair<uint32_t, uint32_t>> kinds(n);
  for (uint32_t i = 0; i < n; ++i) kinds[i] = {c.parts[i].fourcc, i};
  std::sort(kinds.begin(), kinds.end());
  size_t run_start = 0;  // first entry of the current run of one fourcc
  for (size_t k = 1; k < n; ++k) {
    if (kinds[k].first != kinds[k - 1].first) {
      run_start = k;
      continue;
    }
    warn(kinds[run_start].second, kinds[k].second);
  }
}

// Reports the layout findings that differ between readers (LLVM, DXC,
// vkd3d) as warnings, so callers can choose their strictness.
void check_layout(const Container& c, Bytes input, uint64_t table_end, Context& ctx) {
  const FieldPath root = FieldPath::root();
  const FieldPath header = root.field("header");
  if (c.header.major != 1) {
    const FieldPath f = header.field("major_version");
    ctx.warn(Code::container_version, 24, f, strprintf("major version %u", c.header.major));
  }
  if (c.header.file_size != input.size()) {
    const FieldPath f = header.field("file_size");
    ctx.warn(Code::file_size_mismatch, 28, f,
             strprintf("FileSize %u, input is %zu bytes", c.header.file_size, input.size()));
  }

  const size_t n = c.parts.size();
  bool in_order = true;
  for (size_t i = 0; i < n; ++i) {
    const Part& p = c.parts[i];
    const FieldPath at = root.item("parts", i);
    if (p.offset < table_end)
      ctx.warn(Code::part_overlaps_header, p.offset, at,
               strprintf("part starts at %u, inside the header and offset table (%llu bytes)", p.offset,
                         static_cast<unsigned long long>(table_end)));
    if (p.offset % 4 != 0)
      ctx.warn(Code::part_misaligned, p.offset, at, strprintf("part starts at %u", p.offset));
    if (i > 0 && p.offset <= c.parts[i - 1].offset) in_order = false;
    if (part_treatment(p.fourcc) == PartTreatment::unknown)
      ctx.warn(Code::unknown_part, p.offset, at, "unknown part '" + fourcc_text(p.fourcc) + "'");
  }
  warn_duplicates(c, ctx);
  if (!in_order) ctx.warn(Code::parts_out_of_order, 32, root.field("part_offsets"), "part offsets are not increasing");

  // Walk the parts by offset (already the case in every real file, so the
  // sort is only paid for odd layouts).
  std::vector<uint32_t> order;
  if (!in_order) {
    order.resize(n);
    for (uint32_t i = 0; i < n; ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      return c.parts[a].offset != c.parts[b].offset ? c.parts[a].offset < c.parts[b].offset : a < b;
    });
  }
  uint64_t covered = table_end;  // end of the furthest part seen so far
  for (size_t k = 0; k < n; ++k) {
    const size_t index = in_order ? k : order[k];
    const Part& p = c.parts[index];
    const FieldPath at = root.item("parts", index);
    if (p.offset > covered) {
      ctx.warn(Code::gap_between_parts, covered, at,
               strprintf("%llu unused bytes before this part", static_cast<unsigned long long>(p.offset - covered)));
    } else if (p.offset < covered && p.offset >= table_end) {
      ctx.warn(Code::parts_overlap, p.offset, at, "part shares bytes with an earlier part");
    }
    covered = std::max(covered, uint64_t{p.offset} + kPartHeaderSize + p.size);
  }
  const uint64_t end = std::min<uint64_t>(c.header.file_size, input.size());
  if (!c.parts.empty() && covered < end) {
    ctx.warn(Code::gap_between_parts, covered, root.field("parts"),
             strprintf("%llu unused bytes after the last part", static_cast<unsigned long long>(end - covered)));
  }
}

void check_digest(Container& c, Bytes input, Context& ctx) {
  // dxc signs the bytes up to FileSize.
  c.computed_digest = compute_digest(signed_extent(input));
  const FieldPath root = FieldPath::root();
  const FieldPath header = root.field("header");
  const FieldPath at = header.field("digest");
  const DigestState state = classify_digest(c.header.digest, c.computed_digest);
  switch (state) {
    case DigestState::match:
      break;
    case DigestState::mismatch:
      ctx.warn(Code::digest_mismatch, 4, at, "stored digest differs from the computed retail digest");
      break;
    case DigestState::unsigned_:
    case DigestState::bypass:
    case DigestState::preview:
      ctx.warn(Code::digest_not_signed, 4, at,
               std::string("digest is the '") + digest_state_name(state) +
                   "' sentinel");
      break;
  }
}

std::optional<SignatureLayout> signature_layout(uint32_t fourcc) {
  switch (fourcc) {
    case make_fourcc('I', 'S', 'G', '1'):
    case make_fourcc('O', 'S', 'G', '1'):
    case make_fourcc('P', 'S', 'G', '1'):
      return SignatureLayout::sg1;
    case make_fourcc('I', 'S', 'G', 'N'):
    case make_fourcc('O', 'S', 'G', 'N'):
    case make_fourcc('P', 'C', 'S', 'G'):
      return SignatureLayout::legacy;
    case make_fourcc('O', 'S', 'G', '5'):
      return SignatureLayout::osg5;
    default:
      return std::nullopt;
  }
}

template <typename T, typename Fn>
bool decode_into(Part& p, const PartScope& s, Fn fn) {
  T value;
  if (!fn(s, value)) return false;
  p.content = std::move(value);
  return true;
}

// Decodes one part's content (PSV0 is deferred: it needs the DXIL kind).
bool decode_part(Part& p, const PartScope& s) {
  if (auto layout = signature_layout(p.fourcc)) {
    Signature sig;
    if (!parse_signature(s, *layout, sig)) return false;
    p.content = std::move(sig);
    return true;
  }
  switch (p.fourcc) {
    case make_fourcc('D', 'X', 'I', 'L'):
    case make_fourcc('I', 'L', 'D', 'B'):
      return decode_into<Program>(p, s, parse_program);
    case make_fourcc('H', 'A', 'S', 'H'):
      return decode_into<ShaderHash>(p, s, parse_shader_hash);
    case make_fourcc('S', 'F', 'I', '0'):
      return decode_into<FeatureInfo>(p, s, parse_feature_info);
    case make_fourcc('R', 'T', 'S', '0'):
      return decode_into<RootSignature>(p, s, parse_root_signature);
    case make_fourcc('I', 'L', 'D', 'N'):
      return decode_into<DebugName>(p, s, parse_debug_name);
    case make_fourcc('V', 'E', 'R', 'S'):
      return decode_into<CompilerVersion>(p, s, parse_compiler_version);
    case make_fourcc('S', 'R', 'C', 'I'):
      return decode_into<SourceInfo>(p, s, parse_source_info);
    case make_fourcc('R', 'D', 'A', 'T'):
      return decode_into<RuntimeData>(p, s, parse_runtime_data);
    default:
      return true;  // raw
  }
}

}  // namespace

bool looks_like_container(Bytes input) {
  return input.size() >= 4 && load_le<uint32_t>(input.data()) == kMagic;
}

ParseResult parse_container(Bytes input, const ParseOptions& options) {
  Context ctx(options.limits, input.size());
  ParseResult result;
  Container c;
  const FieldPath root = FieldPath::root();

  auto finish = [&](bool ok) {
    result.warnings = ctx.take_warnings();
    if (ok) {
      result.container = std::move(c);
    } else {
      result.error = ctx.take_error();
    }
    return std::move(result);
  };

  const FieldPath header_path = root.field("header");
  FieldReader hr(input, 0, header_path, ctx);
  if (!parse_header(hr, c)) return finish(false);

  const uint32_t count = c.header.part_count;
  if (count > options.limits.max_parts) {
    const FieldPath f = header_path.field("part_count");
    ctx.fail(Code::too_many_parts, 28, f,
             strprintf("%u parts, limit is %u", count, options.limits.max_parts));
    return finish(false);
  }
  const uint64_t table_end = kHeaderSize + uint64_t{count} * 4;
  if (table_end > input.size()) {
    const FieldPath f = root.field("part_offsets");
    ctx.fail(Code::count_too_large, kHeaderSize, f,
             strprintf("%u part offsets need %llu bytes, input is %zu", count,
                       static_cast<unsigned long long>(table_end), input.size()));
    return finish(false);
  }

  c.parts.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t off = load_le<uint32_t>(input.data() + kHeaderSize + 4 * i);
    const FieldPath at = root.item("parts", i);
    if (!range_fits(off, kPartHeaderSize, input.size())) {
      ctx.fail(Code::part_out_of_bounds, kHeaderSize + 4 * i, at,
               strprintf("part header at %u is past the end of the input (%zu bytes)", off, input.size()));
      return finish(false);
    }
    Part& p = c.parts[i];
    p.offset = off;
    p.fourcc = load_le<uint32_t>(input.data() + off);
    p.size = load_le<uint32_t>(input.data() + off + 4);
    auto data = slice(input, uint64_t{off} + kPartHeaderSize, p.size);
    if (!data) {
      ctx.fail(Code::part_out_of_bounds, uint64_t{off} + 4, at,
               strprintf("part '%s' of %u bytes at %u runs past the end of the input (%zu bytes)",
                         fourcc_text(p.fourcc).c_str(), p.size, off + 8, input.size()));
      return finish(false);
    }
    p.data = *data;
  }

  check_layout(c, input, table_end, ctx);
  if (options.verify_digest) check_digest(c, input, ctx);

  std::optional<uint16_t> dxil_kind;
  std::vector<size_t> psv_parts;
  for (size_t i = 0; i < c.parts.size(); ++i) {
    Part& p = c.parts[i];
    const char name[5] = {static_cast<char>(p.fourcc), static_cast<char>(p.fourcc >> 8),
                          static_cast<char>(p.fourcc >> 16), static_cast<char>(p.fourcc >> 24), 0};
    const FieldPath item = root.item("parts", i);
    const FieldPath at = item.field(std::string_view(name, 4));
    const PartScope scope{p.data, uint64_t{p.offset} + kPartHeaderSize, at, ctx};
    if (p.fourcc == make_fourcc('P', 'S', 'V', '0')) {
      psv_parts.push_back(i);
      continue;
    }
    if (!decode_part(p, scope)) return finish(false);
    if (p.fourcc == make_fourcc('D', 'X', 'I', 'L') && !dxil_kind) {
      dxil_kind = std::get<Program>(p.content).header.shader_kind;
    }
  }
  for (size_t i : psv_parts) {
    Part& p = c.parts[i];
    const FieldPath item = root.item("parts", i);
    const FieldPath at = item.field("PSV0");
    const PartScope scope{p.data, uint64_t{p.offset} + kPartHeaderSize, at, ctx};
    Psv psv;
    if (!parse_psv(scope, dxil_kind, options.psv_quirks, psv)) return finish(false);
    p.content = std::move(psv);
  }
  return finish(true);
}

void warn_trailing(const PartScope& s, uint64_t consumed) {
  if (consumed < s.data.size()) {
    s.ctx.warn(Code::trailing_bytes, s.base + consumed, s.at,
               strprintf("%llu bytes after the last structure",
                         static_cast<unsigned long long>(s.data.size() - consumed)));
  }
}

}  // namespace sp::dxc
