#include "bitstream/wrapper.h"

#include "core/span_reader.h"
#include "core/strings.h"

namespace sp::bitstream {

bool has_wrapper(Bytes file) { return file.size() >= 4 && load_le<uint32_t>(file.data()) == kWrapperMagic; }

bool locate_stream(Bytes file, Context& ctx, Stream& out) {
  out = Stream{};
  if (!has_wrapper(file)) {
    out.bytes = file;
    return true;
  }
  const FieldPath path = FieldPath::root("wrapper");
  SpanReader r(file);
  WrapperHeader& h = out.header;
  if (!r.read_u32_le(h.magic) || !r.read_u32_le(h.version) || !r.read_u32_le(h.offset) || !r.read_u32_le(h.size) ||
      !r.read_u32_le(h.cpu_type))
    return ctx.fail(Code::truncated, r.offset(), path,
                    strprintf("bitcode wrapper header needs %llu bytes, the file has %zu",
                              static_cast<unsigned long long>(kWrapperHeaderSize), file.size()));
  auto stream = slice(file, h.offset, h.size);
  if (!stream)
    return ctx.fail(Code::wrapper_out_of_bounds, 8, path,
                    strprintf("bitstream [%u, +%u) is outside the %zu-byte file", h.offset, h.size, file.size()));
  if (h.offset < kWrapperHeaderSize)
    ctx.warn(Code::wrapper_overlaps_header, 8, path,
             strprintf("bitstream offset %u lies inside the 20-byte wrapper header", h.offset));
  out.bytes = *stream;
  out.offset = h.offset;
  out.wrapped = true;
  return true;
}

bool looks_like_bitcode(Bytes file) {
  if (has_wrapper(file)) {
    if (file.size() < kWrapperHeaderSize) return true;
    const uint32_t offset = load_le<uint32_t>(file.data() + 8);
    return range_fits(offset, 4, file.size()) && load_le<uint32_t>(file.data() + offset) == kLlvmIrMagic;
  }
  return file.size() >= 4 && load_le<uint32_t>(file.data()) == kLlvmIrMagic;
}

}  // namespace sp::bitstream
