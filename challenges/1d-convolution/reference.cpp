// CPU reference for 1d-convolution (valid cross-correlation, no kernel flip):
//   output[i] = sum_{j < kernel_size} input[i + j] * kernel[j],  0 <= i <= input_size - kernel_size
// each sum accumulated in double and rounded to float once; the outputs are computed on every core.
#include <cstddef>
#include <stdexcept>

#include "reference/reference.hpp"

namespace {

double tap_sum(const float* in, const float* k, std::size_t ks) {
  double sum = 0;
  for (std::size_t j = 0; j < ks; ++j) sum += static_cast<double>(in[j]) * static_cast<double>(k[j]);
  return sum;
}

}  // namespace

JUDGE_REFERENCE("1d-convolution", args) {
  const auto in = args.in<float>("input");
  const auto k = args.in<float>("kernel");
  const auto out = args.out<float>("output");
  const auto n = static_cast<std::size_t>(args.scalar_int("input_size"));
  const auto ks = static_cast<std::size_t>(args.scalar_int("kernel_size"));
  if (ks > n) throw std::invalid_argument("kernel_size must not exceed input_size");
  const std::size_t n_out = n - ks + 1;
  judge::reference::parallel_for(n_out,
                                 [&](std::size_t i) { out[i] = static_cast<float>(tap_sum(&in[i], k.data(), ks)); });
}
