#include "util/half.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

namespace judge::util {
namespace {

uint16_t h(float f) {
  return float_to_half_bits(f);
}

TEST(Half, ExactValues) {
  EXPECT_EQ(h(0.0f), 0x0000);
  EXPECT_EQ(h(-0.0f), 0x8000);
  EXPECT_EQ(h(1.0f), 0x3c00);
  EXPECT_EQ(h(-2.0f), 0xc000);
  EXPECT_EQ(h(0.5f), 0x3800);
  EXPECT_EQ(h(65504.0f), 0x7bff);    // largest finite half
  EXPECT_EQ(h(0x1p-14f), 0x0400);    // smallest normal
  EXPECT_EQ(h(0x1p-24f), 0x0001);    // smallest subnormal
  EXPECT_EQ(h(0x3ffp-24f), 0x03ff);  // largest subnormal
}

TEST(Half, RoundsToNearestEven) {
  EXPECT_EQ(h(1.0f + 0x1p-11f), 0x3c00);             // tie, 0x3c00 is even
  EXPECT_EQ(h(1.0f + 3 * 0x1p-11f), 0x3c02);         // tie, 0x3c02 is even
  EXPECT_EQ(h(1.0f + 0x1p-11f + 0x1p-20f), 0x3c01);  // just above the tie
  EXPECT_EQ(h(2047.0f + 0.5f), 0x6800);              // carry into the exponent: 2048
  EXPECT_EQ(h(0x1p-25f), 0x0000);                    // tie between 0 and the smallest: 0
  EXPECT_EQ(h(0x1.000002p-25f), 0x0001);             // just above that tie
  EXPECT_EQ(h(3 * 0x1p-25f), 0x0002);                // tie between 1 and 2 units
  EXPECT_EQ(h(0x7ffp-25f), 0x0400);                  // largest subnormal + half unit -> normal
  EXPECT_EQ(h(0x1p-26f), 0x0000);
  EXPECT_EQ(h(-0x1p-30f), 0x8000);  // underflow keeps the sign
  EXPECT_EQ(h(std::numeric_limits<float>::denorm_min()), 0x0000);
}

TEST(Half, OverflowsToInfinity) {
  EXPECT_EQ(h(65519.0f), 0x7bff);
  EXPECT_EQ(h(65520.0f), 0x7c00);  // tie with 2^16 goes to infinity
  EXPECT_EQ(h(1e10f), 0x7c00);
  EXPECT_EQ(h(-1e10f), 0xfc00);
  EXPECT_EQ(h(std::numeric_limits<float>::infinity()), 0x7c00);
  EXPECT_EQ(h(-std::numeric_limits<float>::infinity()), 0xfc00);
  EXPECT_EQ(h(std::numeric_limits<float>::max()), 0x7c00);
}

TEST(Half, NanStaysQuietNan) {
  EXPECT_EQ(h(std::numeric_limits<float>::quiet_NaN()), 0x7e00);
  // A signalling NaN whose payload lies below the kept bits must not become infinity.
  uint16_t s = h(std::bit_cast<float>(0x7f800001u));
  EXPECT_EQ(s, 0x7e00);
  EXPECT_EQ(h(std::bit_cast<float>(0xffc12345u)) & 0xfe00, 0xfe00);  // sign kept
  EXPECT_TRUE(std::isnan(half_bits_to_float(0x7c01)));
  EXPECT_TRUE(std::isnan(half_bits_to_float(0xfe00)));
}

TEST(Half, ToFloatValues) {
  EXPECT_EQ(half_bits_to_float(0x3c00), 1.0f);
  EXPECT_EQ(half_bits_to_float(0x7bff), 65504.0f);
  EXPECT_EQ(half_bits_to_float(0x0001), 0x1p-24f);
  EXPECT_EQ(half_bits_to_float(0x03ff), 0x3ffp-24f);
  EXPECT_EQ(half_bits_to_float(0x7c00), std::numeric_limits<float>::infinity());
  EXPECT_EQ(half_bits_to_float(0xfc00), -std::numeric_limits<float>::infinity());
  EXPECT_EQ(std::bit_cast<uint32_t>(half_bits_to_float(0x8000)), 0x80000000u);
  EXPECT_EQ(half_bits_to_float(0x8001), -0x1p-24f);
}

TEST(Half, EveryHalfRoundTrips) {
  for (uint32_t bits = 0; bits <= 0xffff; ++bits) {
    auto hb = static_cast<uint16_t>(bits);
    float f = half_bits_to_float(hb);
    if ((hb & 0x7c00) == 0x7c00 && (hb & 0x3ff)) {
      ASSERT_TRUE(std::isnan(f)) << std::hex << bits;
      ASSERT_TRUE(std::isnan(half_bits_to_float(h(f)))) << std::hex << bits;
      continue;
    }
    ASSERT_EQ(h(f), hb) << std::hex << bits;
  }
}

TEST(Half, MidpointsBetweenNeighboursTieToEven) {
  // For every pair of adjacent positive finite halves, the float exactly between them
  // rounds to the even one, and floats a hair either side round to the nearer.
  for (uint16_t lo = 0; lo < 0x7bff; ++lo) {
    float a = half_bits_to_float(lo), b = half_bits_to_float(static_cast<uint16_t>(lo + 1));
    float mid = a + (b - a) / 2;  // exact: halves have 11 significant bits
    uint16_t even = (lo & 1) ? static_cast<uint16_t>(lo + 1) : lo;
    ASSERT_EQ(h(mid), even) << std::hex << lo;
    ASSERT_EQ(h(std::nextafter(mid, 0.0f)), lo) << std::hex << lo;
    ASSERT_EQ(h(std::nextafter(mid, 1e9f)), lo + 1) << std::hex << lo;
    ASSERT_EQ(h(-mid), even | 0x8000) << std::hex << lo;
  }
}

}  // namespace
}  // namespace judge::util
