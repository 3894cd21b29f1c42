// SRCI: DxilSourceInfo (packed structs, DxilContainer.h). Sections:
//   0 SourceContents  header 20 bytes, entries possibly zlib-compressed
//   1 SourceNames     header 10 bytes (u32 Flags, u32 Count, u16 EntriesSize)
//   2 Args            header 12 bytes, then Count pairs "name\0value\0"
// Every section and entry carries an AlignedSizeInBytes that must at least
// cover its own header, so walking them always makes progress.
#include <zlib.h>

#include <algorithm>

#include "core/field_reader.h"
#include "core/strings.h"
#include "dxcontainer/parts.h"

namespace sp::dxc {
namespace {

struct NameEntry {
  FileText name;
  uint32_t content_size;
};

bool parse_names(const PartScope& s, FieldReader& r, Vec<NameEntry>& names) {
  uint32_t flags = 0, count = 0;
  uint16_t entries_size = 0;
  if (!r.u32(flags, "flags") || !r.u32(count, "count") || !r.u16(entries_size, "entries_size")) return false;
  const uint64_t entries_base = r.offset();
  Bytes entries;
  if (!r.bytes(entries_size, entries, "entries")) return false;
  if (uint64_t{count} * 16 > entries.size())
    return r.fail(Code::count_too_large, "count", strprintf("%u name entries cannot fit in %zu bytes", count, entries.size()));
  names.reserve(count);
  size_t pos = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const FieldPath at = s.at.item("names", i);
    FieldReader e(entries.subspan(pos), entries_base + pos, at, s.ctx);
    uint32_t aligned = 0, eflags = 0, name_size = 0, content_size = 0;
    if (!(e.u32(aligned, "aligned_size") && e.u32(eflags, "flags") && e.u32(name_size, "name_size") &&
          e.u32(content_size, "content_size")))
      return false;
    Bytes name;
    if (!e.bytes(name_size, name, "name")) return false;
    if (name_size == 0 || name.back() != 0)
      return e.fail_at(Code::unterminated_string, entries_base + pos + 16, "name", "file name is not NUL-terminated");
    if (aligned < 16 + uint64_t{name_size} || aligned > entries.size() - pos)
      return e.fail_at(Code::invalid_value, entries_base + pos, "aligned_size",
                       strprintf("entry size %u does not cover its %u-byte name or runs past the entries", aligned, name_size));
    names.push_back({as_text(name.first(name_size - 1)), content_size});
    pos += aligned;
  }
  return true;
}

// Output grows by at most this much per inflate() call.
constexpr size_t kInflateChunk = size_t{1} << 16;

// Inflates `in` into `out`, which must hold exactly `expected` bytes after;
// anything else is corrupt. `out` grows as zlib produces, a chunk at a time
// and its capacity doubling up to `expected`, so memory follows what the
// stream holds, never what the header declares, whatever the limit (a
// 2.9 KB stream declaring 4 GiB inflates to a few megabytes, and fails).
bool inflate_exact(Bytes in, uint64_t expected, Vec<uint8_t>& out, FieldReader& r, uint64_t offset) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return r.fail_at(Code::internal_error, offset, "entries", "inflateInit failed");
  z.next_in = const_cast<Bytef*>(in.data());  // zlib's API is not const-correct; it never writes input
  z.avail_in = static_cast<uInt>(in.size());
  int rc = Z_OK;
  while (rc == Z_OK) {
    const size_t have = out.size();
    if (have == expected) {
      // All declared bytes are out: one more tells a stream that is larger
      // than declared from one that only has its end (and checksum) left.
      uint8_t probe = 0;
      z.next_out = &probe;
      z.avail_out = 1;
      rc = inflate(&z, Z_NO_FLUSH);
      if (z.avail_out == 0) {
        inflateEnd(&z);
        return r.fail_at(Code::size_mismatch, offset, "uncompressed_size",
                         strprintf("inflates to more than the declared %llu bytes", static_cast<unsigned long long>(expected)));
      }
      continue;
    }
    if (have == out.capacity())
      out.reserve(static_cast<size_t>(std::min<uint64_t>(expected, std::max(kInflateChunk, 2 * have))));
    const size_t room = std::min({kInflateChunk, out.capacity() - have, static_cast<size_t>(expected - have)});
    out.resize(have + room);
    z.next_out = out.data() + have;
    z.avail_out = static_cast<uInt>(room);
    rc = inflate(&z, Z_NO_FLUSH);
    out.resize(have + room - z.avail_out);
  }
  inflateEnd(&z);
  // Z_BUF_ERROR: no progress with room to write, so the input ran out.
  if (rc == Z_BUF_ERROR) return r.fail_at(Code::decompression_failed, offset, "entries", "zlib stream is truncated");
  if (rc != Z_STREAM_END)
    return r.fail_at(Code::decompression_failed, offset, "entries", strprintf("zlib error %d", rc));
  if (out.size() != expected)
    return r.fail_at(Code::size_mismatch, offset, "uncompressed_size",
                     strprintf("inflates to %zu bytes, declared %llu", out.size(), static_cast<unsigned long long>(expected)));
  return true;
}

