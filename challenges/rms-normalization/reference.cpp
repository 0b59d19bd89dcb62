// CPU reference for "rms-normalization": output[i] = gamma * input[i] / rms + beta with
// rms = sqrt(sum of input[j]^2 / N + eps), the sum in double (fixed blocks, so the same on any
// number of threads), every output rounded to float once. gamma, beta and eps are used as the
// floats solve receives.
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("rms-normalization", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const double gamma = static_cast<float>(args.scalar_float("gamma"));
  const double beta = static_cast<float>(args.scalar_float("beta"));
  const double eps = static_cast<float>(args.scalar_float("eps"));
  const std::size_t n = input.size();

  const double sum_squares = judge::reference::parallel_sum(n, [&](std::size_t i) {
    const double x = input[i];
    return x * x;
  });
  const double scale = gamma / std::sqrt(sum_squares / static_cast<double>(n) + eps);
  judge::reference::parallel_for(
      n, [&](std::size_t i) { output[i] = static_cast<float>(static_cast<double>(input[i]) * scale + beta); });
}
