// Deterministic elementary functions for input generation (e.g. Box-Muller normals).
//
// std::log/std::cos differ in the last bit between C libraries and between host and GPU,
// which would make generated test data depend on the machine. These functions use only
// IEEE-754 basic operations (+, -, *, /, comparisons, exact bit manipulation), each
// correctly rounded, so the same inputs give the same bits everywhere. That holds only if
// the compiler neither fuses a*b+c into an FMA nor reassociates: detmath.cpp forbids
// contraction itself, -ffast-math must stay off, and a GPU port needs -fmad=false.
// Measured accuracy: det_log within 1 ulp, det_cos_2pi/det_sin_2pi within 2 ulp.
#pragma once

namespace judge::util {

// Natural logarithm. Meant for finite x > 0 (subnormals included); also follows the usual
// conventions elsewhere: log(0) = -inf, log(+inf) = +inf, log(x<0) = log(NaN) = NaN.
double det_log(double x);

// cos(2*pi*u) and sin(2*pi*u). Meant for u in [0,1); any finite u works because the
// reduction by whole turns and quarter turns is exact. Exact at multiples of 1/4:
// cos_2pi(0) = 1, cos_2pi(0.25) = +0, cos_2pi(0.5) = -1. Non-finite u gives NaN.
double det_cos_2pi(double u);
double det_sin_2pi(double u);

}  // namespace judge::util