// The content entries: u32 aligned size, u32 flags, u32 content size and
// the NUL-terminated content; `base` is the offset of entries[0].
bool parse_entries(Bytes entries, uint64_t base, uint32_t count, const FieldPath& part, Context& ctx,
                   Vec<FileText>& contents) {
  size_t pos = 0;
  for (uint32_t i = 0; i < count; ++i) {
    const FieldPath at = part.item("contents", i);
    FieldReader e(entries.subspan(pos), base + pos, at, ctx);
    uint32_t esize = 0, eflags = 0, content_size = 0;
    if (!(e.u32(esize, "aligned_size") && e.u32(eflags, "flags") && e.u32(content_size, "content_size"))) return false;
    Bytes content;
    if (!e.bytes(content_size, content, "content")) return false;
    if (content_size == 0 || content.back() != 0)
      return e.fail_at(Code::unterminated_string, base + pos + 12, "content", "source is not NUL-terminated");
    if (esize < 12 + uint64_t{content_size} || esize > entries.size() - pos)
      return e.fail_at(Code::invalid_value, base + pos, "aligned_size",
                       strprintf("entry size %u does not cover its %u-byte content or runs past the entries", esize, content_size));
    contents.push_back(as_text(content.first(content_size - 1)));
    pos += esize;
  }
  return true;
}

bool parse_contents(const PartScope& s, FieldReader& r, SourceInfo& out, Vec<FileText>& contents) {
  uint32_t aligned = 0, count = 0;
  uint16_t flags = 0;
  if (!(r.u32(aligned, "aligned_size") && r.u16(flags, "flags") && r.u16(out.compress_type, "compress_type") &&
        r.u32(out.compressed_size, "entries_size") && r.u32(out.uncompressed_size, "uncompressed_size") &&
        r.u32(count, "count")))
    return false;
  const uint64_t entries_offset = r.offset();
  Bytes stored;
  if (!r.bytes(out.compressed_size, stored, "entries")) return false;

  Bytes entries;
  uint64_t entries_base = entries_offset;
  if (out.compress_type == 0) {
    if (out.uncompressed_size != out.compressed_size)
      return r.fail_at(Code::size_mismatch, entries_offset - 8, "uncompressed_size",
                       strprintf("uncompressed entries: sizes %u and %u differ", out.uncompressed_size, out.compressed_size));
    entries = stored;
  } else if (out.compress_type == 1) {
    // A declared size past the limit is refused unread; one within it is
    // still only a claim (inflate_exact allocates what the stream yields).
    if (out.uncompressed_size > s.ctx.limits().max_inflated_bytes)
      return r.fail_at(Code::limit_exceeded, entries_offset - 8, "uncompressed_size",
                       strprintf("declares %u inflated bytes, more than ", out.uncompressed_size) +
                           limit_text(&Limits::max_inflated_bytes, s.ctx.limits().max_inflated_bytes));
    s.make_list(out.inflated, 0);
    if (!inflate_exact(stored, out.uncompressed_size, out.inflated, r, entries_offset)) return false;
    entries = out.inflated;
  } else {
    return r.fail_at(Code::invalid_value, entries_offset - 14, "compress_type",
                     strprintf("compression type %u (known: 0 none, 1 zlib)", out.compress_type));
  }

  if (uint64_t{count} * 12 > entries.size())
    return r.fail(Code::count_too_large, "count", strprintf("%u content entries cannot fit in %zu bytes", count, entries.size()));
  contents.reserve(count);
  if (out.compress_type == 0) return parse_entries(entries, entries_base, count, s.at, s.ctx, contents);
  // Offsets inside inflated bytes are no file offsets: an error there is
  // reported at the compressed entries, its place in the inflated bytes in
  // the message.
  Context inflated(s.ctx.limits(), entries.size());
  if (parse_entries(entries, 0, count, s.at, inflated, contents)) return true;
  const Diagnostic d = *inflated.error();
  return s.ctx.fail(d.code, entries_offset, FieldPath::root(d.path),
                    d.message + strprintf(" (at byte %llu of the inflated entries)", static_cast<unsigned long long>(d.offset)));
}

