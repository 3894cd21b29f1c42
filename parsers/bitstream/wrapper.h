// The bitcode wrapper header (Darwin's -emit-llvm output; LLVM's
// BitcodeReader.h BWH_*): five little-endian u32 — magic 0x0B17C0DE,
// version, offset and size of the bitstream inside the file, CPU type —
// ahead of the bitstream. Bytes outside [offset, offset + size) belong to
// no stream (Apple pads the file to 16 bytes).
#pragma once

#include <cstdint>

#include "core/bytes.h"
#include "core/diagnostic.h"

namespace sp::bitstream {

inline constexpr uint32_t kWrapperMagic = 0x0B17C0DE;
inline constexpr uint64_t kWrapperHeaderSize = 20;

struct WrapperHeader {
  uint32_t magic = 0;
  uint32_t version = 0;
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t cpu_type = 0;
};

// True when `file` starts with the wrapper magic (it may still be short).
[[nodiscard]] bool has_wrapper(Bytes file);

// Where the bitstream is: the whole file, or the wrapped range. `stream`
// and `stream_offset` (its byte offset in `file`) are set on success;
// `header` when the file is wrapped. Offset + size is summed in 64 bits
// (LLVM's SkipBitcodeWrapperHeader does the same; a 32-bit sum would wrap).
struct Stream {
  Bytes bytes;
  uint64_t offset = 0;
  bool wrapped = false;
  WrapperHeader header;
};
[[nodiscard]] bool locate_stream(Bytes file, Context& ctx, Stream& out);

// LLVM IR's magic, 'B' 'C' 0xC0DE, as the 32-bit value Reader::start reads.
inline constexpr uint32_t kLlvmIrMagic = 0xDEC04342;

// True when the file is LLVM IR bitcode, bare or wrapped (for identify).
[[nodiscard]] bool looks_like_bitcode(Bytes file);

}  // namespace sp::bitstream
