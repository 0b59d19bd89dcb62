#include "util/detmath.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>

#include "util/philox.hpp"

namespace judge::util {
namespace {

// Distance in units in the last place, counting across zero.
int64_t ulp_distance(double a, double b) {
  auto key = [](double d) {
    auto i = std::bit_cast<int64_t>(d);
    return i < 0 ? std::numeric_limits<int64_t>::min() - i : i;
  };
  int64_t d = key(a) - key(b);
  return d < 0 ? -d : d;
}

// Deterministic test points: uniform doubles in [0,1) from Philox.
double test_u01(uint32_t i, uint32_t stream) {
  auto r = philox4x32_10({i, stream, 0, 0}, {0x5eed, 0});
  return u01_53(r[0], r[1]);
}

TEST(DetLog, SpecialPoints) {
  EXPECT_EQ(std::bit_cast<uint64_t>(det_log(1.0)), 0u);  // +0 exactly
  EXPECT_EQ(det_log(0.0), -std::numeric_limits<double>::infinity());
  EXPECT_EQ(det_log(std::numeric_limits<double>::infinity()), std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(det_log(-1.0)));
  EXPECT_TRUE(std::isnan(det_log(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_LE(ulp_distance(det_log(2.0), std::log(2.0)), 1);
  EXPECT_LE(ulp_distance(det_log(0x1p-1074), std::log(0x1p-1074)), 1);
}

TEST(DetLog, MatchesStdLogOverTheWholeRange) {
  int64_t worst = 0;
  for (uint32_t i = 0; i < 200000; ++i) {
    auto r = philox4x32_10({i, 1, 0, 0}, {0x5eed, 0});
    // Random bit patterns of positive finite doubles: every exponent, subnormals included.
    auto bits = (uint64_t{r[0]} << 32 | r[1]) & 0x7fffffffffffffffULL;
    double x = std::bit_cast<double>(bits);
    if (!std::isfinite(x) || x == 0) continue;
    worst = std::max(worst, ulp_distance(det_log(x), std::log(x)));
  }
  EXPECT_LE(worst, 1);
}

TEST(DetLog, MatchesStdLogNearOneAndOnUniforms) {
  int64_t worst = 0;
  for (uint32_t i = 0; i < 200000; ++i) {
    double u = test_u01(i, 2);
    double near_one = 0.5 + u;  // [0.5, 1.5): where log is small and cancellation bites
    worst = std::max(worst, ulp_distance(det_log(near_one), std::log(near_one)));
    if (u > 0) worst = std::max(worst, ulp_distance(det_log(u), std::log(u)));
  }
  EXPECT_LE(worst, 2);
}

TEST(DetTrig, SpecialPoints) {
  EXPECT_EQ(det_cos_2pi(0.0), 1.0);
  EXPECT_EQ(det_cos_2pi(0.5), -1.0);
  EXPECT_LE(std::abs(det_cos_2pi(0.25)), 1e-16);
  EXPECT_LE(std::abs(det_cos_2pi(0.75)), 1e-16);
  EXPECT_EQ(det_sin_2pi(0.0), 0.0);
  EXPECT_EQ(det_sin_2pi(0.25), 1.0);
  EXPECT_EQ(det_sin_2pi(0.75), -1.0);
  EXPECT_EQ(det_cos_2pi(1.0), 1.0);
  EXPECT_EQ(det_cos_2pi(-0.5), -1.0);
  EXPECT_TRUE(std::isnan(det_cos_2pi(std::numeric_limits<double>::infinity())));
  EXPECT_TRUE(std::isnan(det_sin_2pi(std::numeric_limits<double>::quiet_NaN())));
  // cos(pi/4) = sin(pi/4) = sqrt(1/2).
  EXPECT_LE(ulp_distance(det_cos_2pi(0.125), std::sqrt(0.5)), 1);
  EXPECT_LE(ulp_distance(det_sin_2pi(0.125), std::sqrt(0.5)), 1);
}

// Reference in long double on an argument reduced by whole quarter turns, so the
// reference itself does not lose accuracy near the zeros the way std::cos(2*M_PI*u) does.
long double ref_sin_2pi(double u) {
  const long double kPi = 3.141592653589793238462643383279502884L;
  double quarter = std::nearbyint(4.0 * u);  // exact for the u used here
  double v = u - quarter / 4.0;              // exact: |v| <= 1/8
  long double a = 2.0L * kPi * v;
  switch (static_cast<int>(quarter) & 3) {
    case 0:
      return std::sin(a);
    case 1:
      return std::cos(a);
    case 2:
      return -std::sin(a);
    default:
      return -std::cos(a);
  }
}

TEST(DetTrig, MatchesLongDoubleReference) {
  int64_t worst_cos = 0, worst_sin = 0;
  for (uint32_t i = 0; i < 200000; ++i) {
    double u = test_u01(i, 3);
    double ref_cos = static_cast<double>(ref_sin_2pi(u + 0.25 >= 1 ? u - 0.75 : u + 0.25));
    double ref_sin = static_cast<double>(ref_sin_2pi(u));
    // u+0.25 may round; only compare cos where the shift was exact.
    if ((u + 0.25) - 0.25 == u) worst_cos = std::max(worst_cos, ulp_distance(det_cos_2pi(u), ref_cos));
    worst_sin = std::max(worst_sin, ulp_distance(det_sin_2pi(u), ref_sin));
  }
  EXPECT_LE(worst_cos, 2);
  EXPECT_LE(worst_sin, 2);
}

TEST(DetTrig, AgreesWithStdCosInAbsoluteTerms) {
  // std::cos(2*pi*u) rounds its argument, so only an absolute comparison is fair.
  for (uint32_t i = 0; i < 100000; ++i) {
    double u = test_u01(i, 4);
    EXPECT_NEAR(det_cos_2pi(u), std::cos(2 * std::numbers::pi * u), 2e-15);
    EXPECT_NEAR(det_sin_2pi(u), std::sin(2 * std::numbers::pi * u), 2e-15);
  }
}

TEST(DetTrig, PythagoreanIdentity) {
  for (uint32_t i = 0; i < 10000; ++i) {
    double u = test_u01(i, 5);
    double c = det_cos_2pi(u), s = det_sin_2pi(u);
    EXPECT_NEAR(c * c + s * s, 1.0, 4e-16);
  }
}

// Pins the exact output bits, so a build that changes them (an FMA contraction,
// -ffast-math, a GPU port that does not match) fails here rather than silently changing
// generated test data.
TEST(DetMath, OutputBitsArePinned) {
  uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a over the output bits
  auto mix = [&h](double d) {
    auto b = std::bit_cast<uint64_t>(d);
    for (int k = 0; k < 8; ++k) h = (h ^ ((b >> (8 * k)) & 0xff)) * 0x100000001b3ULL;
  };
  for (uint32_t i = 0; i < 4096; ++i) {
    auto r = philox4x32_10({i, 6, 0, 0}, {0x5eed, 0});
    mix(det_log(u01_53_open0(r[0], r[1])));
    double u = u01_53(r[2], r[3]);
    mix(det_cos_2pi(u));
    mix(det_sin_2pi(u));
  }
  EXPECT_EQ(h, 0x6032cf6ee9edf240ULL) << std::hex << "got 0x" << h;
}

}  // namespace
}  // namespace judge::util
