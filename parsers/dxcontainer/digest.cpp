#include "dxcontainer/digest.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <utility>

namespace sp::dxc {
namespace {

// MD5's block function is straight-line arithmetic with no input-dependent
// branch: fuzzers gain nothing from tracing its loop compares, only time.
#if defined(__clang__)
#define SP_NO_COVERAGE_TRACING __attribute__((no_sanitize("coverage")))
#else
#define SP_NO_COVERAGE_TRACING
#endif

// Standard MD5 (RFC 1321) block function.
struct Md5 {
  uint32_t a = 0x67452301, b = 0xefcdab89, c = 0x98badcfe, d = 0x10325476;

  static uint32_t rotl(uint32_t x, unsigned s) { return (x << s) | (x >> (32 - s)); }

  // Which message word step `i` adds (RFC 1321 §3.4).
  static constexpr unsigned message_word(unsigned i) {
    return i < 16 ? i : i < 32 ? (5 * i + 1) % 16 : i < 48 ? (3 * i + 5) % 16 : (7 * i) % 16;
  }

  template <unsigned I>
  [[gnu::always_inline]] static void step(uint32_t& A, uint32_t& B, uint32_t& C, uint32_t& D, uint32_t word,
                                          uint32_t k, unsigned shift) {
    uint32_t f;
    if constexpr (I < 16) f = (B & C) | (~B & D);
    else if constexpr (I < 32) f = (D & B) | (~D & C);
    else if constexpr (I < 48) f = B ^ C ^ D;
    else f = C ^ (B | ~D);
    const uint32_t tmp = D;
    D = C;
    C = B;
    B = B + rotl(A + f + k + word, shift);
    A = tmp;
  }

  SP_NO_COVERAGE_TRACING void block(const uint8_t* p) {
    static constexpr uint32_t K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391};
    static constexpr unsigned S[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,
                                       12, 17, 22, 5,  9,  14, 20, 5,  9,  14, 20, 5,  9,
                                       14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16,
                                       23, 4,  11, 16, 23, 4,  11, 16, 23, 6,  10, 15, 21,
                                       6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};
    uint32_t m[16];
    for (int i = 0; i < 16; ++i) m[i] = load_le<uint32_t>(p + 4 * i);
    uint32_t A = a, B = b, C = c, D = d;
    // The 64 steps unrolled at compile time: each step's function, message
    // word and shift are constants, which a loop leaves to run-time branches
    // (the digest is most of what a parse with verify_digest costs).
    [&]<unsigned... I>(std::integer_sequence<unsigned, I...>) {
      (step<I>(A, B, C, D, m[message_word(I)], K[I], S[I]), ...);
    }(std::make_integer_sequence<unsigned, 64>{});
    a += A;
    b += B;
    c += C;
    d += D;
  }
};

}  // namespace

Digest compute_digest(Bytes container) {
  constexpr size_t kSkip = 20;  // magic + the digest itself
  const Bytes data = container.size() > kSkip ? container.subspan(kSkip) : Bytes{};
  const uint64_t length = data.size();
  const auto bits = static_cast<uint32_t>(length * 8);  // deliberately truncated, as dxc does
  const auto tail_marker = static_cast<uint32_t>((length << 1) | 1);

  Md5 md5;
  const size_t full = data.size() / 64 * 64;
  for (size_t i = 0; i < full; i += 64) md5.block(data.data() + i);
  const size_t r = data.size() - full;
  const uint8_t* tail = data.data() + full;

  std::array<uint8_t, 64> blk{};
  if (r < 56) {
    // One last block: bit count first, then the tail, 0x80, zeros, marker.
    store_le<uint32_t>(blk.data(), bits);
    if (r != 0) std::memcpy(blk.data() + 4, tail, r);
    blk[4 + r] = 0x80;
    store_le<uint32_t>(blk.data() + 60, tail_marker);
    md5.block(blk.data());
  } else {
    std::memcpy(blk.data(), tail, r);
    blk[r] = 0x80;
    md5.block(blk.data());
    blk.fill(0);
    store_le<uint32_t>(blk.data(), bits);
    store_le<uint32_t>(blk.data() + 60, tail_marker);
    md5.block(blk.data());
  }

  Digest out{};
  store_le<uint32_t>(out.data(), md5.a);
  store_le<uint32_t>(out.data() + 4, md5.b);
  store_le<uint32_t>(out.data() + 8, md5.c);
  store_le<uint32_t>(out.data() + 12, md5.d);
  return out;
}

Bytes signed_extent(Bytes image) {
  if (image.size() < kHeaderSize) return image;
  const uint32_t file_size = load_le<uint32_t>(image.data() + 24);
  return (file_size >= kHeaderSize && file_size <= image.size()) ? image.first(file_size) : image;
}

void sign_container(std::span<uint8_t> image) {
  if (image.size() < kHeaderSize) return;
  const Digest d = compute_digest(signed_extent(image));
  std::copy(d.begin(), d.end(), image.begin() + 4);
}

DigestState classify_digest(const Digest& stored, const Digest& computed) {
  if (stored == computed) return DigestState::match;
  auto all = [&](uint8_t v) { return std::all_of(stored.begin(), stored.end(), [v](uint8_t x) { return x == v; }); };
  if (all(0)) return DigestState::unsigned_;
  if (all(1)) return DigestState::bypass;
  if (all(2)) return DigestState::preview;
  return DigestState::mismatch;
}

const char* digest_state_name(DigestState s) {
  switch (s) {
    case DigestState::match: return "match";
    case DigestState::mismatch: return "mismatch";
    case DigestState::unsigned_: return "unsigned";
    case DigestState::bypass: return "bypass";
    case DigestState::preview: return "preview";
  }
  return "mismatch";
}

}  // namespace sp::dxc
