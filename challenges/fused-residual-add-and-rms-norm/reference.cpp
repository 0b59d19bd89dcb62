// CPU reference for "fused-residual-add-and-rms-norm": for every row n of the N x C row-major
// inputs, z = x + residual added in float (as the official float32 reference does), the sum of
// z^2 over the row in double, rms = sqrt(sum / C + eps), and out = z / rms * weight[c] rounded
// to float once. eps is used as the float solve receives. The residual is not updated.
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("fused-residual-add-and-rms-norm", args) {
  const auto x = args.in<float>("x");
  const auto residual = args.in<float>("residual");
  const auto weight = args.in<float>("weight");
  const auto out = args.out<float>("out");
  const auto n = static_cast<std::size_t>(args.scalar_int("N"));
  const auto c = static_cast<std::size_t>(args.scalar_int("C"));
  const double eps = static_cast<float>(args.scalar_float("eps"));

  judge::reference::parallel_for(n, [&](std::size_t r) {
    const float* xr = &x[r * c];
    const float* rr = &residual[r * c];
    double squares = 0;
    for (std::size_t j = 0; j < c; ++j) {
      const double z = xr[j] + rr[j];  // the float sum, exact in double from here on
      squares += z * z;
    }
    const double inv_rms = 1.0 / std::sqrt(squares / static_cast<double>(c) + eps);
    float* y = &out[r * c];
    for (std::size_t j = 0; j < c; ++j) {
      const double z = xr[j] + rr[j];
      y[j] = static_cast<float>(z * inv_rms * static_cast<double>(weight[j]));
    }
  });
}
