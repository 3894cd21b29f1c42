#include "dxcontainer/container.h"

#include <algorithm>
#include <array>
#include <memory>
#include <type_traits>

#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/digest.h"
#include "dxcontainer/layout.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {
namespace {

// The parse compares and moves on; the diagnostics below run only when a
// comparison fails, and build their field paths then.

[[gnu::cold]] bool fail_header(Bytes input, Context& ctx) {
  const FieldPath root = FieldPath::root();
  const FieldPath at = root.field("header");
  FieldReader r(input, 0, at, ctx);
  if (input.size() >= 4 && load_le<uint32_t>(input.data()) != kMagic)
    return r.fail_at(Code::not_a_container, 0, "magic",
                     "expected 'DXBC', found '" + fourcc_text(load_le<uint32_t>(input.data())) + "'");
  // A short header fails at its first missing field.
  return r.skip(4, "magic") && r.skip(16, "digest") && r.skip(2, "major_version") && r.skip(2, "minor_version") &&
         r.skip(4, "file_size") && r.skip(4, "part_count");
}

[[gnu::cold]] bool fail_part_count(uint32_t count, const Limits& limits, uint64_t table_end, size_t input_size,
                                   Context& ctx) {
  const FieldPath root = FieldPath::root();
  if (count > limits.max_parts) {
    const FieldPath header = root.field("header");
    const FieldPath at = header.field("part_count");
    return ctx.fail(Code::too_many_parts, 28, at,
                    strprintf("%u parts, more than ", count) + limit_text(&Limits::max_parts, limits.max_parts));
  }
  const FieldPath at = root.field("part_offsets");
  return ctx.fail(Code::count_too_large, kHeaderSize, at,
                  strprintf("%u part offsets need %llu bytes, input is %zu", count,
                            static_cast<unsigned long long>(table_end), input_size));
}

[[gnu::cold]] void fail_part_bounds(uint32_t i, uint32_t off, Bytes input, Context& ctx) {
  const FieldPath root = FieldPath::root();
  const FieldPath at = root.item("parts", i);
  if (!range_fits(off, kPartHeaderSize, input.size())) {
    ctx.fail(Code::part_out_of_bounds, kHeaderSize + 4 * uint64_t{i}, at,
             strprintf("part header at %u is past the end of the input (%zu bytes)", off, input.size()));
    return;
  }
  const uint32_t fourcc = load_le<uint32_t>(input.data() + off);
  const uint32_t size = load_le<uint32_t>(input.data() + off + 4);
  ctx.fail(Code::part_out_of_bounds, uint64_t{off} + 4, at,
           strprintf("part '%s' of %u bytes at %u runs past the end of the input (%zu bytes)",
                     fourcc_text(fourcc).c_str(), size, off + 8, input.size()));
}

bool has_header(Bytes input) { return input.size() >= kHeaderSize && looks_like_container(input); }

// The header of an input that has_header.
void read_header(const uint8_t* p, Header& h) {
  std::copy_n(p + 4, h.digest.size(), h.digest.begin());
  h.major = load_le<uint16_t>(p + 20);
  h.minor = load_le<uint16_t>(p + 22);
  h.file_size = load_le<uint32_t>(p + 24);
  h.part_count = load_le<uint32_t>(p + 28);
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

// A fresh T as the content of p, boxed when PartContent boxes it. p still
// holds the RawPart the part table gave it, which has nothing to destroy,
// so the new content is constructed over it: variant::emplace would first
// visit the old alternative to destroy it.
template <typename T>
T& emplace_content(Part& p, Arena* arena) {
  if constexpr (std::is_same_v<StoredContent<T>, T>) {
    return std::get<T>(*std::construct_at(&p.content, std::in_place_type<T>));
  } else {
    return *std::get<Box<T>>(*std::construct_at(&p.content, std::in_place_type<Box<T>>, ArenaAllocator<T>(arena)));
  }
}

// How a part is decoded, by fourcc. The three signature layouts come first,
// in SignatureLayout's order (see decode_part).
enum class Decoding : uint8_t {
  sg1, legacy, osg5, raw, psv, program, hash, features, root_signature, debug_name, version, source_info, runtime_data
};
static_assert(static_cast<int>(Decoding::sg1) == static_cast<int>(SignatureLayout::sg1) &&
              static_cast<int>(Decoding::legacy) == static_cast<int>(SignatureLayout::legacy) &&
              static_cast<int>(Decoding::osg5) == static_cast<int>(SignatureLayout::osg5));

constexpr Decoding decoding_of(uint32_t fourcc) {
  switch (fourcc) {
    case make_fourcc('I', 'S', 'G', '1'):
    case make_fourcc('O', 'S', 'G', '1'):
    case make_fourcc('P', 'S', 'G', '1'):
      return Decoding::sg1;
    case make_fourcc('I', 'S', 'G', 'N'):
    case make_fourcc('O', 'S', 'G', 'N'):
    case make_fourcc('P', 'C', 'S', 'G'):
      return Decoding::legacy;
    case make_fourcc('O', 'S', 'G', '5'):
      return Decoding::osg5;
    case make_fourcc('D', 'X', 'I', 'L'):
    case make_fourcc('I', 'L', 'D', 'B'):
      return Decoding::program;
    case make_fourcc('H', 'A', 'S', 'H'):
      return Decoding::hash;
    case make_fourcc('S', 'F', 'I', '0'):
      return Decoding::features;
    case make_fourcc('P', 'S', 'V', '0'):
      return Decoding::psv;
    case make_fourcc('R', 'T', 'S', '0'):
      return Decoding::root_signature;
    case make_fourcc('I', 'L', 'D', 'N'):
      return Decoding::debug_name;
    case make_fourcc('V', 'E', 'R', 'S'):
      return Decoding::version;
    case make_fourcc('S', 'R', 'C', 'I'):
      return Decoding::source_info;
    case make_fourcc('R', 'D', 'A', 'T'):
      return Decoding::runtime_data;
    default:
      return Decoding::raw;
  }
}

// decoding_of for every kind of part_kinds.def (and Decoding::raw for
// unknown kinds, the last entry): a load instead of a tree of compares
// whose branches follow each file's sequence of parts.
constexpr auto kDecodings = [] {
  std::array<Decoding, kPartKindCount + 1> out{};
  for (size_t i = 0; i < kPartKindCount; ++i) out[i] = decoding_of(kPartKinds[i]);
  out[kPartKindCount] = Decoding::raw;
  return out;
}();

// Decodes part p's content in place. PSV0 comes last, with the DXIL
// program's shader kind (PSV0 v0 has no stage of its own).
bool decode_part(Decoding how, Part& p, const PartScope& s, std::optional<uint16_t> dxil_kind,
                 const PsvQuirks& quirks) {
  // Signatures, the most frequent parts, by a compare and a direct call:
  // the jump through the switch's table below mispredicts whenever the
  // next part is of another kind than last time.
  if (how <= Decoding::osg5)
    return parse_signature(s, static_cast<SignatureLayout>(how), emplace_content<Signature>(p, s.arena));
  switch (how) {
    case Decoding::raw:
      return true;
    case Decoding::psv:
      return parse_psv(s, dxil_kind, quirks, emplace_content<Psv>(p, s.arena));
    case Decoding::sg1:
    case Decoding::legacy:
    case Decoding::osg5:
      break;  // taken by the compare above; listed so that -Wswitch sees every kind
    case Decoding::program:
      return parse_program(s, emplace_content<Program>(p, s.arena));
    case Decoding::hash:
      return parse_shader_hash(s, emplace_content<ShaderHash>(p, s.arena));
    case Decoding::features:
      return parse_feature_info(s, emplace_content<FeatureInfo>(p, s.arena));
    case Decoding::root_signature:
      return parse_root_signature(s, emplace_content<RootSignature>(p, s.arena));
    case Decoding::debug_name:
      return parse_debug_name(s, emplace_content<DebugName>(p, s.arena));
    case Decoding::version:
      return parse_compiler_version(s, emplace_content<CompilerVersion>(p, s.arena));
    case Decoding::source_info:
      return parse_source_info(s, emplace_content<SourceInfo>(p, s.arena));
    case Decoding::runtime_data:
      return parse_runtime_data(s, emplace_content<RuntimeData>(p, s.arena));
  }
  return true;
}

// Points scope (whose path is parts[cursor]) at part i.
void move_scope(PartScope& scope, FieldPath::Cursor& cursor, size_t i, const Part& p, Bytes input) {
  cursor.index = i;
  // The fourcc's bytes in the input name the part as the file spells it.
  cursor.name = std::string_view(reinterpret_cast<const char*>(input.data() + p.offset), 4);
  // The part's bytes again from its offset and size: reading back p.data,
  // which read_part_table has just stored in two halves, would stall.
  scope.data = Bytes(input.data() + p.offset + kPartHeaderSize, p.size);
  scope.base = uint64_t{p.offset} + kPartHeaderSize;
}

enum class TableRead : uint8_t { failed, clean, to_check };

// The part table, into parts (sized to the part count). to_check when
// check_layout may have something to report. Not inlined: in a function of
// its own the loop keeps its values in registers.
[[gnu::noinline]] TableRead read_part_table(Bytes input, const Header& header, Context& ctx, Vec<Part>& parts) {
  const uint8_t* in = input.data();
  const size_t size = input.size();
  LayoutScan layout(kHeaderSize + uint64_t{header.part_count} * 4);
  for (uint32_t i = 0; i < header.part_count; ++i) {
    const uint32_t off = load_le<uint32_t>(in + kHeaderSize + 4 * i);
    const bool header_fits = range_fits(off, kPartHeaderSize, size);
    const uint32_t fourcc = header_fits ? load_le<uint32_t>(in + off) : 0;
    const uint32_t part_size = header_fits ? load_le<uint32_t>(in + off + 4) : 0;
    if (!header_fits || !range_fits(uint64_t{off} + kPartHeaderSize, part_size, size)) {
      fail_part_bounds(i, off, input, ctx);  // tells the two apart
      return TableRead::failed;
    }
    Part& p = parts[i];
    p.fourcc = fourcc;
    p.offset = off;
    p.size = part_size;
    p.data = Bytes(in + off + kPartHeaderSize, part_size);
    layout.add(fourcc, off, part_size);
  }
  return layout.clean(header, header.part_count != 0, size) ? TableRead::clean : TableRead::to_check;
}

// The container layer: header and part table into c, every part raw.
// failed after an error in ctx.
TableRead read_layer(Bytes input, const Limits& limits, Arena* arena, Container& c, Context& ctx) {
  if (!has_header(input)) {
    fail_header(input, ctx);
    return TableRead::failed;
  }
  const uint32_t count = load_le<uint32_t>(input.data() + 28);
  const uint64_t table_end = kHeaderSize + uint64_t{count} * 4;
  if (count > limits.max_parts || table_end > input.size()) {
    fail_part_count(count, limits, table_end, input.size(), ctx);
    return TableRead::failed;
  }
  read_header(input.data(), c.header);
  c.parts = Vec<Part>(count, ArenaAllocator<Part>(arena));
  return read_part_table(input, c.header, ctx, c.parts);
}

// Header, part table and every part, into out.container. False after an
// error in ctx (the container may then be partial).
bool parse_parts(Bytes input, const ParseOptions& options, Arena* arena, ParseResult& out, Context& ctx) {
  Container& c = out.container.emplace();
  const TableRead table = read_layer(input, options.limits, arena, c, ctx);
  if (table == TableRead::failed) return false;
  if (table == TableRead::to_check) check_layout(c, input, kHeaderSize + uint64_t{c.header.part_count} * 4, ctx);
  if (options.verify_digest) check_digest(c, input, ctx);

  const FieldPath root = FieldPath::root();
  FieldPath::Cursor cursor;
  const FieldPath at = root.cursor("parts", cursor);
  PartScope scope{{}, 0, at, ctx, arena};
  std::optional<uint16_t> dxil_kind;
  const size_t n = c.parts.size();
  size_t first_psv = n;  // where the PSV0 pass starts (n: no PSV0)
  for (size_t i = 0; i < n; ++i) {
    Part& p = c.parts[i];
    const Decoding how = kDecodings[part_kind_index(p.fourcc)];
    if (how == Decoding::raw) continue;
    if (how == Decoding::psv) {
      first_psv = std::min(first_psv, i);
      continue;
    }
    move_scope(scope, cursor, i, p, input);
    if (!decode_part(how, p, scope, dxil_kind, options.psv_quirks)) return false;
    if (p.fourcc == make_fourcc('D', 'X', 'I', 'L') && !dxil_kind) dxil_kind = std::get<Program>(p.content).header.shader_kind;
  }
  for (size_t i = first_psv; i < n; ++i) {
    Part& p = c.parts[i];
    if (p.fourcc != make_fourcc('P', 'S', 'V', '0')) continue;
    move_scope(scope, cursor, i, p, input);
    if (!decode_part(Decoding::psv, p, scope, dxil_kind, options.psv_quirks)) return false;
  }
  return true;
}

// One parse into `out`, whose model lists go into `arena` (the heap when
// null). `out` holds no container or error on entry.
void parse_into(Bytes input, const ParseOptions& options, Arena* arena, ParseResult& out) {
  Context ctx(options.limits, input.size());
  const bool ok = parse_parts(input, options, arena, out, ctx);
  if (ctx.warnings().empty()) {
    out.warnings.clear();
  } else {
    out.warnings = ctx.take_warnings();
  }
  if (!ok) {
    out.container.reset();
    out.error = ctx.take_error();
  }
}

}  // namespace

std::optional<Container> read_container_layer(Bytes input, const Limits& limits) {
  Context ctx(limits, input.size());
  Container c;
  if (read_layer(input, limits, nullptr, c, ctx) == TableRead::failed) return std::nullopt;
  return c;
}

bool looks_like_container(Bytes input) {
  return input.size() >= 4 && load_le<uint32_t>(input.data()) == kMagic;
}

std::optional<Header> read_header(Bytes input) {
  if (!has_header(input)) return std::nullopt;
  Header h;
  read_header(input.data(), h);
  return h;
}

std::optional<uint32_t> part_offset(Bytes input, uint32_t i) {
  const uint64_t at = kHeaderSize + 4 * uint64_t{i};
  if (!range_fits(at, 4, input.size())) return std::nullopt;
  return load_le<uint32_t>(input.data() + at);
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

[[gnu::cold]] void warn_trailing_bytes(const PartScope& s, uint64_t consumed) {
  s.ctx.warn(Code::trailing_bytes, s.base + consumed, s.at,
             strprintf("%llu bytes after the last structure",
                       static_cast<unsigned long long>(s.data.size() - consumed)));
}

}  // namespace sp::dxc
