// CPU reference for gaussian-blur (2-D cross-correlation with a centred kernel and zero padding,
// output the size of the input):
//   output[i][j] = sum_{m < kernel_rows} sum_{n < kernel_cols}
//                  input[i + m - kernel_rows / 2][j + n - kernel_cols / 2] * kernel[m][n]
// where input values outside the image count as 0. Each sum is accumulated in double over the
// taps that land inside the image and rounded to float once; the outputs are computed on every core.
#include <algorithm>
#include <cstddef>
#include <stdexcept>

#include "reference/reference.hpp"

JUDGE_REFERENCE("gaussian-blur", args) {
  const auto in = args.in<float>("input");
  const auto k = args.in<float>("kernel");
  const auto out = args.out<float>("output");
  const auto rows = static_cast<long long>(args.scalar_int("input_rows"));
  const auto cols = static_cast<long long>(args.scalar_int("input_cols"));
  const auto krows = static_cast<long long>(args.scalar_int("kernel_rows"));
  const auto kcols = static_cast<long long>(args.scalar_int("kernel_cols"));
  if (krows % 2 == 0 || kcols % 2 == 0) throw std::invalid_argument("kernel_rows and kernel_cols must be odd");
  const long long hr = krows / 2, hc = kcols / 2;

  const auto one = [&](std::size_t o) {
    const long long i = static_cast<long long>(o) / cols, j = static_cast<long long>(o) % cols;
    // Taps m with 0 <= i + m - hr < rows, and n likewise: the others read zero padding.
    const long long m_lo = std::max(0LL, hr - i), m_hi = std::min(krows, rows - i + hr);
    const long long n_lo = std::max(0LL, hc - j), n_hi = std::min(kcols, cols - j + hc);
    double sum = 0;
    for (long long m = m_lo; m < m_hi; ++m) {
      const float* in_row = in.data() + ((i + m - hr) * cols + (j - hc + n_lo));  // input column j - hc + n_lo >= 0
      const float* k_row = k.data() + (m * kcols + n_lo);
      for (long long n = 0; n < n_hi - n_lo; ++n) sum += static_cast<double>(in_row[n]) * static_cast<double>(k_row[n]);
    }
    out[o] = static_cast<float>(sum);
  };
  judge::reference::parallel_for(static_cast<std::size_t>(rows * cols), one);
}
