// CPU reference for gaussian-error-gated-linear-unit: with h = N / 2, a = input[i] and
// g = input[h + i], output[i] = a * GELU(g), GELU(g) = g * Phi(g) = 0.5 * g * erfc(-g / sqrt(2)),
// in double and rounded once to float. erfc keeps full relative accuracy in the negative tail,
// where 1 + erf(g / sqrt(2)) would cancel.
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("gaussian-error-gated-linear-unit", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto half = static_cast<std::size_t>(args.scalar_int("N")) / 2;
  const double inv_sqrt2 = 1.0 / std::sqrt(2.0);
  judge::reference::parallel_for(half, [&](std::size_t i) {
    const double a = input[i];
    const double g = input[half + i];
    const double gelu = 0.5 * g * std::erfc(-g * inv_sqrt2);
    output[i] = static_cast<float>(a * gelu);
  });
}