bool parse_args(const PartScope& s, FieldReader& r, SourceInfo& out) {
  uint32_t flags = 0, size = 0, count = 0;
  if (!r.u32(flags, "flags") || !r.u32(size, "size") || !r.u32(count, "count")) return false;
  const uint64_t base = r.offset();
  Bytes data;
  if (!r.bytes(size, data, "args")) return false;
  if (uint64_t{count} * 2 > data.size())
    return r.fail(Code::count_too_large, "count", strprintf("%u argument pairs cannot fit in %u bytes", count, size));
  s.make_list(out.args, 0);
  out.args.reserve(count);
  size_t pos = 0;
  for (uint32_t i = 0; i < count; ++i) {
    SourceArg a;
    for (FileText* field : {&a.name, &a.value}) {
      auto str = cstring_at(data, pos);
      if (!str) {
        const FieldPath at = s.at.item("args", i);
        return s.ctx.fail(Code::unterminated_string, base + pos, at, "argument is not NUL-terminated inside the section");
      }
      *field = *str;
      pos += str->size() + 1;
    }
    out.args.push_back(a);
  }
  return true;
}

}  // namespace

bool parse_source_info(const PartScope& s, SourceInfo& out) {
  FieldReader r(s.data, s.base, s.at, s.ctx);
  if (!r.u32(out.aligned_size, "aligned_size") || !r.u16(out.flags, "flags") ||
      !r.u16(out.section_count, "section_count"))
    return false;
  if (out.aligned_size > s.data.size())
    return r.fail_at(Code::size_mismatch, s.base, "aligned_size",
                     strprintf("source info claims %u bytes, part holds %zu", out.aligned_size, s.data.size()));

  Vec<NameEntry> names = s.records<NameEntry>();
  Vec<FileText> contents = s.records<FileText>();
  bool seen[3] = {false, false, false};  // each section type at most once, as dxc writes them
  size_t pos = 8;
  for (uint32_t i = 0; i < out.section_count; ++i) {
    const FieldPath at = s.at.item("sections", i);
    FieldReader h(s.data.subspan(pos), s.base + pos, at, s.ctx);
    uint32_t size = 0;
    uint16_t flags = 0, type = 0;
    if (!h.u32(size, "aligned_size") || !h.u16(flags, "flags") || !h.u16(type, "type")) return false;
    if (size < 8 || size > s.data.size() - pos)
      return h.fail_at(Code::invalid_value, s.base + pos, "aligned_size",
                       strprintf("section size %u is smaller than its header or runs past the part", size));
    FieldReader body(s.data.subspan(pos + 8, size - 8), s.base + pos + 8, at, s.ctx);
    if (type > 2)
      return h.fail_at(Code::invalid_value, s.base + pos + 6, "type", strprintf("section type %u (known: 0..2)", type));
    if (seen[type]) return h.fail_at(Code::invalid_value, s.base + pos + 6, "type", "section type appears twice");
    seen[type] = true;
    const bool ok = type == 0   ? parse_contents(s, body, out, contents)
                    : type == 1 ? parse_names(s, body, names)
                                : parse_args(s, body, out);
    if (!ok) return false;
    pos += size;
  }
  if (names.size() != contents.size())
    return r.fail_at(Code::invalid_value, s.base + 6, "section_count",
                     strprintf("%zu source names but %zu source contents", names.size(), contents.size()));
  s.make_list(out.files, 0);
  out.files.reserve(names.size());
  for (size_t i = 0; i < names.size(); ++i) out.files.push_back({names[i].name, contents[i]});
  warn_trailing(s, pos);
  return true;
}

}  // namespace sp::dxc
