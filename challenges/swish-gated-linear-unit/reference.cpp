// CPU reference for swish-gated-linear-unit: with h = N / 2, a = input[i] and b = input[h + i],
// output[i] = a / (1 + exp(-a)) * b, in double, rounded once to float. For negative a the SiLU
// factor uses the equal a * e / (1 + e) with e = exp(a), so no intermediate overflows.
#include <cmath>
#include <cstddef>

#include "reference/reference.hpp"

JUDGE_REFERENCE("swish-gated-linear-unit", args) {
  const auto input = args.in<float>("input");
  const auto output = args.out<float>("output");
  const auto half = static_cast<std::size_t>(args.scalar_int("N")) / 2;
  judge::reference::parallel_for(half, [&](std::size_t i) {
    const double a = input[i];
    const double b = input[half + i];
    double silu;
    if (a >= 0.0) {
      silu = a / (1.0 + std::exp(-a));
    } else {
      const double e = std::exp(a);
      silu = a * e / (1.0 + e);
    }
    output[i] = static_cast<float>(silu * b);
  });
}
