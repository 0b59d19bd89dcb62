// CPU reference for "int4-weight-only-quantized-matmul": y = x W^T with W (N x K) unpacked from
// 4-bit codes and scaled per group, as the official reference computes it in float32:
//   byte w_q[n][i] holds W's codes for k = 2i (high nibble) and k = 2i + 1 (low nibble);
//   W[n][k] = (code - 8) * scales[n][k / group_size];
//   y[m][n] = sum over k of x[m][k] * W[n][k], rounded to half (nearest, ties to even).
// (code - 8) * scale is exact in float (a 4-bit integer times an 11-bit half), so W is the
// official float32 W bit for bit. The sums are reference/dense's: in double, blocked and on every
// core, each rounded once to float and then to half; the official float32 sums differ from them by
// far less than the 1e-2 tolerance.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reference/dense.hpp"
#include "reference/reference.hpp"
#include "util/half.hpp"

JUDGE_REFERENCE("int4-weight-only-quantized-matmul", args) {
  using judge::util::half_bits_to_float;
  const auto xh = args.in<std::uint16_t>("x");
  const auto w_q = args.in<std::uint8_t>("w_q");
  const auto scales = args.in<std::uint16_t>("scales");
  const auto y = args.out<std::uint16_t>("y");
  const auto m = static_cast<std::size_t>(args.scalar_int("M"));
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto k = static_cast<std::size_t>(args.scalar_int("K"));
  const auto group = static_cast<std::size_t>(args.scalar_int("group_size"));
  const std::size_t groups = k / group;

  std::vector<float> x(xh.size());
  judge::reference::parallel_for(xh.size(), [&](std::size_t i) { x[i] = half_bits_to_float(xh[i]); });
  // w[r * k + c] = W[r][c], one row of W per task.
  std::vector<float> w(n * k);
  judge::reference::parallel_for(n, [&](std::size_t r) {
    for (std::size_t c = 0; c < k; ++c) {
      const std::uint8_t byte = w_q[r * (k / 2) + c / 2];
      const int code = c % 2 == 0 ? byte >> 4 : byte & 0x0F;
      w[r * k + c] = static_cast<float>(code - 8) * half_bits_to_float(scales[r * groups + c / group]);
    }
  });

  // b(c, j) = W[j][c]: W^T is W's rows read with the strides swapped.
  const judge::reference::FloatMatrix w_t{w.data(), 1, k};
  judge::reference::product(judge::reference::row_major(x.data(), k), w_t, m, n, k,
                            [&](std::size_t i, const double* sums) {
                              for (std::size_t j = 0; j < n; ++j)
                                y[i * n + j] = judge::util::float_to_half_bits(static_cast<float>(sums[j]));
                            });
}
