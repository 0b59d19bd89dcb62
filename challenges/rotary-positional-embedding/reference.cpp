// CPU reference for rotary-positional-embedding (the "rotate half" form of RoPE):
//   output[m][j] = Q[m][j] * cos[m][j] + rotate_half(Q[m])[j] * sin[m][j]
// where, with h = D / 2, rotate_half(x)[j] = -x[j + h] for j < h and x[j - h] for j >= h.
// Each value is computed in double and rounded to float once. D must be even.
#include <cstddef>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("rotary-positional-embedding", args) {
  const auto q = args.in<float>("Q");
  const auto c = args.in<float>("cos");
  const auto s = args.in<float>("sin");
  const auto out = args.out<float>("output");
  const auto M = static_cast<std::size_t>(args.scalar_int("M"));
  const auto D = static_cast<std::size_t>(args.scalar_int("D"));
  if (D % 2 != 0) throw std::invalid_argument("D must be even");
  const std::size_t h = D / 2;

  judge::reference::parallel_for(M, [&](std::size_t m) {
    const std::size_t row = m * D;
    for (std::size_t j = 0; j < D; ++j) {
      const double rotated = j < h ? -static_cast<double>(q[row + j + h]) : static_cast<double>(q[row + j - h]);
      const double v = static_cast<double>(q[row + j]) * static_cast<double>(c[row + j]) +
                       rotated * static_cast<double>(s[row + j]);
      out[row + j] = static_cast<float>(v);
    }
  });
}
