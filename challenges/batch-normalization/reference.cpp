// CPU reference for "batch-normalization": for every channel c (column of the N x C row-major
// input), the mean and the biased variance (divided by N) over the N rows in double, then
// output = gamma[c] * (x - mean) / sqrt(var + eps) + beta[c], rounded to float once.
//
// Channels are processed in groups of 64 adjacent columns, so the row loop reads 256
// contiguous bytes at a time; groups run in parallel, each channel's sums in row order.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include "reference/reference.hpp"

JUDGE_REFERENCE("batch-normalization", args) {
  const auto input = args.in<float>("input");
  const auto gamma = args.in<float>("gamma");
  const auto beta = args.in<float>("beta");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto c = static_cast<std::size_t>(args.scalar_int("C"));
  const double eps = static_cast<float>(args.scalar_float("eps"));

  constexpr std::size_t kGroup = 64;
  const std::size_t groups = (c + kGroup - 1) / kGroup;
  judge::reference::parallel_for(groups, [&](std::size_t g) {
    const std::size_t c0 = g * kGroup;
    const std::size_t width = std::min(kGroup, c - c0);
    std::vector<double> mean(width, 0.0), var(width, 0.0);
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t k = 0; k < width; ++k) mean[k] += input[r * c + c0 + k];
    for (std::size_t k = 0; k < width; ++k) mean[k] /= static_cast<double>(n);
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t k = 0; k < width; ++k) {
        const double d = input[r * c + c0 + k] - mean[k];
        var[k] += d * d;
      }
    std::vector<double> scale(width);
    for (std::size_t k = 0; k < width; ++k) scale[k] = gamma[c0 + k] / std::sqrt(var[k] / static_cast<double>(n) + eps);
    for (std::size_t r = 0; r < n; ++r)
      for (std::size_t k = 0; k < width; ++k)
        output[r * c + c0 + k] =
            static_cast<float>((input[r * c + c0 + k] - mean[k]) * scale[k] + static_cast<double>(beta[c0 + k]));
  });
}
