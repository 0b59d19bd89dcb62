// CPU reference for "int8-quantized-matmul", step by step as the statement defines it:
//   acc = sum over k of (A[i][k] - zero_point_A) * (B[k][j] - zero_point_B)   exact integer
//   m   = (scale_A * scale_B) / scale_C                                        in float, in this order
//   y   = float(acc) * m                                                       in float
//   q   = y rounded to the nearest integer, ties to the even one
//   C   = q + zero_point_C, clamped to [-128, 127]
// Every float operation is one IEEE single-precision operation rounded to nearest, the same
// on the GPU, so the int8 result is exact. The rounding of q is written out (floor and a
// comparison) so it does not depend on the floating-point environment.
//
// Large cases are checked on a sample of C (challenge.json "check"): then only the sampled
// elements are computed.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/reference.hpp"

namespace {

signed char requantize(std::int64_t acc, float m, int zero_point_c) {
  const float y = static_cast<float>(acc) * m;
  const float f = std::floor(y);
  const float frac = y - f;  // exact: y and f are floats within one unit of each other
  float q = f;
  if (frac > 0.5f || (frac == 0.5f && std::fmod(f, 2.0f) != 0.0f)) q = f + 1.0f;
  double v = static_cast<double>(q) + zero_point_c;
  if (v < -128.0) v = -128.0;
  if (v > 127.0) v = 127.0;
  return static_cast<signed char>(v);
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
  const float product = scale_a * scale_b;
  const float multiplier = product / scale_c;

  if (args.sampled()) {
    judge::reference::parallel_for_each(args.sample("C"), [&](std::size_t idx) {
      const std::size_t i = idx / n, j = idx % n;
      std::int64_t acc = 0;
      for (std::size_t t = 0; t < k; ++t)
        acc += static_cast<std::int64_t>(a[i * k + t] - zero_a) * (b[t * n + j] - zero_b);
      c[idx] = requantize(acc, multiplier, zero_c);
    });
    return;
  }

  // One row of C per call: the i-k-j order walks B and the accumulator row contiguously.
  judge::reference::parallel_for(m_rows, [&](std::size_t i) {
    std::vector<std::int64_t> row(n, 0);
    for (std::size_t t = 0; t < k; ++t) {
      const std::int64_t ait = a[i * k + t] - zero_a;
      const signed char* brow = &b[t * n];
      for (std::size_t j = 0; j < n; ++j) row[j] += ait * (brow[j] - zero_b);
    }
    for (std::size_t j = 0; j < n; ++j) c[i * n + j] = requantize(row[j], multiplier, zero_c);
  });
}
