#include "dxcontainer/container.h"

#include <algorithm>
#include <memory>
#include <type_traits>

#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/layout.h"
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

// A part's content as a fresh T, boxed when PartContent boxes it.
template <typename T>
T& emplace_content(Part& p, Arena* arena) {
  if constexpr (std::is_same_v<StoredContent<T>, T>) {
    return p.content.emplace<T>();
  } else {
    return *p.content.emplace<Box<T>>(ArenaAllocator<T>(arena));
  }
}

// A part parser applied to the part's content.
using Decoder = bool (*)(Part& p, const PartScope& s);

template <typename T, bool (*parse)(const PartScope&, T&)>
bool decode(Part& p, const PartScope& s) {
  return parse(s, emplace_content<T>(p, s.arena));
}

template <SignatureLayout layout>
bool decode_signature(Part& p, const PartScope& s) {
  return parse_signature(s, layout, emplace_content<Signature>(p, s.arena));
}

// The parser of a part kind; nullptr for raw parts, and for PSV0, which
// waits for the DXIL part (PSV0 v0 has no stage of its own).
Decoder decoder_for(uint32_t fourcc) {
  switch (fourcc) {
    case make_fourcc('I', 'S', 'G', '1'):
    case make_fourcc('O', 'S', 'G', '1'):
    case make_fourcc('P', 'S', 'G', '1'):
      return decode_signature<SignatureLayout::sg1>;
    case make_fourcc('I', 'S', 'G', 'N'):
    case make_fourcc('O', 'S', 'G', 'N'):
    case make_fourcc('P', 'C', 'S', 'G'):
      return decode_signature<SignatureLayout::legacy>;
    case make_fourcc('O', 'S', 'G', '5'):
      return decode_signature<SignatureLayout::osg5>;
    case make_fourcc('D', 'X', 'I', 'L'):
    case make_fourcc('I', 'L', 'D', 'B'):
      return decode<Program, parse_program>;
    case make_fourcc('H', 'A', 'S', 'H'):
      return decode<ShaderHash, parse_shader_hash>;
    case make_fourcc('S', 'F', 'I', '0'):
      return decode<FeatureInfo, parse_feature_info>;
    case make_fourcc('R', 'T', 'S', '0'):
      return decode<RootSignature, parse_root_signature>;
    case make_fourcc('I', 'L', 'D', 'N'):
      return decode<DebugName, parse_debug_name>;
    case make_fourcc('V', 'E', 'R', 'S'):
      return decode<CompilerVersion, parse_compiler_version>;
    case make_fourcc('S', 'R', 'C', 'I'):
      return decode<SourceInfo, parse_source_info>;
    case make_fourcc('R', 'D', 'A', 'T'):
      return decode<RuntimeData, parse_runtime_data>;
    default:
      return nullptr;
  }
}

constexpr uint32_t kDxil = make_fourcc('D', 'X', 'I', 'L');
constexpr uint32_t kPsv0 = make_fourcc('P', 'S', 'V', '0');

// Calls decode(scope) for part i, at path parts[i].<fourcc> under root.
template <typename Fn>
bool with_part_scope(const FieldPath& root, Part& p, size_t i, Bytes input, Context& ctx, Arena* arena, Fn decode) {
  const FieldPath item = root.item("parts", i);
  // The fourcc's bytes in the input name the part as the file spells it.
  const FieldPath at = item.field(std::string_view(reinterpret_cast<const char*>(input.data() + p.offset), 4));
  return decode(PartScope{p.data, uint64_t{p.offset} + kPartHeaderSize, at, ctx, arena});
}

// The part table, into c.parts; false after an error. Sets layout_clean
// when check_layout would find nothing. Not inlined: in a function of its
// own the loop keeps its values in registers.
[[gnu::noinline]] bool read_part_table(Bytes input, const FieldPath& root, Context& ctx, Container& c,
                                       bool& layout_clean) {
  const uint8_t* in = input.data();
  const size_t size = input.size();
  const uint32_t count = c.header.part_count;
  LayoutScan layout(kHeaderSize + uint64_t{count} * 4);
  Part* parts = c.parts.data();
  for (uint32_t i = 0; i < count; ++i) {
    const uint32_t off = load_le<uint32_t>(in + kHeaderSize + 4 * i);
    if (!range_fits(off, kPartHeaderSize, size)) {
      const FieldPath at = root.item("parts", i);
      return ctx.fail(Code::part_out_of_bounds, kHeaderSize + 4 * i, at,
                      strprintf("part header at %u is past the end of the input (%zu bytes)", off, size));
    }
    const uint32_t fourcc = load_le<uint32_t>(in + off);
    const uint32_t part_size = load_le<uint32_t>(in + off + 4);
    if (!range_fits(uint64_t{off} + kPartHeaderSize, part_size, size)) {
      const FieldPath at = root.item("parts", i);
      return ctx.fail(Code::part_out_of_bounds, uint64_t{off} + 4, at,
                      strprintf("part '%s' of %u bytes at %u runs past the end of the input (%zu bytes)",
                                fourcc_text(fourcc).c_str(), part_size, off + 8, size));
    }
    Part& p = parts[i];
    p.fourcc = fourcc;
    p.offset = off;
    p.size = part_size;
    p.data = Bytes(in + off + kPartHeaderSize, part_size);
    layout.add(fourcc, off, part_size);
  }
  layout_clean = layout.clean(c.header, count != 0, size);
  return true;
}

