// CPU reference for "int8-quantized-matmul", step by step as the official reference computes it:
//   acc = sum over k of (A[i][k] - zero_point_A) * (B[k][j] - zero_point_B)   exact integer
//   r   = 1 / scale_C                                                          in float
//   y   = ((float(acc) * scale_A) * scale_B) * r                               in float, left to right
//   q   = y rounded to the nearest integer, ties to the even one (rintf)
//   C   = q + zero_point_C, clamped to [-128, 127]
// That is PyTorch's order for C_f * scale_A * scale_B / scale_C on CUDA, where dividing a tensor
// by a scalar multiplies by the scalar's float reciprocal. Every float operation is one IEEE
// single-precision operation rounded to nearest, the same on the GPU, so the int8 result is
// exact. The rounding of q is written out (floor and a comparison) so it does not depend on the
// floating-point environment.
//
// The sums are reference/dense's double-precision product of A - zero_point_A and B -
// zero_point_B as floats: every term and every partial sum is an integer below 2^31, exact in
// float and double, so the product is the exact integer sum, blocked and on every core.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"

namespace {

struct Scaling {
  float scale_a, scale_b, reciprocal_c;
};

// Three float products, left to right, each rounded to float (no fast-math here, and products
// alone are never contracted into a fused multiply-add).
signed char requantize(std::int64_t acc, const Scaling& s, int zero_point_c) {
  const float y = ((static_cast<float>(acc) * s.scale_a) * s.scale_b) * s.reciprocal_c;
  const float f = std::floor(y);
  const float frac = y - f;  // exact: y and f are floats within one unit of each other
  float q = f;
  if (frac > 0.5f || (frac == 0.5f && std::fmod(f, 2.0f) != 0.0f)) q = f + 1.0f;
  double v = static_cast<double>(q) + zero_point_c;
  if (v < -128.0) v = -128.0;
  if (v > 127.0) v = 127.0;
  return static_cast<signed char>(v);
}

// x - zero_point for every element, as floats (exact: at most 255 in magnitude).
std::vector<float> centred(std::span<const signed char> x, int zero_point) {
  std::vector<float> f(x.size());
  judge::reference::parallel_for(x.size(), [&](std::size_t i) { f[i] = static_cast<float>(x[i] - zero_point); });
  return f;
}

}  // namespace

JUDGE_REFERENCE("int8-quantized-matmul", args) {
  const auto a = args.in<signed char>("A");
  const auto b = args.in<signed char>("B");
  const auto c = args.out<signed char>("C");
  const auto m_rows = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));
  const float scale_a = static_cast<float>(args.scalar_float("scale_A"));
  const float scale_b = static_cast<float>(args.scalar_float("scale_B"));
  const float scale_c = static_cast<float>(args.scalar_float("scale_C"));
  const int zero_a = static_cast<int>(args.scalar_int("zero_point_A"));
  const int zero_b = static_cast<int>(args.scalar_int("zero_point_B"));
  const int zero_c = static_cast<int>(args.scalar_int("zero_point_C"));
  const Scaling scaling{scale_a, scale_b, 1.0f / scale_c};  // the reciprocal rounded to float

  using judge::reference::row_major;
  const std::vector<float> a_c = centred(a, zero_a), b_c = centred(b, zero_b);
  judge::reference::product(row_major(a_c.data(), k), row_major(b_c.data(), n), m_rows, n, k,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t j = 0; j < n; ++j)
                                c[i * n + j] = requantize(static_cast<std::int64_t>(sums[j]), scaling, zero_c);
                            });
}
