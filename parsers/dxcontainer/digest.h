// The "retail" container digest written by fxc and dxc: MD5's state and
// rounds over bytes [20, N) with a non-standard final padding (see
// docs/formats/dxcontainer.md §Digest and vkd3d's checksum.c). Verified against
// every signed file in shared/external.
#pragma once

#include "core/bytes.h"
#include "dxcontainer/model.h"

namespace sp::dxc {

// Digest of a whole container image (the first 20 bytes are skipped; the
// caller passes the bytes up to FileSize). Inputs shorter than 20 bytes
// digest as if empty.
[[nodiscard]] Digest compute_digest(Bytes container);

// Stores the retail digest of `image` (bytes [20, FileSize), or the whole
// image when FileSize is unusable) into its header. Images shorter than the
// 32-byte header are left alone.
void sign_container(std::span<uint8_t> image);

// The bytes the digest covers: [0, FileSize) when FileSize is a usable
// length, else the whole input.
[[nodiscard]] Bytes signed_extent(Bytes image);

enum class DigestState : uint8_t { match, mismatch, unsigned_, bypass, preview };

// Compares the stored digest with the computed one, recognising sentinels:
// all zero = not signed, 16 x 0x01 = bypass, 16 x 0x02 = preview.
[[nodiscard]] DigestState classify_digest(const Digest& stored, const Digest& computed);
[[nodiscard]] const char* digest_state_name(DigestState s);

}  // namespace sp::dxc
