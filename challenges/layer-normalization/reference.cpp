// CPU reference for "layer-normalization": for every row n of the N x C row-major input, the
// mean and the biased variance (divided by C) of its C values in double, two passes (mean
// first, then squared deviations), then output = (x - mean) / sqrt(var + eps) * weight[c] +
// bias[c], rounded to float once. eps is used as the float solve receives.
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("layer-normalization", args) {
  const auto input = args.in<float>("input");
  const auto weight = args.in<float>("weight");
  const auto bias = args.in<float>("bias");
  const auto output = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto c = static_cast<std::size_t>(args.scalar_int("C"));
  const double eps = static_cast<float>(args.scalar_float("eps"));

  judge::reference::parallel_for(n, [&](std::size_t r) {
    const float* x = &input[r * c];
    double sum = 0;
    for (std::size_t j = 0; j < c; ++j) sum += x[j];
    const double mean = sum / static_cast<double>(c);
    double squares = 0;
    for (std::size_t j = 0; j < c; ++j) {
      const double d = x[j] - mean;
      squares += d * d;
    }
    const double rstd = 1.0 / std::sqrt(squares / static_cast<double>(c) + eps);
    float* y = &output[r * c];
    for (std::size_t j = 0; j < c; ++j)
      y[j] = static_cast<float>((x[j] - mean) * rstd * static_cast<double>(weight[j]) + static_cast<double>(bias[j]));
  });
}