// Header, part table and every part, into c. False after an error in ctx.
bool parse_parts(Bytes input, const ParseOptions& options, Arena* arena, Container& c, Context& ctx) {
  const FieldPath root = FieldPath::root();
  const FieldPath header_path = root.field("header");
  FieldReader hr(input, 0, header_path, ctx);
  if (!parse_header(hr, c)) return false;

  const uint32_t count = c.header.part_count;
  if (count > options.limits.max_parts) {
    const FieldPath f = header_path.field("part_count");
    return ctx.fail(Code::too_many_parts, 28, f, strprintf("%u parts, limit is %u", count, options.limits.max_parts));
  }
  const uint64_t table_end = kHeaderSize + uint64_t{count} * 4;
  if (table_end > input.size()) {
    const FieldPath f = root.field("part_offsets");
    return ctx.fail(Code::count_too_large, kHeaderSize, f,
                    strprintf("%u part offsets need %llu bytes, input is %zu", count,
                              static_cast<unsigned long long>(table_end), input.size()));
  }

  c.parts = Vec<Part>(count, ArenaAllocator<Part>(arena));
  bool layout_clean = false;
  if (!read_part_table(input, root, ctx, c, layout_clean)) return false;
  if (!layout_clean) check_layout(c, input, table_end, ctx);
  if (options.verify_digest) check_digest(c, input, ctx);

  std::optional<uint16_t> dxil_kind;
  bool has_psv = false;
  const size_t n = c.parts.size();
  for (size_t i = 0; i < n; ++i) {
    Part& p = c.parts[i];
    has_psv = has_psv || p.fourcc == kPsv0;
    const Decoder decoder = decoder_for(p.fourcc);
    if (decoder == nullptr) continue;
    if (!with_part_scope(root, p, i, input, ctx, arena, [&](const PartScope& s) { return decoder(p, s); }))
      return false;
    if (p.fourcc == kDxil && !dxil_kind) dxil_kind = std::get<Program>(p.content).header.shader_kind;
  }
  for (size_t i = 0; has_psv && i < n; ++i) {
    Part& p = c.parts[i];
    if (p.fourcc != kPsv0) continue;
    if (!with_part_scope(root, p, i, input, ctx, arena, [&](const PartScope& s) {
          return parse_psv(s, dxil_kind, options.psv_quirks, emplace_content<Psv>(p, arena));
        }))
      return false;
  }
  return true;
}

// One parse into `out`, whose model lists go into `arena` (the heap when
// null). `out` holds no container or error on entry.
void parse_into(Bytes input, const ParseOptions& options, Arena* arena, ParseResult& out) {
  Context ctx(options.limits, input.size());
  const bool ok = parse_parts(input, options, arena, out.container.emplace(), ctx);
  out.warnings = ctx.take_warnings();
  if (!ok) {
    out.container.reset();
    out.error = ctx.take_error();
  }
}

}  // namespace

bool looks_like_container(Bytes input) {
  return input.size() >= 4 && load_le<uint32_t>(input.data()) == kMagic;
}

ParseResult parse_container(Bytes input, const ParseOptions& options) {
  ParseResult result;
  parse_into(input, options, nullptr, result);
  return result;
}

const ParseResult& Parser::parse(Bytes input) {
  // Every list and box of the previous container came from the arena, whose
  // deallocate does nothing, so destroying it would visit every part to free
  // nothing. It is abandoned instead and its storage reused: [basic.life]
  // does not require a destructor to run when nothing depends on its
  // effects. (A failed parse destroys its partial container as it goes.)
  std::construct_at(&result_.container);
  result_.error.reset();
  arena_.reset();
  parse_into(input, options_, &arena_, result_);
  return result_;
}

void warn_trailing(const PartScope& s, uint64_t consumed) {
  if (consumed < s.data.size()) {
    s.ctx.warn(Code::trailing_bytes, s.base + consumed, s.at,
               strprintf("%llu bytes after the last structure",
                         static_cast<unsigned long long>(s.data.size() - consumed)));
  }
}

}  // namespace sp::dxc
