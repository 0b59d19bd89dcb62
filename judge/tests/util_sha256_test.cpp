#include "util/sha256.hpp"

#include <gtest/gtest.h>

#include <string>

namespace judge::util {
namespace {

// Vectors from NIST's "SHA-256 examples" (FIPS 180-4 appendix).
TEST(Sha256, EmptyMessage) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Sha256, Abc) {
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, TwoBlockMessage448Bits) {
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, OneMillionAInOddChunks) {
  Sha256 h;
  std::size_t remaining = 1000000;
  const std::string chunk(1000, 'a');
  // Chunk sizes cycle through primes so block boundaries fall at every offset.
  const std::size_t sizes[] = {1, 3, 7, 13, 63, 64, 65, 127, 997};
  for (std::size_t i = 0; remaining > 0; ++i) {
    std::size_t n = std::min(remaining, sizes[i % std::size(sizes)]);
    h.update(std::string_view(chunk).substr(0, n));
    remaining -= n;
  }
  EXPECT_EQ(h.hex_digest(), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, PaddingBoundaries) {
  // Lengths 55, 56 and 64 exercise the one-block and two-block padding paths; the
  // incremental and one-shot paths must agree byte for byte.
  for (std::size_t len : {55u, 56u, 63u, 64u, 119u, 120u}) {
    std::string msg(len, 'x');
    Sha256 h;
    for (char c : msg) h.update(std::string_view(&c, 1));
    EXPECT_EQ(h.hex_digest(), sha256_hex(msg)) << "length " << len;
  }
  EXPECT_EQ(sha256_hex(std::string(64, 'a')), "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST(Sha256, DigestResetsObject) {
  Sha256 h;
  h.update("abc");
  (void)h.hex_digest();
  EXPECT_EQ(h.hex_digest(), sha256_hex(""));
}

}  // namespace
}  // namespace judge::util
