#include "util/detmath.hpp"

#include <bit>
#include <cstdint>
#include <limits>

// Bit-identical results need every operation rounded on its own: a fused a*b+c (which GCC
// emits under its default -ffp-contract=fast once FMA is enabled, e.g. -march=native)
// changes the last bits. Forbid contraction here whatever the build flags say.
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

namespace judge::util {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// ln 2 split so that e * kLn2Hi is exact for every binary64 exponent e (kLn2Hi has 21
// trailing zero bits); kLn2Lo carries the rest (fdlibm's constants).
constexpr double kLn2Hi = 6.93147180369123816490e-01;  // 0x3fe62e42fee00000
constexpr double kLn2Lo = 1.90821492927058770002e-10;  // 0x3dea39ef35793c76
constexpr double kSqrt2 = 1.41421356237309504880;

// R(z) = 2z/3 + 2z^2/5 + ... + 2z^10/21, so that 2*atanh(s) = 2s + s*R(s*s).
// With |s| <= 3 - 2*sqrt(2) ~ 0.1716 the dropped terms are below 2^-60 relative.
double atanh_tail(double z) {
  double p = 2.0 / 21;
  p = 2.0 / 19 + z * p;
  p = 2.0 / 17 + z * p;
  p = 2.0 / 15 + z * p;
  p = 2.0 / 13 + z * p;
  p = 2.0 / 11 + z * p;
  p = 2.0 / 9 + z * p;
  p = 2.0 / 7 + z * p;
  p = 2.0 / 5 + z * p;
  p = 2.0 / 3 + z * p;
  return z * p;
}

// sin(x) for |x| <= pi/4: Taylor to x^17; the first dropped term is below 2^-62 relative.
double sin_kernel(double x) {
  double z = x * x;
  double p = 1.0 / 355687428096000;  // 1/17!
  p = -1.0 / 1307674368000 + z * p;  // 1/15!
  p = 1.0 / 6227020800 + z * p;      // 1/13!
  p = -1.0 / 39916800 + z * p;       // 1/11!
  p = 1.0 / 362880 + z * p;          // 1/9!
  p = -1.0 / 5040 + z * p;           // 1/7!
  p = 1.0 / 120 + z * p;             // 1/5!
  p = -1.0 / 6 + z * p;              // 1/3!
  return x + x * (z * p);
}

// cos(x) for |x| <= pi/4: Taylor to x^16; the first dropped term is below 2^-58.
double cos_kernel(double x) {
  double z = x * x;
  double p = 1.0 / 20922789888000;  // 1/16!
  p = -1.0 / 87178291200 + z * p;   // 1/14!
  p = 1.0 / 479001600 + z * p;      // 1/12!
  p = -1.0 / 3628800 + z * p;       // 1/10!
  p = 1.0 / 40320 + z * p;          // 1/8!
  p = -1.0 / 720 + z * p;           // 1/6!
  p = 1.0 / 24 + z * p;             // 1/4!
  double half_z = 0.5 * z;
  // 1 - z/2 + z^2*p, with the small correction added before the large cancellation.
  return 1.0 - (half_z - (z * z) * p);
}

// Splits u (in turns) into a quarter-turn count q (mod 4) and a remainder r in
// [-1/2, 1/2] quarter turns, all exactly: 4*u is exact, rounding to an integer by
// adding and subtracting 2^52 is exact for |t| < 2^52, and t - n is exact.
struct Quadrant {
  int q;
  double r;
};

Quadrant reduce_quarter_turns(double u) {
  double t = 4.0 * u;
  double n = t;  // |t| >= 2^52 is already an integer
  if (t >= 0 && t < 0x1p52) n = (t + 0x1p52) - 0x1p52;
  if (t < 0 && t > -0x1p52) n = (t - 0x1p52) + 0x1p52;
  // |n| >= 2^54 is a multiple of 4; otherwise it fits an int64 and two's complement
  // gives n mod 4 for negatives too.
  bool huge = n >= 0x1p54 || n <= -0x1p54;
  int q = huge ? 0 : static_cast<int>(static_cast<int64_t>(n) & 3);
  return {q, t - n};
}

// sin or cos of 2*pi*u: `phase` = 0 for sin, 1 for cos (cos(a) = sin(a + quarter turn)).
double sincos_2pi(double u, int phase) {
  if (!(u - u == 0)) return kNaN;  // inf or NaN
  Quadrant qr = reduce_quarter_turns(u);
  constexpr double kHalfPi = 1.57079632679489661923;
  double x = qr.r * kHalfPi;  // |x| <= pi/4
  double v = 0;
  switch ((qr.q + phase) & 3) {
    case 0:
      v = sin_kernel(x);
      break;
    case 1:
      v = cos_kernel(x);
      break;
    case 2:
      v = -sin_kernel(x);
      break;
    default:
      v = -cos_kernel(x);
      break;
  }
  return v + 0.0;  // turns an exact -0 (e.g. -sin(0)) into +0; changes nothing else
}

}  // namespace

double det_log(double x) {
  if (!(x > 0)) return x == 0 ? -kInf : kNaN;
  if (x == kInf) return kInf;
  int e = 0;
  if (x < 0x1p-1022) {  // subnormal: scale into the normal range (exact)
    x *= 0x1p54;
    e = -54;
  }
  // x = 2^e * m with m in [1, 2), read straight from the bits.
  auto bits = std::bit_cast<uint64_t>(x);
  e += static_cast<int>(bits >> 52) - 1023;
  double m = std::bit_cast<double>((bits & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL);
  // Centre m on 1 (m in [sqrt2/2, sqrt2]) so the series argument stays small.
  if (m > kSqrt2) {
    m *= 0.5;
    e += 1;
  }
  // fdlibm's formulation: log(1+f) = f - (f^2/2 - s*(f^2/2 + R)), s = f/(2+f). f is exact
  // and dominant, so rounding in the small correction terms barely shows.
  double f = m - 1.0;
  double s = f / (2.0 + f);
  double r = atanh_tail(s * s);
  double half_f2 = 0.5 * f * f;
  double k = e;
  return k * kLn2Hi - ((half_f2 - (s * (half_f2 + r) + k * kLn2Lo)) - f);
}

double det_cos_2pi(double u) {
  return sincos_2pi(u, 1);
}

double det_sin_2pi(double u) {
  return sincos_2pi(u, 0);
}

}  // namespace judge::util
